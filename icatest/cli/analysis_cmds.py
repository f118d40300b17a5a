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


def register(app: typer.Typer) -> None:
    """Add this module's commands to the main app."""
    app.command("report")(report)
    app.command("cluster")(cluster)
    app.command("export")(export)


def report(
    runs: list[Path] = RUNS_ARG,
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
) -> None:
    """Write metrics.json and report.html for one or two runs."""
    from icatest.analysis.workflow import write_report
    from icatest.cli.progress import stages

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
