"""Majority vote over an ensemble's judgements.

Only scored judgements vote; unscored ones are counted, never read as false. Yes/no KPIs: the
side with more than half of the scored votes wins; a tie (e.g. one yes, one no, one unscored) or
no scored vote at all is unscored. Likert KPIs: the value held by more than half of the scored
votes, otherwise the median (the lower median for an even count), so three judges saying
1, 2, 3 give 2.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass


@dataclass(frozen=True)
class Vote:
    value: bool | int | None
    n_scored: int
    n_unscored: int
    reason: str | None = None  # why the vote is unscored

    @property
    def scored(self) -> bool:
        return self.value is not None


def majority_vote(values: list[bool | int | None], *, likert: bool = False) -> Vote:
    scored = [v for v in values if v is not None]
    n_unscored = len(values) - len(scored)
    if not scored:
        return Vote(None, 0, n_unscored, "no judge could score it")
    if likert:
        return Vote(_likert(scored), len(scored), n_unscored)
    yes = sum(1 for v in scored if v)
    no = len(scored) - yes
    if yes == no:
        return Vote(None, len(scored), n_unscored, f"tie: {yes} yes, {no} no")
    return Vote(yes > no, len(scored), n_unscored)


def _likert(scored: list[bool | int]) -> int:
    values = [int(v) for v in scored]
    value, count = Counter(values).most_common(1)[0]
    if count * 2 > len(values):
        return value
    ordered = sorted(values)
    return ordered[(len(ordered) - 1) // 2]
