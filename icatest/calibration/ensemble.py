"""Majority-vote judge ensembles and the selection of their members.

An ensemble has an odd number of members so that a full vote cannot tie; a tie is still possible
when some members are unscored, and is then resolved to the stricter verdict: the label is
present, the dimension gets the lower score, the target stays open. Members are judge roles
bound on the gateway (e.g. ``turn_judge.1``), so the ensemble takes the same arguments as the
single judge it replaces and works in campaigns and in rejudging alike.
"""

from __future__ import annotations

import asyncio
import math
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from statistics import fmean
from typing import Protocol

from icatest.analysis.agreement import KappaWeights, cohen_kappa
from icatest.contracts import (
    ConversationVerdict,
    DimensionScore,
    LabelFinding,
    Scenario,
    Target,
    TargetUpdate,
    TurnRecord,
    TurnVerdict,
)
from icatest.llm.gateway import ModelGateway, ModelSpec


class TurnJudgeFn(Protocol):
    """The call signature of `icatest.judges.judge_turn`."""

    async def __call__(
        self,
        gateway: ModelGateway,
        *,
        scenario: Scenario,
        turn: int,
        user: str,
        reply: str,
        addressed_targets: list[Target],
        history: list[TurnRecord],
        role: str = ...,
    ) -> TurnVerdict: ...


class ConversationJudgeFn(Protocol):
    """The call signature of `icatest.judges.judge_conversation`."""

    async def __call__(
        self,
        gateway: ModelGateway,
        *,
        scenario: Scenario,
        turns: list[TurnRecord],
        targets: list[Target],
        role: str = ...,
    ) -> ConversationVerdict: ...


def _check_odd(n: int) -> None:
    if n < 1 or n % 2 == 0:
        raise ValueError(f"an ensemble needs an odd number of judges, got {n}")


def member_roles(base_role: str, models: Sequence[str]) -> dict[str, ModelSpec]:
    """Gateway role bindings for ensemble members: ``{base_role}.1``, ``.2``, ..."""
    _check_odd(len(models))
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
    """Call like `judge_turn`: runs every member role concurrently and takes the majority."""

    judge_fn: TurnJudgeFn
    roles: tuple[str, ...]
    name: str = "ensemble"

    def __post_init__(self) -> None:
        _check_odd(len(self.roles))

    async def __call__(
        self,
        gateway: ModelGateway,
        *,
        scenario: Scenario,
        turn: int,
        user: str,
        reply: str,
        addressed_targets: list[Target],
        history: list[TurnRecord],
        role: str = "",
    ) -> TurnVerdict:
        """`role` is ignored: the members' roles are fixed when the ensemble is built."""
        verdicts = await asyncio.gather(
            *(
                self.judge_fn(
                    gateway,
                    scenario=scenario,
                    turn=turn,
                    user=user,
                    reply=reply,
                    addressed_targets=addressed_targets,
                    history=history,
                    role=r,
                )
                for r in self.roles
            )
        )
        return majority_turn_verdict(verdicts, _ensemble_name(self.name, verdicts))


@dataclass(frozen=True)
class EnsembleConversationJudge:
    """Call like `judge_conversation`: majority of the member roles per dimension."""

    judge_fn: ConversationJudgeFn
    roles: tuple[str, ...]
    name: str = "ensemble"

    def __post_init__(self) -> None:
        _check_odd(len(self.roles))

    async def __call__(
        self,
        gateway: ModelGateway,
        *,
        scenario: Scenario,
        turns: list[TurnRecord],
        targets: list[Target],
        role: str = "",
    ) -> ConversationVerdict:
        """`role` is ignored: the members' roles are fixed when the ensemble is built."""
        verdicts = await asyncio.gather(
            *(
                self.judge_fn(gateway, scenario=scenario, turns=turns, targets=targets, role=r)
                for r in self.roles
            )
        )
        return majority_conversation_verdict(verdicts, _ensemble_name(self.name, verdicts))


def _ensemble_name(name: str, verdicts: Sequence[TurnVerdict | ConversationVerdict]) -> str:
    return f"{name}[{', '.join(v.judge for v in verdicts)}]"


def select_judges(
    candidates_labels: Mapping[str, Mapping[Hashable, Hashable]],
    gold: Mapping[Hashable, Hashable],
    k: int = 3,
    *,
    weights: KappaWeights = None,
) -> list[tuple[str, float]]:
    """The `k` candidates with the highest aggregate agreement with `gold`, best first.

    Keys are items; a key that is a ``(dimension, item)`` tuple groups the items by dimension, and
    the aggregate is then the mean of the per-dimension Cohen's kappas, so a dimension with many
    items does not drown the others. Candidates without any shared item score ``nan`` and rank
    last; ties are broken by name so the choice is reproducible.
    """
    _check_odd(k)
    if k > len(candidates_labels):
        raise ValueError(f"asked for {k} judges but only {len(candidates_labels)} candidates")
    scored = [
        (name, aggregate_kappa(labels, gold, weights)) for name, labels in candidates_labels.items()
    ]
    scored.sort(key=_rank_key)
    return scored[:k]


def _rank_key(pair: tuple[str, float]) -> tuple[bool, float, str]:
    name, score = pair
    return (math.isnan(score), 0.0 if math.isnan(score) else -score, name)


def aggregate_kappa(
    labels: Mapping[Hashable, Hashable],
    gold: Mapping[Hashable, Hashable],
    weights: KappaWeights = None,
) -> float:
    """Mean per-dimension Cohen's kappa of `labels` against `gold` on their shared items."""
    groups: dict[Hashable, tuple[list[Hashable], list[Hashable]]] = {}
    for key, value in labels.items():
        if key not in gold:
            continue
        group = key[0] if isinstance(key, tuple) and len(key) == 2 else None
        truth, pred = groups.setdefault(group, ([], []))
        truth.append(gold[key])
        pred.append(value)
    kappas = [cohen_kappa(t, p, weights) for t, p in groups.values()]
    defined = [x for x in kappas if not math.isnan(x)]
    return fmean(defined) if defined else math.nan
