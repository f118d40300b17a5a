"""Krippendorff's alpha: agreement for any number of raters with missing ratings.

Kept apart from `agreement` because the coincidence-matrix bookkeeping is longer than the other
statistics together. Follows Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability".
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable
from typing import Any, Literal

import numpy as np

AlphaLevel = Literal["nominal", "ordinal", "interval"]


def _missing(value: Any) -> bool:
    if value is None:
        return True
    try:
        return bool(np.isnan(value))
    except (TypeError, ValueError):
        return False


def _units(data: Any) -> list[list[Hashable]]:
    """Pairable values per unit (item): columns of the raters x items table, missing dropped."""
    rows = [list(r) for r in data]
    if not rows:
        raise ValueError("krippendorff_alpha needs at least one rater")
    width = len(rows[0])
    if any(len(r) != width for r in rows):
        raise ValueError("every rater row must cover the same items (use None for missing)")
    units = []
    for j in range(width):
        values = [r[j] for r in rows if not _missing(r[j])]
        if len(values) >= 2:
            units.append([v.item() if isinstance(v, np.generic) else v for v in values])
    return units


def _coincidences(units: list[list[Hashable]], domain: list[Hashable]) -> np.ndarray:
    index = {v: i for i, v in enumerate(domain)}
    o = np.zeros((len(domain), len(domain)))
    for values in units:
        m = len(values)
        counts = Counter(values)
        for c, n_c in counts.items():
            for k, n_k in counts.items():
                pairs = n_c * (n_c - 1) if c == k else n_c * n_k
                o[index[c], index[k]] += pairs / (m - 1)
    return o


def _distances(domain: list[Hashable], marginals: np.ndarray, level: AlphaLevel) -> np.ndarray:
    k = len(domain)
    if level == "nominal":
        return 1.0 - np.eye(k)
    if level == "interval":
        values = np.asarray(domain, dtype=float)
        return (values[:, None] - values[None, :]) ** 2
    if level == "ordinal":
        cumulative = np.concatenate([[0.0], np.cumsum(marginals)])
        d = np.zeros((k, k))
        for c in range(k):
            for e in range(k):
                lo, hi = min(c, e), max(c, e)
                between = cumulative[hi + 1] - cumulative[lo]
                d[c, e] = (between - (marginals[c] + marginals[e]) / 2.0) ** 2
        return d
    raise ValueError(f"level must be 'nominal', 'ordinal' or 'interval', not {level!r}")


def krippendorff_alpha(data: Any, level: AlphaLevel = "nominal") -> float:
    """Krippendorff's alpha of a raters x items table; ``None``/``NaN`` cells are missing.

    Items with fewer than two ratings are not pairable and are ignored. Ordinal and interval
    levels need orderable (numeric) values. Returns ``nan`` when there is no expected
    disagreement (a single value overall) or no pairable item.
    """
    units = _units(data)
    if not units:
        return math.nan
    domain = sorted({v for values in units for v in values})  # type: ignore[type-var]
    o = _coincidences(units, domain)
    marginals = o.sum(axis=1)
    n = marginals.sum()
    delta = _distances(domain, marginals, level)
    expected = float((np.outer(marginals, marginals) * delta).sum())
    if expected == 0:
        return math.nan
    return 1.0 - (n - 1.0) * float((o * delta).sum()) / expected
