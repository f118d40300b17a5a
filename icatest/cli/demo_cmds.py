"""CLI commands: demo (what `make demo` runs: one conversation, an experiment, its report)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import typer
from rich.console import Console

from icatest.contracts.labels import CONVERSATION_ROLES, Mode

DEMO_EXPERIMENT = Path("demo")  # the packaged experiment (icatest/data/experiments/demo.yaml)


def register(app: typer.Typer) -> None:
    app.command("demo")(demo)


def demo(
    experiment: Path = typer.Option(
        DEMO_EXPERIMENT, help="experiment file to run after the conversation, or a packaged name"
    ),
    out: Path | None = typer.Option(None, help="experiment folder (default runs/demo-TIMESTAMP)"),
    skip_experiment: bool = typer.Option(False, help="only the single conversation"),
) -> None:
    """Offline demo against the reference assistant: one guided conversation with its failures,
    then guided vs baseline campaigns (the packaged `demo` experiment) and their HTML report."""
    from icatest.cli.transcript import print_transcript
    from icatest.engine.single import converse_once

    console = Console()
    console.rule("[bold]1. One guided conversation (offline roles, reference assistant)")
    record = asyncio.run(
        converse_once(
            sut="reference:default",
            sut_config=None,
            models=dict.fromkeys(CONVERSATION_ROLES, "offline"),
            mode=Mode.GUIDED,
            persona="impatient",
            seed_pool="mixed",
            seed_id=None,
            context_id=None,
            max_turns=8,
            rng_seed=4,
            data_dir=None,
        )
    )
    print_transcript(record, console)
    if skip_experiment:
        return
    from icatest.analysis.workflow import write_report
    from icatest.campaigns.experiments import load_experiment, run_experiment

    exp = load_experiment(experiment)
    folder = out or Path("runs") / f"demo-{time.strftime('%Y%m%d-%H%M%S')}"
    console.rule(f"[bold]2. Guided vs baseline campaigns: {experiment} -> {folder}")
    asyncio.run(run_experiment(exp, folder, quiet=False))
    console.rule("[bold]3. Report")
    outputs = write_report([folder])
    comparison = outputs.metrics.get("comparison")
    if comparison:
        console.print(comparison["closing_note"])
    for path in outputs.files:
        console.print(f"wrote {path}")
    console.print(f"[bold]Open {folder / 'report.html'} in a browser.[/]")
