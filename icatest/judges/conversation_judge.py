"""Tier two: score the whole conversation on the four dimensions (one model call)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from icatest.contracts.labels import Dimension, Role
from icatest.contracts.records import ConversationVerdict, DimensionScore
from icatest.judges.offline_conversation import offline_judge_conversation
from icatest.judges.protocol import ConversationContext
from icatest.judges.schema import ConversationJudgement
from icatest.llm.gateway import ModelGateway

ROLE = Role.CONVERSATION_JUDGE
TASK = "conversation_judge"


@dataclass(frozen=True)
class ModelConversationJudge:
    """The conversation judge bound to a gateway role (`conversation_judge` or a member's)."""

    role: str = ROLE

    async def __call__(
        self, gateway: ModelGateway, ctx: ConversationContext
    ) -> ConversationVerdict:
        variables: dict[str, Any] = {
            "scenario": ctx.scenario,
            "turns": ctx.turns,
            "targets": ctx.targets,
        }
        result = await gateway.structured(
            self.role, TASK, variables, ConversationJudgement, offline=offline_judge_conversation
        )
        judge = f"{result.model}/{TASK}@{result.prompt_version}"
        return to_conversation_verdict(result.value, result.raw, result.error, judge)


def to_conversation_verdict(
    value: ConversationJudgement | None, raw: str | None, error: str | None, judge: str
) -> ConversationVerdict:
    """All four dimensions, or an unscored verdict saying what was missing."""
    if value is None:
        return ConversationVerdict(scored=False, unscored_reason=error, raw_reply=raw, judge=judge)
    scores = {s.dimension: s for s in value.scores}
    missing = [d.value for d in Dimension if d not in scores]
    if missing:
        return ConversationVerdict(
            scored=False,
            unscored_reason=f"dimensions missing from the judge's answer: {', '.join(missing)}",
            raw_reply=raw,
            judge=judge,
        )
    return ConversationVerdict(
        scores=[
            DimensionScore(dimension=d, score=scores[d].score, rationale=scores[d].rationale)
            for d in Dimension
        ],
        raw_reply=raw,
        judge=judge,
    )
