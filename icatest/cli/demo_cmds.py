"""CLI commands: demo (what `make demo` runs: one conversation, an experiment, its report)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from icatest.cli import options
from icatest.contracts.labels import CONVERSATION_ROLES, Mode
from icatest.errors import ConfigError

DEMO_EXPERIMENT = Path("demo")  # the packaged experiment (experiments/demo.yaml)
LOCAL_EXPERIMENT = Path("demo_local")  # the same for a local llm: assistant (slower: counted)
DEMO_SUT = "reference:default"
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
    sut: str | None = typer.Option(
        None,
        "--sut",
        help="Assistant to demo instead of the reference one (e.g. llm:smollm2, a URL); every "
        "backend of the experiment is replaced by it. llm: uses the packaged demo_local "
        "experiment (3 conversations per arm, one at a time).",
    ),
    sut_model: str | None = options.SUT_MODEL,
    sut_param: list[str] = options.SUT_PARAM,
    sut_system_message: str | None = options.SUT_SYSTEM_MESSAGE,
    sut_timeout: float | None = options.SUT_TIMEOUT,
    sut_retries: int | None = options.SUT_RETRIES,
    no_preflight: bool = options.NO_PREFLIGHT,
) -> None:
    """Offline demo against the reference assistant: one guided conversation with its failures,
    then guided vs baseline campaigns (the packaged `demo` experiment) and their HTML report."""
    from icatest.campaigns.experiments.experiment import load_experiment
    from icatest.cli.experiment_run import (
        checked_experiment,
        interrupt_checkpoints,
        stable_folder,
        with_budget,
    )
    from icatest.sut.local_llm import is_local_llm

    opts = options.sut_options(sut_model, sut_param, sut_system_message, sut_timeout, sut_retries)
    if sut is None and opts.given():
        verb = "needs" if len(opts.given()) == 1 else "need"
        problem = f"{options_named(opts)} {verb} --sut (the reference takes none)"
        raise ConfigError("--sut", problem)
    if sut is not None and is_local_llm(sut) and experiment == DEMO_EXPERIMENT:
        experiment = LOCAL_EXPERIMENT
    exp = None if skip_experiment else with_budget(load_experiment(experiment), budget)
    if exp is not None and sut is not None:
        exp = _against(exp, sut, opts)
    if not no_preflight:  # the conversation itself is offline + the experiment's assistant
        if exp is not None:
            exp = checked_experiment(exp)
        elif sut is not None:
            options.run_preflight({}, sut, None, options=opts)
    console = Console()
    with interrupt_checkpoints() as check:
        _conversation(console, sut or DEMO_SUT, opts)
        if exp is None:
            return
        check("the campaigns")
        folder = stable_folder(out)
        _campaigns(console, exp, experiment, folder)
        check("the report")
        _report(console, folder)


def options_named(opts: Any) -> str:
    from icatest.sut.options import FLAGS

    return ", ".join(FLAGS[name] for name in opts.given())


def _against(exp: Any, sut: str, opts: Any) -> Any:
    """The experiment with its backends replaced by one: `sut` with these options."""
    import re

    from icatest.campaigns.experiments.experiment import ExperimentConfig

    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", sut.removeprefix("llm:")).strip("-")[-40:] or "sut"
    backend = {"name": name, "sut": sut, "sut_options": opts.model_dump(exclude_defaults=True)}
    try:
        return ExperimentConfig.model_validate({**exp.model_dump(), "backends": [backend]})
    except ValueError as exc:
        raise ConfigError("--sut", str(exc).splitlines()[-1].strip()) from None


def _conversation(console: Console, sut: str, opts: Any) -> None:
    from icatest.cli.experiment_run import heading, run_interruptibly
    from icatest.cli.transcript import print_transcript
    from icatest.engine.single import converse_once
    from icatest.sut.local_llm import is_local_llm

    who = "reference assistant" if sut == DEMO_SUT else sut
    heading(console, f"1. One guided conversation (offline roles, {who})")
    record = run_interruptibly(
        converse_once(
            sut=sut,
            sut_config=None,
            sut_options=opts,
            models=dict.fromkeys(CONVERSATION_ROLES, "offline"),
            mode=Mode.GUIDED,
            persona="impatient",
            seed_pool="mixed",
            seed_id=None,
            context_id=None,
            max_turns=4 if is_local_llm(sut) else 8,  # a local model takes seconds a reply
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
