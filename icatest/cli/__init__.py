"""The `icatest` command. Each command group lives in its own module and registers itself there;
COMMANDS names the module of every command."""

from __future__ import annotations

import importlib
import sys
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup, TyperOption

from icatest.errors import IcatestError, Interrupted

# name -> (module under icatest.cli, one-line help shown by `icatest --help`). A command's module
# is imported only when that command runs, so `icatest --help` imports no command and `icatest
# fuzz` none of the analysis, calibration or reference-server code (tests/cli checks the help
# lines against the commands' own).
COMMANDS: dict[str, tuple[str, str]] = {
    "demo": (
        "demo_cmds",
        "Offline demo against the reference assistant: one guided conversation with its "
        "failures, then guided vs baseline campaigns (the packaged `demo` experiment) and their "
        "HTML report.",
    ),
    "converse": (
        "converse_cmds",
        "Hold one conversation, print it with the judge's labels, save the record.",
    ),
    "fuzz": ("campaign_cmds", "Run a time-budgeted fuzzing campaign against an assistant."),
    "compare": (
        "campaign_cmds",
        "Run the baseline and guided arms of an experiment and write comparison.json.",
    ),
    "bench": (
        "bench_cmds",
        "Measure engine overhead per turn, scaling efficiency and model calls per turn; "
        "`bench scale`: memory, report time and page load of a study-sized run.",
    ),
    "report": ("analysis_cmds", "Write metrics.json and report.html for one or two runs."),
    "notebook": (
        "notebook_cmds",
        "Write the failure-clusters notebook into a run folder, set to that run: the report's "
        "numbers and the tables behind them.",
    ),
    "cluster": (
        "analysis_cmds",
        "Cluster failing conversations by embedding; writes clusters.json.",
    ),
    "export": ("analysis_cmds", "Export conversations, turns and failures tables."),
    "rejudge": (
        "calibrate_cmds",
        "Add another judge's verdicts to a finished run without calling the assistant again.",
    ),
    "export-annotation": (
        "calibrate_cmds",
        "Write a blinded annotation sheet (no judge output) for human labelling.",
    ),
    "sut": ("sut_cmds", "Assistants under test: check a connection, serve the reference."),
    "seeds": ("seeds_cmds", "Seed pools, contexts, importers and data-file schemas."),
    "data": (
        "data_cmds",
        "The data folder: a team's own strategies, personas, seeds and constraint ids.",
    ),
    "calibrate": (
        "calibrate_cmds",
        "Judge calibration: agreement with humans and with ground truth.",
    ),
    "honorific": (
        "honorific_cmds",
        "Korean speech levels (hae / haeyo / hapsyo): check and rewrite.",
    ),
    "kpi": ("kpi_cmds", "Localization-aware KPI evaluation (LoCar)."),
    "replay": (
        "regression_cmds",
        "Replay recorded driver turns and report which failures reproduce (writes replay.json).",
    ),
    "shrink": (
        "regression_cmds",
        "Find the fewest driver turns (then constraints) that still trigger a failure.",
    ),
    "suite": (
        "regression_cmds",
        "Regression suites: export from a run, run against an assistant.",
    ),
    "list": (
        "list_cmds",
        "List personas, strategies, seed pools or fault profiles (the names options accept).",
    ),
    "schema": (
        "schema_cmds",
        "Print the JSON schema of a document icatest writes (manifest, metrics, comparison, ...).",
    ),
    "judge": (
        "judge_cmds",
        "Judge single turns outside a conversation (offline or a model); train the offline "
        "judge's learned part.",
    ),
}


def load_command(name: str) -> Any:
    """The real click command behind `name`: import its module and let it register itself."""
    module = importlib.import_module(f"icatest.cli.{COMMANDS[name][0]}")
    group = typer.Typer()
    module.register(group)
    return typer.main.get_group(group).commands[name]


class _Unloaded(TyperCommand):
    """Stands for a command whose module is not imported yet (name and help only)."""


class _LazyGroup(TyperGroup):
    """Lists every command from COMMANDS; imports a command's module only to run it."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        for name, (_, text) in COMMANDS.items():
            self.commands.setdefault(name, _Unloaded(name, help=text))
        _flags_without_type(self)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name, cmd, rest = super().resolve_command(ctx, args)
        if isinstance(cmd, _Unloaded) and cmd.name is not None:
            cmd = self.commands[cmd.name] = _flags_without_type(load_command(cmd.name))
        return name, cmd, rest


app = typer.Typer(
    name="icatest",
    cls=_LazyGroup,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        from icatest import __version__

        typer.echo(f"icatest {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Closed-loop adversarial testing of in-car conversational assistants."""
    from icatest.locar.plugin import register as register_locar

    register_locar()  # the extensions plug in before any command runs (docs/architecture.md)


def _flags_without_type(command: Any) -> Any:
    """typer's help labels every flag `<bool>`, although a flag takes no value: give each flag of
    `command` (its help option too) and of its subcommands an empty metavar, which typer shows in
    place of the type. Only public attributes of the commands' own parameters change."""
    params = [*command.params, command.get_help_option(typer.Context(command))]
    for param in params:
        if isinstance(param, TyperOption) and param.is_flag and param.metavar is None:
            param.metavar = ""
    if isinstance(command, TyperGroup):
        for sub in command.commands.values():
            _flags_without_type(sub)
    return command


def main(argv: list[str] | None = None) -> int:
    """Entry point: user errors print one line and exit non-zero, never a traceback."""
    try:
        result = app(args=argv, standalone_mode=False)
    except Interrupted as exc:  # not an error: what was done is kept, the message says how to go on
        typer.echo(f"interrupted: {exc}", err=True)
        return _exit(exc.exit_code, argv)
    except IcatestError as exc:
        typer.echo(f"error: {exc}", err=True)
        return _exit(exc.exit_code, argv)
    except typer.Abort:
        typer.echo("aborted", err=True)
        return _exit(130, argv)
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        return _exit(130, argv)
    except typer.Exit as exc:
        return _exit(exc.exit_code, argv)
    except typer.TyperException as exc:  # usage errors: bad option values, missing arguments
        format_message = getattr(exc, "format_message", None)
        message = format_message() if callable(format_message) else str(exc)
        ctx = getattr(exc, "ctx", None)
        hint = f" (see {ctx.command_path} --help)" if ctx is not None else ""
        typer.echo(f"error: {message}{hint}", err=True)  # the same form as every other error
        return _exit(int(getattr(exc, "exit_code", 2)), argv)
    return _exit(result if isinstance(result, int) else 0, argv)


def _exit(code: int, argv: list[str] | None) -> int:
    if argv is None:  # console script
        sys.exit(code)
    return code
