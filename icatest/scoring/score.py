"""Success score C of one conversation (DESIGN.md), reproduced on the 37 published logs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from icatest.contracts.labels import Dimension

DEFAULT_THRESHOLD = 0.75
DIMENSIONS: tuple[str, ...] = tuple(d.value for d in Dimension)


def target_completion(target_statuses: Sequence[int]) -> float:
    """Share of targets completed; dropped targets (-1) stay in the denominator."""
    if not target_statuses:
        return 0.0
    return sum(1 for s in target_statuses if s == 1) / len(target_statuses)


def success_score(
    dimension_scores: Mapping[str, int],
    target_statuses: Sequence[int],
    *,
    dimension_weights: Mapping[str, float] | None = None,
    target_weight: float = 1.0,
) -> float:
    """C = (Σ w_d·s_d/2 + w_t·T) / (Σ w_d + w_t), dimensions scored 0..2."""
    weights = dict(dimension_weights) if dimension_weights is not None else {}
    numerator = 0.0
    denominator = 0.0
    for name, score in dimension_scores.items():
        if not 0 <= score <= 2:
            raise ValueError(f"dimension {name!r} score {score} is outside 0..2")
        w = weights.get(name, 1.0)
        numerator += w * score / 2
        denominator += w
    numerator += target_weight * target_completion(target_statuses)
    denominator += target_weight
    if denominator <= 0:
        raise ValueError("weights sum to zero")
    return numerator / denominator


def passes(c: float, threshold: float = DEFAULT_THRESHOLD) -> bool:
    return c >= threshold
