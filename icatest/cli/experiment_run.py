"""Running an experiment from the command line (compare, demo): the live panel when stderr is a
terminal, and on Ctrl-C exit 130 with the command that resumes it (no traceback)."""

from __future__ import annotations

import asyncio
import contextlib
import shlex
import signal
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from icatest.errors import Interrupted

if TYPE_CHECKING:
    from icatest.campaigns.experiments.experiment import ExperimentConfig


def with_budget(exp: Any, budget: str | None) -> Any:
    """The experiment with every arm's time budget replaced (`--budget 30s` for a quick look)."""
    if budget is None:
        return exp
    from icatest.campaigns.experiments.experiment import ExperimentConfig

    try:
        return ExperimentConfig.model_validate(
            {**exp.model_dump(), "campaign": {**exp.campaign, "budget_s": budget}}
        )
    except ValueError as exc:  # only the budget changed: name its flag
        from icatest.cli.flags import command_line_error

        names = {"campaign.budget_s": "--budget", "budget_s": "--budget"}
        raise command_line_error(exc, names) from None


def with_trials(exp: Any, trials: int | None) -> Any:
    """The experiment with every arm's scenarios run `trials` times (`--trials 3`)."""
    if trials is None:
        return exp
    from icatest.campaigns.experiments.experiment import ExperimentConfig

    try:
        return ExperimentConfig.model_validate(
            {**exp.model_dump(), "campaign": {**exp.campaign, "trials": trials}}
        )
    except ValueError as exc:
        from icatest.cli.flags import command_line_error

        names = {"campaign.trials": "--trials", "trials": "--trials"}
        raise command_line_error(exc, names) from None


def run_experiment_cli(exp: Any, folder: Path, *, quiet: bool) -> dict[str, Any]:
    from icatest.campaigns.experiments.experiment import run_experiment

    live = not quiet and sys.stderr.isatty()
    try:
        return asyncio.run(run_experiment(exp, folder, quiet=not live))
    except Interrupted as exc:
        raise Interrupted(f"{exc}\nresume with: {resume_command(folder)}") from None


def checked_experiment(exp: ExperimentConfig) -> ExperimentConfig:
    """The experiment after preflight
    (icatest.campaigns.experiments.experiment.preflight_experiment), in the model settings it
    resolved; its notes printed on stderr, one line each."""
    from icatest.campaigns.experiments.experiment import preflight_experiment

    checked, notes = asyncio.run(preflight_experiment(exp))
    for note in notes:
        typer.echo(note, err=True)
    return checked


def resume_command(folder: Path) -> str:
    """This very command, pointed at `folder` (re-running an experiment resumes its arms)."""
    argv = list(sys.argv[1:])
    if "--out" not in argv and not any(a.startswith("--out=") for a in argv):
        argv += ["--out", str(folder)]
    return "icatest " + shlex.join(argv)


def stable_folder(folder: Path) -> Path:
    """`folder` ready for a new experiment: a finished one there moves aside under a dated name
    (runs/demo -> runs/demo-YYYYMMDD-HHMMSS) so the latest run always lives at the same path; an
    unfinished one stays and is resumed."""
    from icatest.storage.rundir import COMPARISON

    done = folder / COMPARISON
    if done.is_file():
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(done.stat().st_mtime))
        target = folder.with_name(f"{folder.name}-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = folder.with_name(f"{folder.name}-{stamp}-{n}")
        folder.rename(target)
    return folder


def heading(console: Any, text: str) -> None:
    """A rule on a terminal; plain text elsewhere, where a rule would cut the text off."""
    if console.is_terminal:
        console.rule(f"[bold]{text}")
    else:
        console.print(f"== {text}", markup=False, soft_wrap=True)


def run_interruptibly(coro: Any, what: str) -> Any:
    """asyncio.run(coro), but SIGINT/SIGTERM cancel it and end the command with Interrupted even
    when the work in flight swallowed the cancellation (the default KeyboardInterrupt can be
    lost that way, and the command would carry on)."""
    stopped: list[int] = []

    async def main() -> Any:
        task = asyncio.current_task()
        loop = asyncio.get_running_loop()

        def stop() -> None:
            stopped.append(1)
            if task is not None:
                task.cancel()

        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop)
        try:
            return await coro
        finally:
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.remove_signal_handler(sig)

    try:
        result = asyncio.run(main())
    except asyncio.CancelledError:
        if not stopped:
            raise
        result = None
    if stopped:
        raise Interrupted(f"{what} stopped before it finished")
    return result


@contextlib.contextmanager
def interrupt_checkpoints() -> Iterator[Callable[[str], None]]:
    """Between the steps of a command: remember a SIGINT even when Python drops the
    KeyboardInterrupt (raised inside a finalizer it is only printed as 'Exception ignored'), and
    yield `check(next_step)`, which stops the command with Interrupted before that step."""
    seen: list[int] = []

    def on_signal(signum: int, frame: Any) -> None:
        seen.append(signum)
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, on_signal)

    def check(step: str) -> None:
        if seen:
            raise Interrupted(f"stopped before {step}")

    try:
        yield check
    finally:
        signal.signal(signal.SIGINT, previous)
