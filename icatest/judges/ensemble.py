"""Majority-vote judge ensembles.

An ensemble has an odd number of members so that a full vote cannot tie; a tie is still possible
when some members are unscored, and is then resolved to the stricter verdict: the label is
present, the dimension gets the lower score, the target stays open. An ensemble is itself a judge
(it satisfies the same Protocol as its members), so it works in campaigns and in re-judging alike.
Members are usually model judges on their own gateway roles (``turn_judge.1``, ``.2``, ...).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from icatest.contracts.records import (
    ConversationVerdict,
    DimensionScore,
    LabelFinding,
    TargetUpdate,
    TurnVerdict,
)
from icatest.judges.protocol import ConversationContext, ConversationJudge, TurnContext, TurnJudge
from icatest.llm.gateway import ModelGateway
from icatest.llm.spec import ModelSpec


def check_odd(n: int) -> None:
    if n < 1 or n % 2 == 0:
        raise ValueError(f"an ensemble needs an odd number of judges, got {n}")


def member_roles(base_role: str, models: Sequence[str]) -> dict[str, ModelSpec]:
    """Gateway role bindings for ensemble members: ``{base_role}.1``, ``.2``, ..."""
    check_odd(len(models))
    return {f"{base_role}.{i}": ModelSpec.parse(m) for i, m in enumerate(models, start=1)}


def _stricter_status(statuses: list[int]) -> int:
    counts = Counter(statuses).most_common()
    best = counts[0][1]
    tied = [s for s, c in counts if c == best]
    return tied[0] if len(tied) == 1 else (0 if 0 in tied else min(tied))


def majority_turn_verdict(verdicts: Sequence[TurnVerdict], judge: str = "ensemble") -> TurnVerdict:
    """Label present iff at least half of the scored members report it (ties: present)."""
    scored = [v for v in verdicts if v.scored]
    if not scored:
        reasons = "; ".join(v.unscored_reason or "unscored" for v in verdicts)
        return TurnVerdict(
            scored=False, unscored_reason=f"no member scored: {reasons}", judge=judge
        )
    findings: list[LabelFinding] = []
    votes = Counter(label for v in scored for label in set(v.labels))
    for label, count in votes.items():
        if 2 * count >= len(scored):
            voters = [f for v in scored for f in v.findings if f.label == label]
            targets = sorted({t for f in voters for t in f.target_ids})
            rationale = f"{count}/{len(scored)} judges: " + " | ".join(f.rationale for f in voters)
            findings.append(LabelFinding(label=label, rationale=rationale, target_ids=targets))
    per_target: dict[str, list[int]] = {}
    for v in scored:
        for u in v.target_updates:
            per_target.setdefault(u.target_id, []).append(u.status)
    updates = []
    for target_id, statuses in per_target.items():
        statuses += [0] * (len(scored) - len(statuses))  # silence means: still open
        updates.append(TargetUpdate(target_id=target_id, status=_stricter_status(statuses)))
    return TurnVerdict(findings=findings, target_updates=updates, judge=judge)


def majority_conversation_verdict(
    verdicts: Sequence[ConversationVerdict], judge: str = "ensemble"
) -> ConversationVerdict:
    """Per dimension the most frequent score of the scored members; ties take the lower."""
    scored = [v for v in verdicts if v.scored]
    if not scored:
        reasons = "; ".join(v.unscored_reason or "unscored" for v in verdicts)
        return ConversationVerdict(
            scored=False, unscored_reason=f"no member scored: {reasons}", judge=judge
        )
    dimensions = list(dict.fromkeys(s.dimension for v in scored for s in v.scores))
    scores = []
    for dimension in dimensions:
        given = [s for v in scored for s in v.scores if s.dimension == dimension]
        counts = Counter(s.score for s in given).most_common()
        top = min(score for score, c in counts if c == counts[0][1])
        rationale = " | ".join(s.rationale for s in given if s.score == top)
        scores.append(DimensionScore(dimension=dimension, score=top, rationale=rationale))
    return ConversationVerdict(scores=scores, judge=judge)


@dataclass(frozen=True)
class EnsembleTurnJudge:
    """A turn judge that asks every member concurrently and takes the majority."""

    members: tuple[TurnJudge, ...]
    name: str = "ensemble"

    def __post_init__(self) -> None:
        check_odd(len(self.members))

    async def __call__(self, gateway: ModelGateway, ctx: TurnContext) -> TurnVerdict:
        verdicts = await asyncio.gather(*(member(gateway, ctx) for member in self.members))
        return majority_turn_verdict(verdicts, _ensemble_name(self.name, verdicts))


@dataclass(frozen=True)
class EnsembleConversationJudge:
    """A conversation judge that takes the members' majority per dimension."""

    members: tuple[ConversationJudge, ...]
    name: str = "ensemble"

    def __post_init__(self) -> None:
        check_odd(len(self.members))

    async def __call__(
        self, gateway: ModelGateway, ctx: ConversationContext
    ) -> ConversationVerdict:
        verdicts = await asyncio.gather(*(member(gateway, ctx) for member in self.members))
        return majority_conversation_verdict(verdicts, _ensemble_name(self.name, verdicts))


def _ensemble_name(name: str, verdicts: Sequence[TurnVerdict | ConversationVerdict]) -> str:
    return f"{name}[{', '.join(v.judge for v in verdicts)}]"
