"""The `report` and `cluster` workflows: resolve inputs, compute, write files. No printing.

Input resolution: one or two run directories, or one experiment directory holding `guided/` and
`baseline/` (then run 1 = guided, run 2 = baseline, and outputs go to the experiment directory).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from icatest.analysis.clusters import cluster_runs
from icatest.analysis.compare import compare_metrics
from icatest.analysis.dedup import DEFAULT_NEAR_DUPLICATE_THRESHOLD
from icatest.analysis.details import DETAILS, split_details
from icatest.analysis.embedding import DEFAULT_MODEL, Embedder, resolve_embedder
from icatest.analysis.metrics import compute_metrics
from icatest.analysis.replay_section import replay_section
from icatest.analysis.report import ExtraSection, render_report
from icatest.analysis.run import Run, load_run
from icatest.analysis.voice import any_garbled, voice_section
from icatest.errors import IcatestError
from icatest.storage.rundir import write_clusters as write_clusters_file
from icatest.storage.rundir import write_metrics

EXPERIMENT_ARMS = ("guided", "baseline")


@dataclass
class Analysis:
    """What a report shows: the runs as read, and metrics.json's content computed from them."""

    runs: list[Run]
    result: dict[str, Any]  # runs, metrics (per run), comparison, clusters
    out_dir: Path  # where the report of these paths goes by default


def analyse(
    paths: Sequence[Path],
    *,
    model: str | None = DEFAULT_MODEL,
    embedder: Embedder | None = None,
    k_min: int = 2,
    k_max: int = 8,
    threshold: float = DEFAULT_NEAR_DUPLICATE_THRESHOLD,
) -> Analysis:
    """The one computation behind `icatest report` and the notebook: the same paths and
    options give the same figures (an experiment folder: both arms, clustered together)."""
    runs, default_out = resolve_runs(paths)
    if embedder is None and model is not None:
        embedder = resolve_embedder(model)
    result = build_metrics(runs, embedder=embedder, k_min=k_min, k_max=k_max, threshold=threshold)
    return Analysis(runs, result, default_out)


@dataclass
class ReportOutputs:
    out_dir: Path
    metrics: dict[str, Any]
    files: list[Path] = field(default_factory=list)


def resolve_runs(paths: Sequence[Path]) -> tuple[list[Run], Path]:
    """Load the runs named on the command line and pick the default output folder."""
    if not 1 <= len(paths) <= 2:
        raise IcatestError("give one or two run directories, or one experiment directory")
    if len(paths) == 1 and all((paths[0] / arm).is_dir() for arm in EXPERIMENT_ARMS):
        runs = [load_run(paths[0] / arm) for arm in EXPERIMENT_ARMS]
        for run, arm in zip(runs, EXPERIMENT_ARMS, strict=True):
            run.label = arm
        return runs, paths[0]
    runs = [load_run(p) for p in paths]
    if len(runs) == 2 and runs[0].name == runs[1].name:
        runs[0].label, runs[1].label = f"{runs[0].name} (1)", f"{runs[1].name} (2)"
    return runs, paths[0]


def report_title(paths: Sequence[Path]) -> str:
    """A run's folder name (not its run id); an experiment folder's name with its arms."""
    names = [Path(p).resolve().name for p in paths]
    if len(paths) == 1 and all((paths[0] / arm).is_dir() for arm in EXPERIMENT_ARMS):
        return f"{names[0]}: {' vs '.join(EXPERIMENT_ARMS)}"
    return " vs ".join(names)


def build_metrics(
    runs: Sequence[Run],
    *,
    embedder: Embedder | None,
    k_min: int = 2,
    k_max: int = 8,
    threshold: float = DEFAULT_NEAR_DUPLICATE_THRESHOLD,
) -> dict[str, Any]:
    """metrics.json content: per-run metrics, the comparison (two runs) and clusters."""
    clusters = None
    vectors: dict[str, Any] = {}
    if embedder is not None:
        clusters, vectors = cluster_runs(runs, embedder, k_min=k_min, k_max=k_max)
    per_run = {
        run.name: compute_metrics(
            run.scan.digests,
            start_time=run.start_time,
            progress=run.progress,
            vectors=vectors.get(run.name) if embedder is not None else None,
            near_duplicate_threshold=threshold,
        )
        | {"source": run.source, "path": str(run.path), "skipped_lines": run.skipped_lines}
        for run in runs
    }
    names = [r.name for r in runs]
    comparison = (
        compare_metrics(per_run[names[0]], per_run[names[1]], (names[0], names[1]))
        if len(runs) == 2
        else None
    )
    return {"runs": names, "metrics": per_run, "comparison": comparison, "clusters": clusters}


def write_report(
    paths: Sequence[Path],
    *,
    out_dir: Path | None = None,
    model: str | None = DEFAULT_MODEL,
    embedder: Embedder | None = None,
    k_min: int = 2,
    k_max: int = 8,
    threshold: float = DEFAULT_NEAR_DUPLICATE_THRESHOLD,
    extra_sections: Sequence[ExtraSection] = (),
) -> ReportOutputs:
    """Compute everything and write metrics.json (the summary), metrics_details.json (what
    grows with the conversations) and report.html. `model=None` skips embeddings."""
    analysis = analyse(paths, model=model, embedder=embedder, k_min=k_min, k_max=k_max,
                       threshold=threshold)  # fmt: skip
    runs, result = analysis.runs, analysis.result
    target = out_dir or analysis.out_dir
    target.mkdir(parents=True, exist_ok=True)
    summary, details = split_details(result)
    metrics_path = write_metrics(target, summary)  # checked against its model (rundir)
    details_path = target / DETAILS
    details_path.write_text(json.dumps(details, separators=(",", ":"), default=str) + "\n",
                            encoding="utf-8")  # fmt: skip
    replayed = [section for run in runs if (section := replay_section(run.path)) is not None]
    if any_garbled(result["metrics"]):  # a run heard through the asr or speech channel
        replayed.append(("Voice channel", voice_section(result["metrics"])))
    html = render_report(
        runs,
        result["metrics"],
        comparison=result["comparison"],
        clusters=result["clusters"],
        extra_sections=[*extra_sections, *replayed],
        title=report_title(paths),
    )
    report_path = target / "report.html"
    report_path.write_text(html, encoding="utf-8")
    return ReportOutputs(target, summary, [metrics_path, details_path, report_path])


def write_clusters(
    paths: Sequence[Path],
    *,
    out_dir: Path | None = None,
    model: str = DEFAULT_MODEL,
    embedder: Embedder | None = None,
    k_min: int = 2,
    k_max: int = 8,
) -> ReportOutputs:
    """Cluster failing conversations of the runs and write clusters.json."""
    runs, default_out = resolve_runs(paths)
    clusters, _ = cluster_runs(runs, embedder or resolve_embedder(model), k_min=k_min, k_max=k_max)
    target = out_dir or default_out
    target.mkdir(parents=True, exist_ok=True)
    path = write_clusters_file(target, clusters)  # checked against its model (rundir)
    return ReportOutputs(target, clusters, [path])
