"""Agreement figures for KPI judges, as the paper reports them, each with a 95 % interval.

Judge vs the annotators' majority, per rater and KPI: accuracy (exact agreement), Cohen's kappa
(linear weights for the Likert KPI), precision / recall / specificity / F1 of "yes" (undefined,
None, when their denominator is empty), and for
Likert the inverted MSE, 1 - MSE / 4 on the 1-3 scale (1 = perfect, 0 = every answer off by two).
Between annotators, per KPI: Fleiss' kappa (items every annotator labelled) and Krippendorff's
alpha (nominal; ordinal for Likert; missing labels allowed). The pre-check ablation is McNemar's
exact test on the ensemble with and without the filter. `rank_judges` orders candidate judges by
macro-averaged accuracy over the KPIs (ties: macro kappa), the way a judge is selected.

Intervals are percentile bootstraps over items (seeded, `resamples` draws); with a handful of
items they are wide, which is the point of showing them.

The statistics are the core's (`icatest.analysis.agreement`: accuracy, kappa, Fleiss, alpha,
McNemar, the bootstrap); defined here are only the KPI table's own: inverted MSE, and precision,
recall, specificity and F1 of "yes" as counts on arrays. scikit-learn gives the same F1 (the
core's `binary_f1`) but validates its input on every call, about a hundred times slower, and the
bootstrap calls each of them a thousand times per row.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
from pydantic import BaseModel, Field

from icatest.analysis.agreement import (
    bootstrap_ci,
    cohen_kappa,
    exact_agreement,
    fleiss_kappa,
    krippendorff_alpha,
    mcnemar,
)
from icatest.analysis.agreement_alpha import AlphaLevel
from icatest.locar.kpi.calibration import ENSEMBLE, ENSEMBLE_NO_PRECHECK, Pairs
from icatest.locar.kpi.golden import GoldenSet
from icatest.locar.kpi.kpis import KPIS, Kpi

Interval = tuple[float, float] | None


class AgreementRow(BaseModel):
    rater: str
    kpi: Kpi
    n: int = Field(description="items with a reference label and a value from this rater")
    unscored: int
    accuracy: float | None = None
    accuracy_ci: Interval = None
    kappa: float | None = None
    kappa_ci: Interval = None
    precision: float | None = None
    precision_ci: Interval = None
    recall: float | None = None
    recall_ci: Interval = None
    specificity: float | None = None
    specificity_ci: Interval = None
    f1_yes: float | None = None
    f1_ci: Interval = None
    inverted_mse: float | None = Field(default=None, description="Likert: 1 - MSE/4")
    inverted_mse_ci: Interval = None


class AnnotatorRow(BaseModel):
    kpi: Kpi
    annotators: int
    items: int = Field(description="items with at least two annotators")
    fleiss_kappa: float | None = None
    fleiss_ci: Interval = None
    krippendorff_alpha: float | None = None
    alpha_ci: Interval = None


class McNemar(BaseModel):
    n: int
    only_with_precheck_right: int
    only_without_right: int
    p_value: float


class RankRow(BaseModel):
    rank: int
    rater: str
    kpis: int
    macro_accuracy: float
    macro_kappa: float | None


def _clean(x: float | None) -> float | None:
    return None if x is None or math.isnan(x) else round(float(x), 3)


def _ci(fn: Callable[..., float], *arrays: Any, resamples: int) -> Interval:
    if resamples <= 0 or len(arrays[0]) < 2:
        return None
    low, high = bootstrap_ci(fn, *arrays, n_resamples=resamples)
    if math.isnan(low):
        return None
    return (round(low, 3), round(high, 3))


def _inverted_mse(a: np.ndarray, b: np.ndarray) -> float:
    return float(1.0 - np.mean((a.astype(float) - b.astype(float)) ** 2) / 4.0)


def agreement_table(pairs: Pairs, *, resamples: int = 1000) -> list[AgreementRow]:
    """One row per rater and KPI, KPIs in vocabulary order, ensemble rows first."""
    order = {k: i for i, k in enumerate(KPIS)}
    raters = sorted(pairs, key=lambda r: (not r.startswith(ENSEMBLE), r))
    return [
        judge_row(rater, kpi, pairs[rater][kpi], resamples=resamples)
        for rater in raters
        for kpi in sorted(pairs[rater], key=lambda k: order[k])
    ]


def judge_row(
    rater: str, kpi: Kpi, pairs: list[tuple[Any, Any]], *, resamples: int = 1000
) -> AgreementRow:
    scored = [(int(a), int(b)) for a, b in pairs if b is not None]
    row = AgreementRow(rater=rater, kpi=kpi, n=len(scored), unscored=len(pairs) - len(scored))
    if not scored:
        return row
    ref = np.array([a for a, _ in scored])
    val = np.array([b for _, b in scored])
    likert = KPIS[kpi].likert
    cats = [1, 2, 3] if likert else [0, 1]

    def kappa(a: np.ndarray, b: np.ndarray) -> float:
        return cohen_kappa(list(a), list(b), "linear" if likert else None, labels=cats)

    row.accuracy = _clean(exact_agreement(list(ref), list(val)))
    row.accuracy_ci = _ci(exact_agreement, ref, val, resamples=resamples)
    row.kappa = _clean(kappa(ref, val))
    row.kappa_ci = _ci(kappa, ref, val, resamples=resamples)
    if likert:
        row.inverted_mse = _clean(_inverted_mse(ref, val))
        row.inverted_mse_ci = _ci(_inverted_mse, ref, val, resamples=resamples)
        return row
    for name, fn in BINARY.items():
        setattr(row, name, _clean(fn(ref, val)))
        setattr(row, CI_FIELD[name], _ci(fn, ref, val, resamples=resamples))
    return row


def _ratio(num: float, den: float) -> float:
    return num / den if den else math.nan


def _precision(ref: np.ndarray, val: np.ndarray) -> float:
    return _ratio(np.sum((ref == 1) & (val == 1)), np.sum(val == 1))


def _recall(ref: np.ndarray, val: np.ndarray) -> float:
    return _ratio(np.sum((ref == 1) & (val == 1)), np.sum(ref == 1))


def _specificity(ref: np.ndarray, val: np.ndarray) -> float:
    return _ratio(np.sum((ref == 0) & (val == 0)), np.sum(ref == 0))


def _f1(ref: np.ndarray, val: np.ndarray) -> float:
    tp = np.sum((ref == 1) & (val == 1))
    return _ratio(2 * tp, 2 * tp + np.sum(ref != val))


BINARY: dict[str, Callable[[np.ndarray, np.ndarray], float]] = {
    "precision": _precision,
    "recall": _recall,
    "specificity": _specificity,
    "f1_yes": _f1,
}
CI_FIELD = {"precision": "precision_ci", "recall": "recall_ci", "specificity": "specificity_ci",
            "f1_yes": "f1_ci"}  # fmt: skip


def annotator_table(golden: GoldenSet, *, resamples: int = 1000) -> list[AnnotatorRow]:
    """Agreement between annotators per KPI (rows only where some item has two of them)."""
    ids = golden.annotator_ids()
    rows: list[AnnotatorRow] = []
    for kpi in KPIS:
        matrix: list[list[Any]] = []
        for item in golden.items:
            by = item.by_annotator(golden.default_annotator)
            labels = [by.get(who, {}).get(kpi) for who in ids]
            given = [v for v in labels if v is not None]
            if len(given) >= 2:
                matrix.append([None if v is None else int(v) for v in labels])
        if not matrix:
            continue
        rows.append(_annotator_row(kpi, ids, matrix, resamples))
    return rows


def _annotator_row(
    kpi: Kpi, ids: list[str], matrix: list[list[Any]], resamples: int
) -> AnnotatorRow:
    level: AlphaLevel = "ordinal" if KPIS[kpi].likert else "nominal"
    table = np.array(matrix, dtype=object)
    full = np.array([r for r in matrix if None not in r], dtype=int)

    def alpha(m: np.ndarray) -> float:
        return krippendorff_alpha(m.T.tolist(), level)

    def fleiss(m: np.ndarray) -> float:
        return fleiss_kappa(m)

    row = AnnotatorRow(kpi=kpi, annotators=len(ids), items=len(matrix))
    row.krippendorff_alpha = _clean(alpha(table))
    row.alpha_ci = _ci(alpha, table, resamples=resamples)
    if len(full):
        row.fleiss_kappa = _clean(fleiss(full))
        row.fleiss_ci = _ci(fleiss, full, resamples=resamples)
    return row


def precheck_mcnemar(pairs: Pairs) -> McNemar | None:
    """Ensemble with vs without the speech-level pre-check, on the same items."""
    with_pre = pairs.get(ENSEMBLE, {}).get(Kpi.SPEECH_LEVEL, [])
    without = pairs.get(ENSEMBLE_NO_PRECHECK, {}).get(Kpi.SPEECH_LEVEL, [])
    both = [
        (a[0] == a[1], b[0] == b[1])
        for a, b in zip(with_pre, without, strict=True)
        if a[1] is not None and b[1] is not None
    ]
    if not both:
        return None
    right_a = [x for x, _ in both]
    right_b = [y for _, y in both]
    return McNemar(
        n=len(both),
        only_with_precheck_right=sum(1 for x, y in both if x and not y),
        only_without_right=sum(1 for x, y in both if y and not x),
        p_value=round(mcnemar(right_a, right_b, exact=True), 4),
    )


def rank_judges(rows: list[AgreementRow]) -> list[RankRow]:
    """Single judges (not the ensemble rows) by macro accuracy over KPIs, then macro kappa."""
    by_rater: dict[str, list[AgreementRow]] = {}
    for row in rows:
        if not row.rater.startswith(ENSEMBLE) and row.accuracy is not None:
            by_rater.setdefault(row.rater, []).append(row)
    scored = []
    for rater, rs in by_rater.items():
        acc = float(np.mean([r.accuracy for r in rs if r.accuracy is not None]))
        kappas = [r.kappa for r in rs if r.kappa is not None]
        kap = float(np.mean(kappas)) if kappas else None
        scored.append((rater, len(rs), acc, kap))
    scored.sort(key=lambda t: (-t[2], -(t[3] if t[3] is not None else -2.0), t[0]))
    return [
        RankRow(rank=i + 1, rater=r, kpis=n, macro_accuracy=round(a, 3), macro_kappa=_clean(k))
        for i, (r, n, a, k) in enumerate(scored)
    ]
