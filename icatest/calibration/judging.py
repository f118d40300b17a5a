"""Build the judge callables for re-judging from model strings (single judges or ensembles)."""

from __future__ import annotations

from icatest.calibration.ensemble import (
    ConversationJudgeFn,
    EnsembleConversationJudge,
    EnsembleTurnJudge,
    TurnJudgeFn,
    member_roles,
)
from icatest.errors import ConfigError
from icatest.llm.gateway import ModelGateway, ModelSpec

TURN_ROLE = "turn_judge"
CONVERSATION_ROLE = "conversation_judge"


def _models(text: str) -> list[str]:
    models = [m.strip() for m in text.split(",") if m.strip()]
    if not models:
        raise ConfigError("judge models", "empty model list")
    return models


def build_judges(
    turn_models: str, conversation_models: str
) -> tuple[ModelGateway, TurnJudgeFn, ConversationJudgeFn]:
    """A gateway with the judge roles bound, and the turn and conversation judge to call.

    A single model binds the usual role; a comma-separated odd list binds member roles
    (``turn_judge.1`` ...) and returns a majority-vote ensemble with the judge's signature.
    """
    from icatest.judges import judge_conversation, judge_turn

    roles: dict[str, ModelSpec] = {}
    turn_fn: TurnJudgeFn = judge_turn
    conversation_fn: ConversationJudgeFn = judge_conversation
    turn_list, conversation_list = _models(turn_models), _models(conversation_models)
    for option, models in (
        ("--turn-judge", turn_list),
        ("--conversation-judge", conversation_list),
    ):
        if len(models) % 2 == 0:
            raise ConfigError(
                option, f"an ensemble needs an odd number of judges, got {len(models)}"
            )
    if len(turn_list) == 1:
        roles[TURN_ROLE] = ModelSpec.parse(turn_list[0])
    else:
        members = member_roles(TURN_ROLE, turn_list)
        roles.update(members)
        turn_fn = EnsembleTurnJudge(judge_turn, tuple(members))
    if len(conversation_list) == 1:
        roles[CONVERSATION_ROLE] = ModelSpec.parse(conversation_list[0])
    else:
        members = member_roles(CONVERSATION_ROLE, conversation_list)
        roles.update(members)
        conversation_fn = EnsembleConversationJudge(judge_conversation, tuple(members))
    return ModelGateway(roles=roles), turn_fn, conversation_fn
