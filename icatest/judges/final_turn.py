"""The last turn of a conversation that uses its whole turn budget: one call judges the turn and
the whole conversation, so a guided conversation costs two model calls per turn (simulator and
turn judge) and nothing more. The engine uses it only when `Judges.final_turn` is set (the role
binder does so when both judge roles are the same single model; see icatest.judges.setup).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NoReturn

from pydantic import BaseModel, Field

from icatest.contracts.labels import TargetStatus
from icatest.contracts.records import ConversationVerdict, TurnRecord, TurnVerdict
from icatest.judges.conversation_judge import to_conversation_verdict
from icatest.judges.offline_conversation import offline_judge_conversation
from icatest.judges.protocol import TurnCheck, TurnContext
from icatest.judges.rules.judge import judge_context
from icatest.judges.schema import ConversationJudgement, TurnJudgement
from icatest.judges.turn_judge import ROLE, to_turn_verdict, turn_variables
from icatest.llm.gateway import ModelGateway
from icatest.llm.spec import PromptVariables

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
        if gateway.spec(self.role).is_offline:
            return await self._offline(gateway, ctx, variables)
        result = await gateway.structured(
            self.role, TASK, variables, FinalJudgement, offline=_no_offline
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

    async def _offline(
        self, gateway: ModelGateway, ctx: TurnContext, variables: PromptVariables
    ) -> tuple[TurnVerdict, ConversationVerdict]:
        """The rules judge on the turn, then the offline rubric over every turn including it."""
        turn = judge_context(ctx, self.checks)
        result = await gateway.structured(
            self.role, TASK, variables, ConversationJudgement,
            offline=lambda _: _offline_conversation(ctx, turn),
        )
        judge = f"{result.model}/{TASK}@{result.prompt_version}"
        return turn, to_conversation_verdict(result.value, result.raw, result.error, judge)


def _no_offline(variables: PromptVariables) -> NoReturn:
    raise AssertionError("an offline role is judged by `ModelFinalTurnJudge._offline`")


def _offline_conversation(ctx: TurnContext, turn: TurnVerdict) -> ConversationJudgement:
    this = TurnRecord(
        turn_number=ctx.turn,
        user=ctx.user,
        system=ctx.reply,
        evaluation=TurnVerdict(findings=list(turn.findings)),
    )
    done = {u.target_id for u in turn.target_updates if u.status == TargetStatus.COMPLETED}
    targets = [
        t.model_copy(update={"status": TargetStatus.COMPLETED})
        if t.id in done and t.status == TargetStatus.OPEN
        else t
        for t in ctx.targets
    ]
    return offline_judge_conversation([*ctx.history, this], targets)
