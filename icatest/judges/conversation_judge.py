"""Tier two: score the whole conversation on the four dimensions (one model call)."""

from __future__ import annotations

from dataclasses import dataclass

from icatest.contracts.labels import Dimension, Role, TargetStatus
from icatest.contracts.records import (
    ConversationVerdict,
    DimensionScore,
    Target,
    route_running_since,
)
from icatest.judges.offline_conversation import offline_judge_conversation
from icatest.judges.protocol import ConversationContext
from icatest.judges.rubric import ConversationJudgement, count
from icatest.judges.turn_judge import reply_cap
from icatest.llm.gateway import ModelGateway
from icatest.llm.spec import PromptVariables

ROLE = Role.CONVERSATION_JUDGE
TASK = "conversation_judge"


@dataclass(frozen=True)
class Goal:
    """A goal as the conversation judge sees it: what the driver asked and said, never the
    status the turn judge gave it (the transcript is what it judges)."""

    id: str
    description: str
    introduced_turn: int
    constraints: list[str]
    constraint_turns: dict[str, int]
    given_up: bool  # the driver's act, said in the transcript

    @classmethod
    def of(cls, t: Target) -> Goal:
        return cls(
            id=t.id,
            description=t.description,
            introduced_turn=t.introduced_turn,
            constraints=list(t.constraints),
            constraint_turns={c: t.voiced_turn(c) for c in t.constraints},
            given_up=t.status == TargetStatus.DROPPED,
        )

    def voiced_turn(self, constraint: str) -> int:
        return self.constraint_turns.get(constraint, self.introduced_turn)


@dataclass(frozen=True)
class ModelConversationJudge:
    """The conversation judge bound to a gateway role (`conversation_judge` or a member's)."""

    role: str = ROLE

    async def __call__(
        self, gateway: ModelGateway, ctx: ConversationContext
    ) -> ConversationVerdict:
        variables: PromptVariables = {
            "scenario": ctx.scenario,
            "situation": ctx.scenario.context.situation(route_running_since(ctx.targets)),
            "turns": ctx.turns,
            "goals": [Goal.of(t) for t in ctx.targets],
            "reply_cap": reply_cap(ctx.turns),
        }

        def offline(_: PromptVariables) -> ConversationJudgement:
            # the offline rubric is built from the turn judge's labels and statuses by design
            return offline_judge_conversation(ctx.turns, ctx.targets)

        result = await gateway.structured(
            self.role, TASK, variables, ConversationJudgement, offline=offline
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
