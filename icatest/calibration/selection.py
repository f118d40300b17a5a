"""Choosing the members of a judge ensemble by their agreement with gold labels.

The ensembles themselves (majority vote) live in `icatest.judges.ensemble`.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from statistics import fmean

from icatest.analysis.agreement import KappaWeights, cohen_kappa
from icatest.judges.ensemble import check_odd


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
    check_odd(k)
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
