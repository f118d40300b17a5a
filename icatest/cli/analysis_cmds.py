"""CLI commands: report, cluster, export (analysis of run directories).

Heavy imports (pandas, scikit-learn, sentence-transformers) happen inside the commands so that
`icatest --help` stays fast.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

RUNS_ARG = typer.Argument(
    ..., help="One or two run directories, or one experiment directory (guided/ + baseline/)."
)
REPORT_RUNS_ARG = typer.Argument(
    None,
    help="One or two run directories, one experiment directory (guided/ + baseline/), "
    "or three or more run directories: a study.",
)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the main app."""
    app.command("report")(report)
    app.command("cluster")(cluster)
    app.command("export")(export)


def report(
    runs: list[Path] = REPORT_RUNS_ARG,
    out: Path | None = typer.Option(None, "--out", help="Output folder (default: first run)."),
    model: str = typer.Option(
        "minilm",
        "--model",
        help="Embedding model: minilm, hashing, or a sentence-transformers path.",
    ),
    no_embed: bool = typer.Option(
        False, "--no-embed", help="Skip embeddings: no clusters, exact deduplication only."
    ),
    k_min: int = typer.Option(2, "--k-min"),
    k_max: int = typer.Option(8, "--k-max"),
    threshold: float = typer.Option(
        0.95, "--near-dup", help="Cosine similarity for near-duplicates."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print metrics.json to stdout."),
    calibration: Path | None = typer.Option(
        None, "--calibration", help="Add a section: `calibrate humans --out FILE` results."
    ),
    kpi: list[Path] = typer.Option(
        [], "--kpi", help="Add a section: KPI results (a `kpi run` folder); repeatable."
    ),
    study: Path | None = typer.Option(
        None, "--study", help="A study YAML (runs with labels): one report over all its runs."
    ),
    executor: str = typer.Option(
        "local", "--executor", help="Study summaries: local | dask (a LocalCluster or --scheduler)."
    ),
    scheduler: str | None = typer.Option(None, "--scheduler", help="tcp://HOST:PORT (dask)."),
    workers: int = typer.Option(2, "--workers", min=1, help="LocalCluster workers (dask)."),
) -> None:
    """Write metrics.json and report.html for one or two runs.

    Three or more run directories, or --study FILE, make a study: study.json and report.html with
    a row per run and the figures pooled over the runs and per backend."""
    from icatest.analysis.workflow import write_report
    from icatest.cli.progress import stages

    runs = runs or []
    if study is not None or len(runs) > 2:
        _study_report(runs, study, out, executor, scheduler, workers, as_json)
        return
    what = "metrics and the report" if no_embed else f"embeddings ({model}), clusters, the report"
    with stages(f"reading the runs; then {what}"):
        outputs = write_report(
            runs,
            out_dir=out,
            model=None if no_embed else model,
            k_min=k_min,
            k_max=k_max,
            threshold=threshold,
            extra_sections=_extra_sections(calibration, kpi),
        )
    _print_outputs(outputs, as_json)


def _study_report(
    runs: list[Path],
    spec: Path | None,
    out: Path | None,
    executor: str,
    scheduler: str | None,
    workers: int,
    as_json: bool,
) -> None:
    from icatest.analysis.study import (
        StudyExecutor,
        load_study,
        study_of_dirs,
        study_summary_lines,
        write_study,
    )
    from icatest.cli.progress import stages
    from icatest.errors import IcatestError

    if spec is not None and runs:
        raise IcatestError("give a study YAML (--study) or run directories, not both")
    if executor not in ("local", "dask"):
        raise IcatestError(f"--executor: {executor!r} is not one of local, dask")
    chosen: StudyExecutor = "dask" if executor == "dask" else "local"
    study = load_study(spec) if spec is not None else study_of_dirs(runs)
    with stages(f"summarising {len(study.runs)} runs ({executor}), then the study report"):
        outputs = write_study(study, out_dir=out, executor=chosen,
                              scheduler=scheduler, workers=workers)  # fmt: skip
    if as_json:
        typer.echo(json.dumps(outputs.metrics, indent=2))
        return
    for line in study_summary_lines(outputs.metrics):
        typer.echo(line)
    for path in outputs.files:
        typer.echo(f"wrote {path}")


def _extra_sections(calibration: Path | None, kpi: list[Path]) -> list[tuple[str, str]]:
    """Sections other features render (their fragments escape their own data)."""
    sections: list[tuple[str, str]] = []
    if calibration is not None:
        from icatest.calibration.humans import CalibrationResults
        from icatest.calibration.render import calibration_section
        from icatest.config.loading import load_model

        results = load_model(calibration, CalibrationResults)
        sections.append(("Judge calibration against people", calibration_section(results)))
    if kpi:
        from icatest.locar.kpi.report import kpi_section
        from icatest.locar.kpi.run import load_results

        sections.append(("LoCar KPIs", kpi_section([load_results(p) for p in kpi])))
    return sections


def _print_outputs(outputs: Any, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps(outputs.metrics, indent=2, default=str))
        return
    for name, m in outputs.metrics["metrics"].items():
        typer.echo(_summary_line(name, m))
    comparison = outputs.metrics.get("comparison")
    if comparison:
        typer.echo(comparison["closing_note"])
    for path in outputs.files:
        typer.echo(f"wrote {path}")


def cluster(
    runs: list[Path] = RUNS_ARG,
    out: Path | None = typer.Option(None, "--out", help="Output folder (default: first run)."),
    model: str = typer.Option("minilm", "--model", help="Embedding model name or path."),
    k_min: int = typer.Option(2, "--k-min"),
    k_max: int = typer.Option(8, "--k-max"),
    as_json: bool = typer.Option(False, "--json", help="Print clusters.json to stdout."),
) -> None:
    """Cluster failing conversations by embedding; writes clusters.json."""
    from icatest.analysis.workflow import write_clusters
    from icatest.cli.progress import stages

    with stages(f"embedding the failing turns ({model}; the first run loads the model)"):
        outputs = write_clusters(runs, out_dir=out, model=model, k_min=k_min, k_max=k_max)
    result = outputs.metrics
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    sil = result["silhouette"]
    typer.echo(
        f"k={result['k']} silhouette={'n/a' if sil is None else f'{sil:.3f}'} "
        f"items={result['n_items']} model={result['model']}"
    )
    for c in result["clusters"]:
        typer.echo(f"  [{c['id']}] {c['size']:3d}  {c['label']}")
    for run, share in result["cluster_coverage"].items():
        typer.echo(f"coverage {run}: {'n/a' if share is None else f'{share:.2f}'}")
    typer.echo(f"wrote {outputs.files[0]}")


def export(
    run: Path = typer.Argument(..., help="Run directory (or published-format log folder)."),
    fmt: str = typer.Option("csv", "--format", help="csv, parquet or jsonl"),
    out: Path | None = typer.Option(None, "--out", help="Output folder (default: RUN/export)."),
) -> None:
    """Export conversations, turns and failures tables."""
    from icatest.analysis.export import export_run
    from icatest.analysis.run import load_run

    for path in export_run(load_run(run), out or run / "export", fmt):
        typer.echo(f"wrote {path}")


def _summary_line(name: str, m: dict[str, Any]) -> str:
    rate = m["failure_rate"]
    uft = m["unique_failure_types_per_conversation"]
    return (
        f"{name}: {m['conversations']} conversations, {m['failing_conversations']} failing"
        f" ({'n/a' if rate is None else f'{rate:.1%}'}; "
        f"{m.get('assistant_error_conversations', 0)} by assistant errors), "
        f"{'n/a' if uft is None else f'{uft:.2f}'} failure types/conversation, "
        f"{m['unscored_conversations']} unscored, {m['partial_conversations']} partial, "
        f"{m['flagged_conversations']} with a finding"
    )
