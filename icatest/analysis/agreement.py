"""Agreement statistics for judge calibration: plain functions on sequences and arrays.

F1 is scikit-learn's, Spearman's rho, the exact McNemar test and the bootstrap are SciPy's (both
are dependencies of the package); this module adds the conventions below and the inputs our
callers have (any hashable labels, a positive class to name). Three are computed here, each
checked against a library to 1e-9 in tests/calibration/test_agreement_stats.py:

* Cohen's kappa: `sklearn.metrics.cohen_kappa_score` gives the same number, but validates its
  input on every call (about 1.8 ms against 0.19 ms here, 100 items); a bootstrap interval calls
  kappa a thousand times per row, so `icatest kpi agreement` would take about ten times longer.
* Fleiss' kappa and Krippendorff's alpha: statsmodels and the `krippendorff` package give the
  same numbers, but neither is a dependency of the package (only of its tests).

Conventions: undefined statistics (no variance, no positives, zero expected disagreement) return
``nan`` rather than raising, so a table with one degenerate row still renders.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Literal

import numpy as np
from scipy import stats
from sklearn.metrics import f1_score

from icatest.analysis.agreement_alpha import krippendorff_alpha

__all__ = [
    "binary_f1",
    "bootstrap_ci",
    "cohen_kappa",
    "exact_agreement",
    "fleiss_kappa",
    "krippendorff_alpha",
    "mcnemar",
    "spearman_rho",
    "within_one",
]

KappaWeights = Literal["linear", "quadratic"] | None


def _pair(a: Sequence[Any], b: Sequence[Any]) -> tuple[np.ndarray, np.ndarray]:
    x, y = np.asarray(a), np.asarray(b)
    if x.shape != y.shape or x.ndim != 1:
        raise ValueError(f"expected two 1-d sequences of equal length, got {x.shape} and {y.shape}")
    if x.size == 0:
        raise ValueError("no paired observations")
    return x, y


def cohen_kappa(
    a: Sequence[Hashable],
    b: Sequence[Hashable],
    weights: KappaWeights = None,
    *,
    labels: Sequence[Hashable] | None = None,
) -> float:
    """Cohen's kappa between two raters, optionally linear or quadratic weighted.

    Weights are computed on the *positions* of the categories in ``labels`` (default: the sorted
    union of observed values), exactly like ``sklearn.metrics.cohen_kappa_score``. Pass the full
    scale as ``labels`` (e.g. ``[0, 1, 2]``) so an unused middle category still counts as a step.
    Returns ``nan`` when expected disagreement is zero (both raters constant on the same value).
    """
    x, y = _pair(a, b)
    cats = list(labels) if labels is not None else sorted(set(x.tolist()) | set(y.tolist()))
    index = {c: i for i, c in enumerate(cats)}
    k = len(cats)
    observed = np.zeros((k, k))
    for u, v in zip(x.tolist(), y.tolist(), strict=True):
        if u in index and v in index:
            observed[index[u], index[v]] += 1
    if observed.sum() == 0:
        return math.nan
    expected = np.outer(observed.sum(axis=1), observed.sum(axis=0)) / observed.sum()
    i, j = np.indices((k, k))
    if weights is None:
        w = (i != j).astype(float)
    elif weights == "linear":
        w = np.abs(i - j).astype(float)
    elif weights == "quadratic":
        w = ((i - j) ** 2).astype(float)
    else:
        raise ValueError(f"weights must be None, 'linear' or 'quadratic', not {weights!r}")
    denominator = float((w * expected).sum())
    if denominator == 0:
        return math.nan
    return 1.0 - float((w * observed).sum()) / denominator


def fleiss_kappa(ratings: Any, *, counts: bool = False) -> float:
    """Fleiss' kappa for many raters on categorical items.

    ``ratings`` is items x raters (each cell a category), or with ``counts=True`` an
    items x categories table of how many raters chose each category (statsmodels' input).
    Every item must have the same number of ratings.
    """
    table = _category_counts(ratings) if not counts else np.asarray(ratings, dtype=float)
    if table.ndim != 2 or table.shape[0] == 0:
        raise ValueError("fleiss_kappa needs a non-empty 2-d table")
    per_item = table.sum(axis=1)
    n = per_item[0]
    if not np.allclose(per_item, n) or n < 2:
        raise ValueError("every item needs the same number (>= 2) of ratings")
    p_cat = table.sum(axis=0) / table.sum()
    p_item = ((table**2).sum(axis=1) - n) / (n * (n - 1))
    p_bar, p_e = float(p_item.mean()), float((p_cat**2).sum())
    if p_e == 1.0:
        return math.nan
    return (p_bar - p_e) / (1.0 - p_e)


def _category_counts(ratings: Any) -> np.ndarray:
    rows = [list(r) for r in ratings]
    cats = sorted({v for r in rows for v in r})
    index = {c: i for i, c in enumerate(cats)}
    table = np.zeros((len(rows), len(cats)))
    for i, row in enumerate(rows):
        for v in row:
            table[i, index[v]] += 1
    return table


def spearman_rho(a: Sequence[float], b: Sequence[float]) -> float:
    """Spearman's rank correlation (average ranks for ties); ``nan`` if either side is constant."""
    x, y = _pair(a, b)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", stats.ConstantInputWarning)
        return float(stats.spearmanr(x.astype(float), y.astype(float)).statistic)


def binary_f1(y_true: Sequence[Any], y_pred: Sequence[Any], positive: Any = 1) -> float:
    """F1 of the ``positive`` class (2TP / (2TP + FP + FN)); ``nan`` when neither side has one."""
    t, p = _pair(y_true, y_pred)
    return float(f1_score(t == positive, p == positive, zero_division=np.nan))


def exact_agreement(a: Sequence[Any], b: Sequence[Any]) -> float:
    """Share of items on which both raters gave the same value."""
    x, y = _pair(a, b)
    return float(np.mean(x == y))


def within_one(a: Sequence[float], b: Sequence[float]) -> float:
    """Share of items whose two scores differ by at most one scale point."""
    x, y = _pair(a, b)
    return float(np.mean(np.abs(x.astype(float) - y.astype(float)) <= 1))


def mcnemar(correct_a: Sequence[bool], correct_b: Sequence[bool], exact: bool = True) -> float:
    """Two-sided p-value of McNemar's test on paired right/wrong outcomes of two classifiers.

    Only discordant pairs matter: b = A right and B wrong, c = A wrong and B right. ``exact``
    is SciPy's two-sided binomial test of b in b + c at 0.5; otherwise chi-square with continuity
    correction, (|b - c| - 1)^2 / (b + c) on one degree of freedom. No discordant pair gives 1.0.
    """
    x, y = _pair(correct_a, correct_b)
    xa, ya = x.astype(bool), y.astype(bool)
    b = int(np.sum(xa & ~ya))
    c = int(np.sum(~xa & ya))
    if b + c == 0:
        return 1.0
    if exact:
        return float(stats.binomtest(b, b + c, 0.5).pvalue)
    statistic = (abs(b - c) - 1) ** 2 / (b + c)
    return float(stats.chi2.sf(statistic, 1))


def bootstrap_ci(
    stat_fn: Callable[..., float],
    *arrays: Sequence[Any],
    n_resamples: int = 1000,
    confidence: float = 0.95,
    rng_seed: int = 0,
) -> tuple[float, float]:
    """Percentile bootstrap interval of ``stat_fn(*arrays)`` resampling items (rows) jointly.

    The arrays are paired: each resample draws the same item indices from all of them, so a
    kappa between two raters keeps its pairs (`scipy.stats.bootstrap` draws the indices, as
    with ``paired=True``; rows of a 2-d array, e.g. items x raters, stay whole).
    Resamples where the statistic is undefined (``nan``) are dropped before the percentiles are
    taken (SciPy's own interval would be ``nan``); if all are undefined it is ``(nan, nan)``.
    """
    if not arrays:
        raise ValueError("bootstrap_ci needs at least one array")
    if not 0 < confidence < 1:
        raise ValueError("confidence must lie strictly between 0 and 1")
    data = [np.asarray(a) for a in arrays]
    n = len(data[0])
    if n == 0 or any(len(d) != n for d in data):
        raise ValueError("arrays must be non-empty and of equal length")
    if n_resamples < 0:
        raise ValueError("n_resamples must not be negative")
    if n_resamples == 0:
        return (math.nan, math.nan)
    if n == 1:  # every resample is the one item (SciPy asks for two)
        values = np.full(n_resamples, stat_fn(*data), dtype=float)
    else:
        with warnings.catch_warnings():  # a degenerate resample is dropped below, not reported
            warnings.simplefilter("ignore")
            values = stats.bootstrap(  # resamples item indices; the rows are ours to pick
                (np.arange(n),),
                lambda idx: stat_fn(*(d[idx] for d in data)),
                vectorized=False,
                n_resamples=n_resamples,
                method="percentile",
                random_state=np.random.default_rng(rng_seed),
            ).bootstrap_distribution
    values = values[~np.isnan(values)]
    if values.size == 0:
        return (math.nan, math.nan)
    tail = (1.0 - confidence) / 2.0 * 100.0
    low, high = np.percentile(values, [tail, 100.0 - tail])
    return (float(low), float(high))
