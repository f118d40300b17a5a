"""Agreement statistics against reference implementations and textbook examples."""

from __future__ import annotations

import math

import krippendorff
import numpy as np
import pytest
from scipy import stats
from sklearn.metrics import cohen_kappa_score, f1_score
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar
from statsmodels.stats.inter_rater import aggregate_raters
from statsmodels.stats.inter_rater import fleiss_kappa as sm_fleiss

from icatest.analysis.agreement import (
    binary_f1,
    bootstrap_ci,
    cohen_kappa,
    exact_agreement,
    fleiss_kappa,
    krippendorff_alpha,
    mcnemar,
    spearman_rho,
    within_one,
)

TOL = 1e-9
SEEDS = range(25)


def _ratings(rng: np.random.Generator, n: int, k: int) -> tuple[np.ndarray, np.ndarray]:
    a = rng.integers(0, k, n)
    noise = rng.integers(-1, 2, n) * (rng.random(n) < 0.4)
    return a, np.clip(a + noise, 0, k - 1)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("weights", [None, "linear", "quadratic"])
def test_cohen_kappa_matches_sklearn(seed: int, weights: str | None) -> None:
    rng = np.random.default_rng(seed)
    a, b = _ratings(rng, int(rng.integers(5, 200)), int(rng.integers(2, 6)))
    if len(set(a) | set(b)) < 2:
        pytest.skip("degenerate draw")
    expected = cohen_kappa_score(a, b, weights=weights)
    assert cohen_kappa(a, b, weights=weights) == pytest.approx(expected, abs=TOL)  # type: ignore[arg-type]


def test_cohen_kappa_labels_keep_unused_categories() -> None:
    a, b = [0, 2, 2, 0, 2], [0, 2, 0, 0, 2]
    with_scale = cohen_kappa(a, b, "linear", labels=[0, 1, 2])
    assert with_scale == pytest.approx(cohen_kappa_score(a, b, weights="linear", labels=[0, 1, 2]))
    assert math.isnan(cohen_kappa([1, 1], [1, 1]))  # no disagreement possible


@pytest.mark.parametrize("seed", SEEDS)
def test_fleiss_kappa_matches_statsmodels(seed: int) -> None:
    rng = np.random.default_rng(seed)
    truth = rng.integers(0, 4, 60)
    ratings = np.stack(
        [np.where(rng.random(60) < 0.6, truth, rng.integers(0, 4, 60)) for _ in range(5)], axis=1
    )
    table, _ = aggregate_raters(ratings)
    assert fleiss_kappa(ratings) == pytest.approx(sm_fleiss(table), abs=TOL)
    assert fleiss_kappa(table, counts=True) == pytest.approx(sm_fleiss(table), abs=TOL)


def test_fleiss_kappa_textbook_example() -> None:
    """Fleiss' kappa worked example (10 subjects, 14 raters, 5 categories): 0.210."""
    table = [
        [0, 0, 0, 0, 14],
        [0, 2, 6, 4, 2],
        [0, 0, 3, 5, 6],
        [0, 3, 9, 2, 0],
        [2, 2, 8, 1, 1],
        [7, 7, 0, 0, 0],
        [3, 2, 6, 3, 0],
        [2, 5, 3, 2, 2],
        [6, 5, 2, 1, 0],
        [0, 2, 2, 3, 7],
    ]
    assert fleiss_kappa(table, counts=True) == pytest.approx(0.20993, abs=5e-5)


KRIPPENDORFF_EXAMPLE = [  # Krippendorff (2011), reliability data with 4 observers, 12 units
    [1, 2, 3, 3, 2, 1, 4, 1, 2, None, None, None],
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, None, 3],
    [None, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, None],
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, None],
]


@pytest.mark.parametrize(
    ("level", "expected"), [("nominal", 0.743), ("ordinal", 0.815), ("interval", 0.849)]
)
def test_krippendorff_textbook_example(level: str, expected: float) -> None:
    assert krippendorff_alpha(KRIPPENDORFF_EXAMPLE, level) == pytest.approx(expected, abs=5e-4)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("level", ["nominal", "ordinal", "interval"])
def test_krippendorff_matches_package(seed: int, level: str) -> None:
    rng = np.random.default_rng(seed)
    raters, items = int(rng.integers(2, 6)), int(rng.integers(5, 80))
    truth = rng.integers(0, 5, items)
    data = np.stack(
        [np.where(rng.random(items) < 0.7, truth, rng.integers(0, 5, items)) for _ in range(raters)]
    ).astype(float)
    data[rng.random(data.shape) < 0.2] = np.nan
    expected = krippendorff.alpha(reliability_data=data, level_of_measurement=level)
    ours = krippendorff_alpha(data, level)  # type: ignore[arg-type]
    if math.isnan(expected):
        assert math.isnan(ours)
    else:
        assert ours == pytest.approx(expected, abs=TOL)


