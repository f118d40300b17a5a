"""Tier two: score the whole conversation on the four dimensions (one model call)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from icatest.contracts.labels import Dimension, Role
from icatest.contracts.records import ConversationVerdict, DimensionScore
from icatest.judges.offline_conversation import offline_judge_conversation
from icatest.judges.protocol import ConversationContext
from icatest.judges.rubric import ConversationJudgement, count
from icatest.judges.turn_judge import reply_cap
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
            "situation": ctx.scenario.context.situation(),
            "turns": ctx.turns,
            "targets": ctx.targets,
            "reply_cap": reply_cap(ctx.turns),
        }
        result = await gateway.structured(
            self.role, TASK, variables, ConversationJudgement, offline=offline_judge_conversation
        )
        judge = f"{result.model}/{TASK}@{result.prompt_version}"
        return to_conversation_verdict(result.value, result.raw, result.error, judge)


def to_conversation_verdict(
    value: ConversationJudgement | None, raw: str | None, error: str | None, judge: str
) -> ConversationVerdict:
    """The four scores computed from the items the judge counted (never asked for directly);
    the items and counts are kept as `cot_details`."""
    if value is None:
        return ConversationVerdict(scored=False, unscored_reason=error, raw_reply=raw, judge=judge)
    counts = count(value)
    scores, why = counts.scores(), counts.explain()
    return ConversationVerdict(
        scores=[
            DimensionScore(
                dimension=d,
                score=scores[d],
                rationale=f"{why[d]}. {value.rationales.get(d, '')}".strip(),
            )
            for d in Dimension
        ],
        raw_reply=raw,
        judge=judge,
        cot_details={**value.model_dump(mode="json"), "counts": counts.model_dump()},
    )
