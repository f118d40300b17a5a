"""Two-tier judge: turn labels and target statuses, then the four conversation dimensions.

The plug-in point is `protocol` (context objects and Protocols), and `checks` for the turn checks
extensions register (`register_turn_check`); `bind_roles` turns model strings into the judges a
conversation uses (conversations bind through `icatest.engine.plan.ConversationPlan`).
"""

from icatest.judges.checks import register_turn_check, registered_turn_checks
from icatest.judges.conversation_judge import ModelConversationJudge
from icatest.judges.ensemble import (
    EnsembleConversationJudge,
    EnsembleTurnJudge,
    majority_conversation_verdict,
    majority_turn_verdict,
)
from icatest.judges.final_turn import ModelFinalTurnJudge
from icatest.judges.protocol import (
    ConversationContext,
    ConversationJudge,
    FinalTurnJudge,
    TurnCheck,
    TurnContext,
    TurnJudge,
)
from icatest.judges.rules.judge import RulesTurnJudge
from icatest.judges.setup import Judges, RoleBinding, bind_roles
from icatest.judges.turn_judge import ModelTurnJudge

__all__ = [
    "ConversationContext",
    "ConversationJudge",
    "EnsembleConversationJudge",
    "EnsembleTurnJudge",
    "FinalTurnJudge",
    "Judges",
    "ModelConversationJudge",
    "ModelFinalTurnJudge",
    "ModelTurnJudge",
    "RoleBinding",
    "RulesTurnJudge",
    "TurnCheck",
    "TurnContext",
    "TurnJudge",
    "bind_roles",
    "majority_conversation_verdict",
    "majority_turn_verdict",
    "register_turn_check",
    "registered_turn_checks",
]
