"""The last turn of a conversation that uses its whole turn budget: one call judges the turn and
the whole conversation, so a guided conversation costs two model calls per turn (simulator and
turn judge) and nothing more. The engine uses it only when `Judges.final_turn` is set (the role
binder does so when both judge roles are the same single model; see icatest.judges.setup).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field

from icatest.contracts.labels import TargetStatus
from icatest.contracts.records import (
    ConversationVerdict,
    LabelFinding,
    TurnRecord,
    TurnVerdict,
)
from icatest.judges.conversation_judge import to_conversation_verdict
from icatest.judges.offline_conversation import offline_judge_conversation
from icatest.judges.offline_turn import offline_judge_turn
from icatest.judges.protocol import TurnCheck, TurnContext
from icatest.judges.schema import ConversationJudgement, TurnJudgement
from icatest.judges.turn_judge import ROLE, to_turn_verdict, turn_variables
from icatest.llm.gateway import ModelGateway

TASK = "final_turn_judge"


class FinalJudgement(BaseModel):
    """The last turn's labels and target statuses, and the whole conversation's four scores."""

    turn: TurnJudgement = Field(description="judgement of the last assistant turn")
    conversation: ConversationJudgement = Field(description="the four conversation dimensions")


@dataclass(frozen=True)
class ModelFinalTurnJudge:
    """The combined judge on the turn judge's role (`final_turn_judge` prompt)."""

    role: str = ROLE
    checks: tuple[TurnCheck, ...] = ()

    async def __call__(
        self, gateway: ModelGateway, ctx: TurnContext
    ) -> tuple[TurnVerdict, ConversationVerdict]:
        variables = turn_variables(ctx)
        variables.update(turns=ctx.history, targets=ctx.targets)
        result = await gateway.structured(
            self.role, TASK, variables, FinalJudgement, offline=_offline_final
        )
        judge = f"{result.model}/{TASK}@{result.prompt_version}"
        value = result.value
        turn_verdict = to_turn_verdict(
            value.turn if value else None, result.raw, result.error, judge, ctx, self.checks
        )
        conversation = to_conversation_verdict(
            value.conversation if value else None, result.raw, result.error, judge
        )
        return turn_verdict, conversation


def _offline_final(variables: dict[str, Any]) -> FinalJudgement:
    """The offline turn judge, then the offline rubric over every turn including this one."""
    turn = offline_judge_turn(variables)
    this = TurnRecord(
        turn_number=variables["turn"],
        user=variables["user"],
        system=variables["reply"],
        evaluation=TurnVerdict(
            findings=[
                LabelFinding(label=f.label, rationale=f.rationale, target_ids=f.target_ids)
                for f in turn.findings
            ]
        ),
    )
    done = {u.target_id for u in turn.target_updates if u.status == TargetStatus.COMPLETED}
    targets = [
        t.model_copy(update={"status": TargetStatus.COMPLETED})
        if t.id in done and t.status == TargetStatus.OPEN
        else t
        for t in variables["targets"]
    ]
    conversation = offline_judge_conversation(
        {**variables, "turns": [*variables["turns"], this], "targets": targets}
    )
    return FinalJudgement(turn=turn, conversation=conversation)
