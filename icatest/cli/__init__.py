"""The `icatest` command. Each command group lives in its own module and registers itself here."""

from __future__ import annotations

import sys

import typer

from icatest.cli import (
    analysis_cmds,
    calibrate_cmds,
    campaign_cmds,
    converse_cmds,
    demo_cmds,
    honorific_cmds,
    kpi_cmds,
    seeds_cmds,
    sut_cmds,
)
from icatest.errors import IcatestError

app = typer.Typer(
    name="icatest",
    no_args_is_help=True,
    add_completion=False,
    help="Closed-loop adversarial testing of in-car conversational assistants.",
    pretty_exceptions_enable=False,
)

for _module in (
    demo_cmds,
    converse_cmds,
    sut_cmds,
    seeds_cmds,
    campaign_cmds,
    analysis_cmds,
    calibrate_cmds,
    honorific_cmds,
    kpi_cmds,
):
    _module.register(app)


def main(argv: list[str] | None = None) -> int:
    """Entry point: user errors print one line and exit non-zero, never a traceback."""
    try:
        result = app(args=argv, standalone_mode=False)
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
        show = getattr(exc, "show", None)
        if callable(show):
            show()
        return _exit(int(getattr(exc, "exit_code", 2)), argv)
    return _exit(result if isinstance(result, int) else 0, argv)


def _exit(code: int, argv: list[str] | None) -> int:
    if argv is None:  # console script
        sys.exit(code)
    return code