def test_krippendorff_accepts_none_and_strings() -> None:
    data = [["a", "b", None, "a"], ["a", "b", "b", None]]
    numeric = [[0, 1, None, 0], [0, 1, 1, None]]
    assert krippendorff_alpha(data) == pytest.approx(krippendorff_alpha(numeric))


@pytest.mark.parametrize("seed", SEEDS)
def test_spearman_matches_scipy(seed: int) -> None:
    rng = np.random.default_rng(seed)
    a, b = _ratings(rng, int(rng.integers(5, 150)), 5)
    b = b + rng.random(len(b)) * (seed % 2)  # half the draws without ties in b
    expected = stats.spearmanr(a, b).statistic
    assert spearman_rho(a, b) == pytest.approx(expected, abs=TOL)


@pytest.mark.parametrize("seed", SEEDS)
def test_binary_f1_matches_sklearn(seed: int) -> None:
    rng = np.random.default_rng(seed)
    t = rng.integers(0, 2, 100)
    p = np.where(rng.random(100) < 0.7, t, 1 - t)
    for positive in (0, 1):
        assert binary_f1(t, p, positive) == pytest.approx(
            f1_score(t, p, pos_label=positive), abs=TOL
        )
    labels_t = np.where(t == 1, "fail", "pass")
    labels_p = np.where(p == 1, "fail", "pass")
    assert binary_f1(labels_t, labels_p, "fail") == pytest.approx(binary_f1(t, p, 1))


def test_exact_and_within_one() -> None:
    assert exact_agreement([0, 1, 2, 2], [0, 1, 1, 0]) == 0.5
    assert within_one([0, 1, 2, 2], [0, 1, 1, 0]) == 0.75
    with pytest.raises(ValueError):
        within_one([1, 2], [1])


@pytest.mark.parametrize("seed", SEEDS)
def test_mcnemar_matches_statsmodels_and_scipy(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(10, 120))
    a = rng.random(n) < 0.7
    b = np.where(rng.random(n) < 0.8, a, rng.random(n) < 0.5)
    table = [[np.sum(a & b), np.sum(a & ~b)], [np.sum(~a & b), np.sum(~a & ~b)]]
    disc_b, disc_c = int(table[0][1]), int(table[1][0])
    if disc_b + disc_c == 0:
        assert mcnemar(a, b) == 1.0
        return
    exact = sm_mcnemar(table, exact=True).pvalue
    assert mcnemar(a, b, exact=True) == pytest.approx(exact, abs=TOL)
    binom = stats.binomtest(disc_b, disc_b + disc_c, 0.5).pvalue
    assert mcnemar(a, b, exact=True) == pytest.approx(binom, abs=TOL)
    chi = sm_mcnemar(table, exact=False, correction=True).pvalue
    assert mcnemar(a, b, exact=False) == pytest.approx(chi, abs=TOL)


def test_bootstrap_ci_is_deterministic_and_brackets_the_estimate() -> None:
    rng = np.random.default_rng(3)
    a, b = _ratings(rng, 300, 3)
    low, high = bootstrap_ci(cohen_kappa, a, b, n_resamples=300, rng_seed=7)
    assert (low, high) == bootstrap_ci(cohen_kappa, a, b, n_resamples=300, rng_seed=7)
    assert low < cohen_kappa(a, b) < high
    narrow = bootstrap_ci(cohen_kappa, a, b, n_resamples=300, confidence=0.5, rng_seed=7)
    assert low <= narrow[0] <= narrow[1] <= high


def test_bootstrap_ci_coverage_of_a_mean() -> None:
    """A 90 % interval for a normal mean should cover the truth in roughly 90 % of samples."""
    rng = np.random.default_rng(11)
    hits = 0
    for i in range(150):
        x = rng.normal(0.0, 1.0, 60)
        low, high = bootstrap_ci(np.mean, x, n_resamples=200, confidence=0.9, rng_seed=i)
        hits += low <= 0.0 <= high
    assert 0.8 <= hits / 150 <= 0.97


# The statistics that now come from scikit-learn and SciPy, against the textbook formulas they
# replaced (kept here as the independent reference, to the same 1e-9).


