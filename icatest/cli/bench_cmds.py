"""CLI commands: bench (performance figures of the campaign layer), bench scale (a study-sized
run: campaign memory, report time and memory, page size and load time)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import typer

bench_app = typer.Typer(
    invoke_without_command=True,
    help="Measure engine overhead per turn, scaling efficiency and model calls per turn; "
    "`bench scale`: memory, report time and page load of a study-sized run.",
)


@bench_app.callback()
def bench(
    ctx: typer.Context,
    as_json: bool = typer.Option(False, "--json", help="print the figures as JSON"),
    quick: bool = typer.Option(
        False, "--quick", help="fewer conversations, smaller concurrency sweep"
    ),
) -> None:
    """Measure engine overhead per turn, scaling efficiency and model calls per turn."""
    if ctx.invoked_subcommand is not None:
        return
    from icatest.bench.campaign import format_report, run_benchmarks
    from icatest.cli.progress import stages

    with stages("starting the benchmark (--quick: about a minute; full: several)") as say:
        figures = asyncio.run(run_benchmarks(quick=quick, say=say))
    if as_json:
        from icatest.contracts.documents import BenchFigures

        text = json.dumps(figures, indent=2)
        BenchFigures.model_validate_json(text)  # the shape `icatest schema bench` documents
        typer.echo(text)
        return
    typer.echo(format_report(figures))


@bench_app.command("scale")
def scale(
    conversations: int = typer.Option(10_000, "--conversations", min=1,
                                      help="conversations in the run the report reads"),
    campaign: int | None = typer.Option(
        None, "--campaign", min=1,
        help="conversations of the offline campaign whose memory is measured and whose records "
        "seed the run (default: --conversations, at most 1000)",
    ),
    grow: int = typer.Option(1000, "--grow", min=0,
                             help="conversations added before the second report (0: none)"),
    model: str = typer.Option("minilm", "--model", help="embedder of the reports (or hashing)"),
    keep: Path | None = typer.Option(None, "--keep", help="keep the run directories here"),
    as_json: bool = typer.Option(False, "--json", help="print the figures as JSON"),
) -> None:
    """Memory, report time and page load of a study-sized run (offline, in child processes)."""
    from icatest.bench.scale import format_scale, run_scale
    from icatest.cli.progress import stages

    with stages("bench scale (a campaign, two reports, a browser)") as say:
        figures = run_scale(conversations, campaign_conversations=campaign, grow=grow,
                            embedder=model, work=keep, say=say)  # fmt: skip
    typer.echo(json.dumps(figures, indent=2) if as_json else format_scale(figures))


def register(app: typer.Typer) -> None:
    app.add_typer(bench_app, name="bench")
