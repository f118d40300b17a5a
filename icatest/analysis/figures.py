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
                progress, "Cumulative failures (progress.jsonl)", "seconds since run start",
                "failures",
            )  # fmt: skip
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


def discovery(metrics_by_run: Mapping[str, Mapping[str, Any]]) -> Markup:
    """Cumulative distinct failure types over wall-clock time: how fast each run finds new kinds."""
    series = {
        name: [(p["t"], float(p["unique_failure_types"])) for p in m.get("timeline", [])]
        for name, m in metrics_by_run.items()
    }
    return svg.line_chart(
        series, "Distinct failure types discovered over time", "seconds since run start",
        "distinct failure types",
    )  # fmt: skip


def turn_positions(metrics_by_run: Mapping[str, Mapping[str, Any]]) -> Markup:
    """Share of the conversations that reached each turn which failed at that turn, by run."""
    shares = {name: m.get("failure_share_by_turn", {}) for name, m in metrics_by_run.items()}
    turns = sorted({int(t) for s in shares.values() for t in s})
    series = {name: [float(s.get(str(t), 0.0)) for t in turns] for name, s in shares.items()}
    return svg.bar_chart(
        [str(t) for t in turns], series,
        "Failures by turn (share of the conversations that reached the turn)",
        "share failing at this turn", "turn index",
    )  # fmt: skip


def cluster_projection(clusters: Mapping[str, Any] | None, run_names: Sequence[str]) -> Markup:
    """2-D PCA projection of failing conversations: colour = cluster, shape = arm/run."""
    if not clusters or not clusters.get("items"):
        return svg.empty_chart("Failure clusters (PCA)", "no clusters computed")
    colours = [f"cluster {c['id']}: {c['label']}" for c in clusters["clusters"]]
    shape_of = {name: i for i, name in enumerate(run_names)}
    points = [(i["x"], i["y"], i["cluster"], shape_of.get(i["run"], 0)) for i in clusters["items"]]
    return svg.scatter(
        points, colours, list(run_names), "Failure clusters (PCA projection)",
        "first principal component of the embeddings", "second principal component",
    )  # fmt: skip


FIGURE_CAPTIONS = (
    "Cumulative failures over time",
    "Failure types discovered over time",
    "Failure types",
    "Success scores",
    "Failure clusters",
    "Failures by turn position",
)


def pass_hat_k_curve(metrics_by_run: Mapping[str, Mapping[str, Any]]) -> Markup | None:
    """pass^k for k = 1..K, grouped by run; None when no run repeated its scenarios."""
    curves = {n: m.get("pass_hat_k") or {} for n, m in metrics_by_run.items()}
    k_max = max((int(k) for c in curves.values() for k in c), default=0)
    if k_max < 2:
        return None
    ks = [str(k) for k in range(1, k_max + 1)]
    series = {name: [float(c.get(k) or 0.0) for k in ks] for name, c in curves.items()}
    return svg.bar_chart([f"k={k}" for k in ks], series, "pass^k over trials", "pass^k")


def all_figures(
    metrics_by_run: Mapping[str, Mapping[str, Any]], clusters: Mapping[str, Any] | None
) -> list[tuple[str, Markup]]:
    charts = [
        cumulative_failures(metrics_by_run),
        discovery(metrics_by_run),
        failure_type_bars(metrics_by_run),
        success_scores(metrics_by_run),
        cluster_projection(clusters, list(metrics_by_run)),
        turn_positions(metrics_by_run),
    ]
    return list(zip(FIGURE_CAPTIONS, charts, strict=True))
