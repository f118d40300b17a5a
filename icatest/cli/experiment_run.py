"""Running an experiment from the command line (compare, demo): the live panel when stderr is a
terminal, and on Ctrl-C exit 130 with the command that resumes it (no traceback)."""

from __future__ import annotations

import asyncio
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from icatest.errors import ConfigError, Interrupted


def with_budget(exp: Any, budget: str | None) -> Any:
    """The experiment with every arm's time budget replaced (`--budget 30s` for a quick look)."""
    if budget is None:
        return exp
    from icatest.campaigns.experiments import ExperimentConfig

    try:
        return ExperimentConfig.model_validate(
            {**exp.model_dump(), "campaign": {**exp.campaign, "budget_s": budget}}
        )
    except ValueError as exc:
        raise ConfigError("--budget", str(exc).splitlines()[-1].strip()) from None


def run_experiment_cli(exp: Any, folder: Path, *, quiet: bool) -> dict[str, Any]:
    from icatest.campaigns.experiments import run_experiment

    live = not quiet and sys.stderr.isatty()
    try:
        return asyncio.run(run_experiment(exp, folder, quiet=not live))
    except Interrupted as exc:
        raise Interrupted(f"{exc}\nresume with: {resume_command(folder)}") from None


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
    done = folder / "comparison.json"
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
