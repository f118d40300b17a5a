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

from icatest.analysis.agreement import bootstrap_ci

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
    low, high = bootstrap_ci(_ratio, g.tolist(), b.tolist(), n_resamples=resamples,
                             confidence=CONFIDENCE, rng_seed=rng_seed)
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
