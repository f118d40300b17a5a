"""metrics.json holds the summary a person, `compare` or a CI step reads; what grows with the
number of conversations (one value or point per conversation) goes to metrics_details.json.

Both files together hold exactly what `build_metrics` computed: `join_details` puts them back.
"""

from __future__ import annotations

import copy
from typing import Any

METRICS = "metrics.json"
DETAILS = "metrics_details.json"
# per run: one entry per conversation (scores, timeline points), per duplicate group, per point
RUN_DETAILS = ("success_scores", "duplicate_groups", "timeline", "progress")
CLUSTER_DETAILS = ("items",)  # one per clustered conversation, with its 2-D coordinates


def split_details(result: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(summary for metrics.json, details for metrics_details.json); `result` is not changed."""
    summary = {k: v for k, v in result.items() if k not in ("metrics", "clusters")}
    details: dict[str, Any] = {"metrics": {}, "clusters": None}
    summary["metrics"] = {}
    for name, metrics in (result.get("metrics") or {}).items():
        summary["metrics"][name] = {k: v for k, v in metrics.items() if k not in RUN_DETAILS}
        details["metrics"][name] = {k: metrics[k] for k in RUN_DETAILS if k in metrics}
    clusters = result.get("clusters")
    if clusters is not None:
        summary["clusters"] = {k: v for k, v in clusters.items() if k not in CLUSTER_DETAILS}
        details["clusters"] = {k: clusters[k] for k in CLUSTER_DETAILS if k in clusters}
    else:
        summary["clusters"] = None
    summary["details"] = DETAILS
    return summary, details


def join_details(summary: dict[str, Any], details: dict[str, Any]) -> dict[str, Any]:
    """The full result again (what the report and the notebook draw from)."""
    full = copy.deepcopy(summary)
    full.pop("details", None)
    for name, extra in (details.get("metrics") or {}).items():
        full.setdefault("metrics", {}).setdefault(name, {}).update(extra)
    if full.get("clusters") is not None and details.get("clusters"):
        full["clusters"].update(details["clusters"])
    return full
