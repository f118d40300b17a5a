"""The report's figures: metrics and clusters in, inline SVG out (no metric computed here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup

from icatest.analysis import svg


def cumulative_failures(metrics_by_run: Mapping[str, Mapping[str, Any]]) -> Markup:
    """Failing conversations over wall-clock time, one line per run (from records' ended_at)."""
    series = {
        name: [(p["t"], float(p["failing_conversations"])) for p in m.get("timeline", [])]
        for name, m in metrics_by_run.items()
    }
    if not any(series.values()):
        progress = {
            name: [(float(p["t"]), float(p.get("failures", 0))) for p in m.get("progress", [])]
            for name, m in metrics_by_run.items()
        }
        if any(progress.values()):
            return svg.line_chart(
                progress, "Cumulative failures (progress.jsonl)", "seconds", "failures"
            )
    return svg.line_chart(
        series, "Cumulative failing conversations over time", "seconds since run start",
        "failing conversations",
    )  # fmt: skip


def failure_type_bars(metrics_by_run: Mapping[str, Mapping[str, Any]]) -> Markup:
    """Prevalence (share of conversations) of each failure type, grouped by run."""
    types = sorted({t for m in metrics_by_run.values() for t in m.get("prevalence", {})})
    series = {
        name: [m.get("prevalence", {}).get(t, 0.0) for t in types]
        for name, m in metrics_by_run.items()
    }
    return svg.bar_chart(types, series, "Failure types (share of conversations)", "prevalence")


def success_scores(metrics_by_run: Mapping[str, Mapping[str, Any]]) -> Markup:
    values = {name: m.get("success_scores", []) for name, m in metrics_by_run.items()}
    if not any(values.values()):
        return svg.empty_chart("Success score distribution", "no scored conversations")
    return svg.histogram(values, "Success score distribution", "success score C")


def turn_positions(metrics_by_run: Mapping[str, Mapping[str, Any]]) -> Markup:
    """Failure events by turn index, grouped by run."""
    turns = sorted({int(t) for m in metrics_by_run.values() for t in m.get("failures_by_turn", {})})
    series = {
        name: [float(m.get("failures_by_turn", {}).get(str(t), 0)) for t in turns]
        for name, m in metrics_by_run.items()
    }
    return svg.bar_chart(
        [str(t) for t in turns], series, "Failures by turn", "failure events", "turn index"
    )


def cluster_projection(clusters: Mapping[str, Any] | None) -> Markup:
    """2-D PCA projection of failing conversations coloured by cluster."""
    if not clusters or not clusters.get("items"):
        return svg.empty_chart("Failure clusters (PCA)", "no clusters computed")
    names: Sequence[str] = [c["label"] for c in clusters["clusters"]]
    points = [(i["x"], i["y"], i["cluster"]) for i in clusters["items"]]
    return svg.scatter(points, names, "Failure clusters (PCA projection)")


def all_figures(
    metrics_by_run: Mapping[str, Mapping[str, Any]], clusters: Mapping[str, Any] | None
) -> list[tuple[str, Markup]]:
    return [
        ("Cumulative failures over time", cumulative_failures(metrics_by_run)),
        ("Failure types", failure_type_bars(metrics_by_run)),
        ("Success scores", success_scores(metrics_by_run)),
        ("Failure clusters", cluster_projection(clusters)),
        ("Failures by turn position", turn_positions(metrics_by_run)),
    ]
