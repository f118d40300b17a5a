"""Judge-versus-human agreement per dimension or failure label, next to human-human baselines.

For every dimension of a label table:

* ``kind``: ``binary`` (values within {0, 1}), ``ordinal`` (other numbers) or ``nominal`` (text).
* judge vs humans: the mean over humans of the pairwise statistic between the judge and that
  human (kappa quadratic-weighted for ordinal, plain otherwise; Spearman rho; F1 of the positive
  class; exact and within-one agreement) and the same against the per-item majority of humans
  (items whose humans tie are left out and counted).
* human baseline: the mean over human pairs of the same statistics, each human against the
  majority of the *other* humans, and Krippendorff's alpha among humans.

F1 needs a positive class: 1 for binary labels (the label is present); for ordinal scores a
rating passes when it reaches the pass threshold (default: the smallest scale value above the
scale's midpoint, i.e. 2 on 0-2 and 3 on 0-4) and "pass" is the positive class.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations
from statistics import fmean
from typing import Literal

from pydantic import BaseModel, Field

from icatest.analysis.agreement import (
    KappaWeights,
    binary_f1,
    cohen_kappa,
    exact_agreement,
    krippendorff_alpha,
    spearman_rho,
    within_one,
)
from icatest.analysis.agreement_alpha import AlphaLevel
from icatest.calibration.labels import LabelTable, Value

Kind = Literal["binary", "ordinal", "nominal"]
Pairs = tuple[list[Value], list[Value]]


class PairStats(BaseModel):
    """Agreement of one rater (or the mean of several pairs) with another."""

    kappa: float | None = None
    rho: float | None = None
    f1: float | None = None
    exact: float | None = None
    within_one: float | None = None
    n: int = Field(0, description="items compared (for means: the smallest pair)")


class DimensionAgreement(BaseModel):
    dimension: str
    kind: Kind
    scale: list[Value]
    pass_threshold: float | None = None
    n_items: int
    humans: list[str]
    judge: str | None = None
    judge_vs_humans: PairStats | None = None
    judge_vs_majority: PairStats | None = None
    majority_ties: int = Field(0, description="items left out of the majority: humans tied")
    human_pairwise: PairStats | None = None
    human_vs_rest: PairStats | None = None
    human_alpha: float | None = None


class CalibrationResults(BaseModel):
    """What `icatest calibrate humans` computes; the JSON output and the HTML section read it."""

    source: str
    judge: str | None
    annotators: list[str]
    dimensions: list[DimensionAgreement]


def _clean(x: float) -> float | None:
    return None if math.isnan(x) else float(x)


def _kind(scale: Sequence[Value]) -> Kind:
    if any(isinstance(v, str) for v in scale):
        return "nominal"
    return "binary" if set(scale) <= {0.0, 1.0} else "ordinal"


def default_pass_threshold(scale: Sequence[float]) -> float:
    """Smallest scale value strictly above the midpoint of the scale (2 on 0-2, 3 on 0-4)."""
    midpoint = (min(scale) + max(scale)) / 2
    above = [v for v in scale if v > midpoint]
    return min(above) if above else max(scale)


class _Comparer:
    """Pairwise statistics for one dimension, configured once by kind and scale."""

    def __init__(self, kind: Kind, scale: list[Value], threshold: float | None) -> None:
        self.kind, self.scale, self.threshold = kind, scale, threshold

    def _f1(self, truth: list[Value], pred: list[Value]) -> float:
        if self.kind == "binary":
            return binary_f1(truth, pred, positive=1.0)
        if self.kind == "ordinal" and self.threshold is not None:
            t = [float(v) >= self.threshold for v in truth]  # type: ignore[arg-type]
            p = [float(v) >= self.threshold for v in pred]  # type: ignore[arg-type]
            return binary_f1(t, p, positive=True)
        return math.nan

    def compare(self, truth: list[Value], pred: list[Value]) -> PairStats:
        if len(truth) < 2:
            return PairStats(n=len(truth))
        weights: KappaWeights = "quadratic" if self.kind == "ordinal" else None
        numeric = self.kind != "nominal"  # within-one only means something on a scale
        return PairStats(
            kappa=_clean(cohen_kappa(truth, pred, weights, labels=self.scale)),
            rho=_clean(spearman_rho(truth, pred)) if numeric else None,  # type: ignore[arg-type]
            f1=_clean(self._f1(truth, pred)),
            exact=exact_agreement(truth, pred),
            within_one=within_one(truth, pred) if self.kind == "ordinal" else None,  # type: ignore[arg-type]
            n=len(truth),
        )


def _mean_stats(stats: list[PairStats]) -> PairStats | None:
    if not stats:
        return None

    def avg(get: Callable[[PairStats], float | None]) -> float | None:
        values = [v for v in map(get, stats) if v is not None]
        return fmean(values) if values else None

    return PairStats(
        kappa=avg(lambda s: s.kappa),
        rho=avg(lambda s: s.rho),
        f1=avg(lambda s: s.f1),
        exact=avg(lambda s: s.exact),
        within_one=avg(lambda s: s.within_one),
        n=min(s.n for s in stats),
    )


def majority(values: Sequence[Value]) -> Value | None:
    """The most frequent value, or None when the top count is shared."""
    if not values:
        return None
    top = Counter(values).most_common()
    if len(top) > 1 and top[0][1] == top[1][1]:
        return None
    return top[0][0]


def _paired(items: dict[str, dict[str, Value]], a: str, b: str) -> Pairs:
    both = [r for r in items.values() if a in r and b in r]
    return [r[a] for r in both], [r[b] for r in both]


def _vs_majority(
    items: dict[str, dict[str, Value]], rater: str, others: list[str]
) -> tuple[Pairs, int]:
    truth: list[Value] = []
    pred: list[Value] = []
    ties = 0
    for ratings in items.values():
        votes = [ratings[h] for h in others if h in ratings]
        if rater not in ratings or not votes:
            continue
        winner = majority(votes)
        if winner is None:
            ties += 1
            continue
        truth.append(winner)
        pred.append(ratings[rater])
    return (truth, pred), ties


def _alpha(items: dict[str, dict[str, Value]], humans: list[str], kind: Kind) -> float | None:
    if len(humans) < 2:
        return None
    data = [[items[i].get(h) for i in items] for h in humans]
    level: AlphaLevel = "ordinal" if kind == "ordinal" else "nominal"
    return _clean(krippendorff_alpha(data, level))


def analyse_dimension(
    dimension: str,
    items: dict[str, dict[str, Value]],
    judge: str | None,
    pass_threshold: float | None = None,
) -> DimensionAgreement:
    """All statistics for one dimension (items -> annotator -> value)."""
    scale = sorted({v for r in items.values() for v in r.values()}, key=lambda v: (str(type(v)), v))
    kind = _kind(scale)
    threshold = None
    if kind == "ordinal":
        numeric = [float(v) for v in scale]  # type: ignore[arg-type]
        threshold = default_pass_threshold(numeric) if pass_threshold is None else pass_threshold
    comparer = _Comparer(kind, scale, threshold)
    annotators = list(dict.fromkeys(a for r in items.values() for a in r))
    humans = [a for a in annotators if a != judge]
    result = DimensionAgreement(
        dimension=dimension,
        kind=kind,
        scale=scale,
        pass_threshold=threshold,
        n_items=len(items),
        humans=humans,
        judge=judge if judge in annotators else None,
    )
    result.human_pairwise = _mean_stats(
        [comparer.compare(*_paired(items, a, b)) for a, b in combinations(humans, 2)]
    )
    if len(humans) >= 2:
        rest = [_vs_majority(items, h, [o for o in humans if o != h])[0] for h in humans]
        result.human_vs_rest = _mean_stats([comparer.compare(t, p) for t, p in rest])
    result.human_alpha = _alpha(items, humans, kind)
    if result.judge is not None:
        result.judge_vs_humans = _mean_stats(
            [comparer.compare(*_paired(items, h, result.judge)) for h in humans]
        )
        (truth, pred), result.majority_ties = _vs_majority(items, result.judge, humans)
        result.judge_vs_majority = comparer.compare(truth, pred) if humans else None
    return result


def analyse(
    table: LabelTable,
    *,
    judge: str | None = None,
    pass_threshold: float | None = None,
    source: str = "labels",
) -> CalibrationResults:
    """Per-dimension agreement of `judge` (one of the annotators) with the humans."""
    return CalibrationResults(
        source=source,
        judge=judge,
        annotators=table.annotators,
        dimensions=[
            analyse_dimension(d, items, judge, pass_threshold) for d, items in table.ratings.items()
        ],
    )
