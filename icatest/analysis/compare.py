"""Two runs side by side: every scalar metric of each, and the ratios that answer "did guidance
find more?" (run 1 / run 2; for an experiment run 1 is guided and run 2 the baseline)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SCALAR_METRICS = (
    "conversations",
    "failing_conversations",
    "assistant_error_conversations",
    "unscored_conversations",
    "partial_conversations",
    "failure_rate",
    "flagged_rate",
    "mean_success_score",
    "sd_success_score",
    "unique_failure_types_per_conversation",
    "share_with_3plus_types",
    "distinct_failure_types",
    "failure_events",
    "early_failure_share",
    "unique_failing_conversations",
    "duplicate_rate",
    "total_tokens",
    "cost_usd",
)
RATIO_METRICS = (
    "unique_failure_types_per_conversation",
    "failure_rate",
    "flagged_rate",
    "share_with_3plus_types",
    "unique_failing_conversations",
    "mean_success_score",
)


def ratio(a: float | None, b: float | None) -> float | None:
    """a / b, or None when undefined (missing value or b == 0)."""
    if a is None or b is None or b == 0:
        return None
    return a / b


def compare_metrics(
    first: Mapping[str, Any], second: Mapping[str, Any], names: tuple[str, str]
) -> dict[str, Any]:
    """Side-by-side table, ratios of headline metrics and per-type prevalence ratios."""
    side_by_side = {
        metric: {names[0]: first.get(metric), names[1]: second.get(metric)}
        for metric in SCALAR_METRICS
    }
    ratios = {metric: ratio(first.get(metric), second.get(metric)) for metric in RATIO_METRICS}
    types = sorted(set(first.get("prevalence", {})) | set(second.get("prevalence", {})))
    prevalence = {
        t: {
            names[0]: first.get("prevalence", {}).get(t, 0.0),
            names[1]: second.get("prevalence", {}).get(t, 0.0),
            "ratio": ratio(
                first.get("prevalence", {}).get(t, 0.0), second.get("prevalence", {}).get(t, 0.0)
            ),
        }
        for t in types
    }
    return {
        "runs": list(names),
        "side_by_side": side_by_side,
        "ratios": ratios,
        "prevalence": prevalence,
        "closing_note": closing_note(first, second, names),
    }


def closing_note(
    first: Mapping[str, Any], second: Mapping[str, Any], names: tuple[str, str]
) -> str:
    """One sentence with the headline ratio, stated in whichever direction the data says."""
    a = first.get("unique_failure_types_per_conversation")
    b = second.get("unique_failure_types_per_conversation")
    r = ratio(a, b)
    if a is None or b is None:
        return "Not enough conversations to compare unique failure types per conversation."
    if r is None:
        return (
            f"{names[0]} found {a:.2f} unique failure types per conversation; "
            f"{names[1]} found none, so the ratio is undefined."
        )
    more = "more" if r > 1 else ("fewer" if r < 1 else "as many")
    return (
        f"{names[0]} found {a:.2f} unique failure types per conversation vs {b:.2f} in "
        f"{names[1]}: {r:.2f}x ({more})."
    )