def _f1_by_hand(t: np.ndarray, p: np.ndarray, positive: object) -> float:
    tp = int(np.sum((t == positive) & (p == positive)))
    fp = int(np.sum((t != positive) & (p == positive)))
    fn = int(np.sum((t == positive) & (p != positive)))
    return math.nan if 2 * tp + fp + fn == 0 else 2 * tp / (2 * tp + fp + fn)


def _spearman_by_hand(a: np.ndarray, b: np.ndarray) -> float:
    rx, ry = stats.rankdata(a.astype(float)), stats.rankdata(b.astype(float))
    dx, dy = rx - rx.mean(), ry - ry.mean()
    denominator = math.sqrt(float((dx**2).sum()) * float((dy**2).sum()))
    return math.nan if denominator == 0 else float((dx * dy).sum()) / denominator


def _bootstrap_by_hand(
    stat_fn, *arrays, n_resamples: int, confidence: float = 0.95, rng_seed: int = 0
) -> tuple[float, float]:
    data = [np.asarray(a) for a in arrays]
    n = len(data[0])
    rng = np.random.default_rng(rng_seed)
    values = np.empty(n_resamples)
    for r in range(n_resamples):
        idx = rng.integers(0, n, n)
        values[r] = stat_fn(*(d[idx] for d in data))
    values = values[~np.isnan(values)]
    if values.size == 0:
        return (math.nan, math.nan)
    tail = (1.0 - confidence) / 2.0 * 100.0
    low, high = np.percentile(values, [tail, 100.0 - tail])
    return (float(low), float(high))


@pytest.mark.parametrize("seed", SEEDS)
def test_library_statistics_match_the_textbook_formulas(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 120))
    t = rng.integers(0, 3, n)
    p = np.where(rng.random(n) < 0.6, t, rng.integers(0, 3, n))
    for positive in (0, 1, 2, 7):  # 7: on neither side, undefined
        ours, hand = binary_f1(t, p, positive), _f1_by_hand(t, p, positive)
        assert (math.isnan(ours) and math.isnan(hand)) or ours == pytest.approx(hand, abs=TOL)
    b = p + rng.random(n) * (seed % 2)
    assert spearman_rho(t, b) == pytest.approx(_spearman_by_hand(t, b), abs=TOL, nan_ok=True)
    right_a, right_b = t == 1, p == 1
    disc_b, disc_c = int(np.sum(right_a & ~right_b)), int(np.sum(~right_a & right_b))
    if disc_b + disc_c:
        binom = min(1.0, 2.0 * stats.binom.cdf(min(disc_b, disc_c), disc_b + disc_c, 0.5))
        assert mcnemar(right_a, right_b) == pytest.approx(binom, abs=TOL)


@pytest.mark.parametrize("seed", range(10))
def test_bootstrap_draws_the_same_resamples_as_the_loop_it_replaced(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n, draws = int(rng.integers(2, 40)), int(rng.integers(20, 200))
    a = rng.integers(0, 3, n)
    b = np.where(rng.random(n) < 0.6, a, rng.integers(0, 3, n))
    for fn in (cohen_kappa, exact_agreement):  # kappa is nan on some small resamples: dropped
        ours = bootstrap_ci(fn, a, b, n_resamples=draws, confidence=0.9, rng_seed=seed)
        hand = _bootstrap_by_hand(fn, a, b, n_resamples=draws, confidence=0.9, rng_seed=seed)
        assert ours == pytest.approx(hand, abs=TOL, nan_ok=True)


def test_bootstrap_edges() -> None:
    assert bootstrap_ci(np.mean, [4.0], n_resamples=5) == (4.0, 4.0)  # one item
    assert all(math.isnan(v) for v in bootstrap_ci(np.mean, [1.0, 2.0], n_resamples=0))
    assert all(math.isnan(v) for v in bootstrap_ci(cohen_kappa, [1, 1], [1, 1], n_resamples=9))
    with pytest.raises(ValueError, match="negative"):
        bootstrap_ci(np.mean, [1.0, 2.0], n_resamples=-1)


def test_bootstrap_resamples_rows_of_a_table() -> None:
    """An items x raters table is resampled by item: each draw keeps a row whole."""
    rng = np.random.default_rng(5)
    truth = rng.integers(0, 3, 40)
    table = np.stack(
        [np.where(rng.random(40) < 0.7, truth, rng.integers(0, 3, 40)) for _ in "abc"], 1
    )
    ours = bootstrap_ci(fleiss_kappa, table, n_resamples=80, rng_seed=2)
    assert ours == pytest.approx(
        _bootstrap_by_hand(fleiss_kappa, table, n_resamples=80, rng_seed=2), abs=TOL
    )
