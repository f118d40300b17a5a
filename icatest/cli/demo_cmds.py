"""CLI commands: demo (what `make demo` runs: one conversation, an experiment, its report)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from icatest.cli import options
from icatest.contracts.labels import CONVERSATION_ROLES, Mode

DEMO_EXPERIMENT = Path("demo")  # the packaged experiment (experiments/demo.yaml)
DEMO_FOLDER = Path("runs/demo")  # the latest demo, always here (docs and the notebook use it)


def register(app: typer.Typer) -> None:
    app.command("demo")(demo)


def demo(
    experiment: Path = typer.Option(
        DEMO_EXPERIMENT,
        "--experiment",
        help="experiment file to run after the conversation, or a packaged name",
    ),
    out: Path = typer.Option(
        DEMO_FOLDER,
        "--out",
        help="experiment folder; a finished one there is kept as FOLDER-YYYYMMDD-HHMMSS, an "
        "interrupted one is resumed",
    ),
    budget: str | None = typer.Option(
        None, "--budget", help="replace each arm's time budget (30s, 5m) for a quicker demo"
    ),
    skip_experiment: bool = typer.Option(
        False, "--skip-experiment", help="only the single conversation"
    ),
    no_preflight: bool = options.NO_PREFLIGHT,
) -> None:
    """Offline demo against the reference assistant: one guided conversation with its failures,
    then guided vs baseline campaigns (the packaged `demo` experiment) and their HTML report."""
    from icatest.campaigns.experiments import load_experiment, preflight_experiment
    from icatest.cli.experiment_run import interrupt_checkpoints, stable_folder, with_budget

    exp = None if skip_experiment else with_budget(load_experiment(experiment), budget)
    if exp is not None and not no_preflight:  # the conversation itself is offline + reference
        asyncio.run(preflight_experiment(exp))
    console = Console()
    with interrupt_checkpoints() as check:
        _conversation(console)
        if exp is None:
            return
        check("the campaigns")
        folder = stable_folder(out)
        _campaigns(console, exp, experiment, folder)
        check("the report")
        _report(console, folder)


def _conversation(console: Console) -> None:
    from icatest.cli.experiment_run import heading, run_interruptibly
    from icatest.cli.transcript import print_transcript
    from icatest.engine.single import converse_once

    heading(console, "1. One guided conversation (offline roles, reference assistant)")
    record = run_interruptibly(
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
        ),
        "the demo conversation",
    )
    print_transcript(record, console)


def _campaigns(console: Console, exp: Any, experiment: Path, folder: Path) -> None:
    from icatest.cli.experiment_run import heading, run_experiment_cli

    heading(console, f"2. Guided vs baseline campaigns: {experiment} -> {folder}")
    run_experiment_cli(exp, folder, quiet=False)


def _report(console: Console, folder: Path) -> None:
    from icatest.analysis.workflow import write_report
    from icatest.cli.experiment_run import heading
    from icatest.cli.progress import stages

    heading(console, "3. Report")
    with stages("writing the report: embedding the failing turns (the first run loads the model)"):
        outputs = write_report([folder])
    comparison = outputs.metrics.get("comparison")
    if comparison:
        console.print(comparison["closing_note"])
    for path in outputs.files:
        console.print(f"wrote {path}")
    console.print(f"[bold]Open {folder / 'report.html'} in a browser.[/]")
    from icatest.cli.campaign_cmds import report_hint

    # the report ends with what to do next; this is how to write it again (after a replay, say)
    console.print(report_hint(folder, "rewrite it with"), markup=False)
