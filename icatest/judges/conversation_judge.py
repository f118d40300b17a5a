"""Tier two: score the whole conversation on the four dimensions (one model call)."""

from __future__ import annotations

from typing import Any

from icatest.contracts.labels import Dimension
from icatest.contracts.records import ConversationVerdict, DimensionScore, Target, TurnRecord
from icatest.contracts.scenario import Scenario
from icatest.judges.offline_conversation import offline_judge_conversation
from icatest.judges.schema import ConversationJudgement
from icatest.llm.gateway import ModelGateway

ROLE = "conversation_judge"
TASK = "conversation_judge"


async def judge_conversation(
    gateway: ModelGateway,
    *,
    scenario: Scenario,
    turns: list[TurnRecord],
    targets: list[Target],
    role: str = ROLE,
) -> ConversationVerdict:
    variables: dict[str, Any] = {"scenario": scenario, "turns": turns, "targets": targets}
    result = await gateway.structured(
        role, TASK, variables, ConversationJudgement, offline=offline_judge_conversation
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
