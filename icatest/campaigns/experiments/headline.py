"""The headline of guided vs baseline with its uncertainty: the ratio of distinct failure types
per conversation, with a percentile bootstrap interval over scenarios.

Scenario i is the same seed in the same context in both arms (icatest.campaigns.sampler), so
the arms are paired by scenario: each resample draws scenarios with replacement and keeps both
arms' trials of a drawn scenario together (with `--trials K` the K trials of a scenario are
averaged first; they are not independent draws of the scenario population).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

METRIC = "unique_failure_types_per_conversation"
RESAMPLES = 2000
CONFIDENCE = 0.95
ScenarioKey = tuple[Any, ...]


def types_by_scenario(
    records: Iterable[Mapping[str, Any]], prefix: ScenarioKey = ()
) -> dict[ScenarioKey, list[int]]:
    """Distinct failure types of each conversation, grouped by (prefix, scenario_index)."""
    out: dict[ScenarioKey, list[int]] = {}
    for r in records:
        index = r.get("scenario_index")
        if isinstance(index, int):
            out.setdefault((*prefix, index), []).append(len(r.get("failure_turns") or {}))
    return out


def _ratio(guided: np.ndarray, baseline: np.ndarray) -> float:
    b = float(baseline.mean())
    return float(guided.mean()) / b if b else math.nan


def _percentile_interval(
    g: np.ndarray, b: np.ndarray, resamples: int, rng_seed: int
) -> tuple[float, float]:
    """Paired percentile bootstrap of the ratio. Resamples where the baseline found nothing
    (the ratio undefined) are dropped, as `icatest.analysis.agreement.bootstrap_ci` does (that
    one lives a floor above the campaigns; scipy's `bootstrap` turns one undefined resample
    into an undefined bound)."""
    rng = np.random.default_rng(rng_seed)
    idx = rng.integers(0, len(g), (resamples, len(g)))
    num, den = g[idx].mean(axis=1), b[idx].mean(axis=1)
    ratios = num[den > 0] / den[den > 0]
    if ratios.size == 0:
        return (math.nan, math.nan)
    tail = (1.0 - CONFIDENCE) / 2.0 * 100.0
    low, high = np.percentile(ratios, [tail, 100.0 - tail])
    return float(low), float(high)


def headline_interval(
    guided: Mapping[ScenarioKey, list[int]],
    baseline: Mapping[ScenarioKey, list[int]],
    *,
    resamples: int = RESAMPLES,
    rng_seed: int = 0,
) -> dict[str, Any] | None:
    """The guided / baseline ratio over the scenarios both arms ran, with its interval (None
    when fewer than two scenarios are shared)."""
    keys = sorted(set(guided) & set(baseline), key=repr)
    if len(keys) < 2:
        return None
    g = np.array([np.mean(guided[k]) for k in keys], dtype=float)
    b = np.array([np.mean(baseline[k]) for k in keys], dtype=float)
    point = _ratio(g, b)
    low, high = _percentile_interval(g, b, resamples, rng_seed)
    trials = max(len(v) for v in (*guided.values(), *baseline.values()))

    def clean(x: float) -> float | None:
        return None if math.isnan(x) else round(x, 4)

    return {
        "metric": METRIC,
        "ratio": clean(point),
        "low": clean(low),
        "high": clean(high),
        "confidence": CONFIDENCE,
        "scenarios": len(keys),
        "trials": trials,
        "resamples": resamples,
    }
