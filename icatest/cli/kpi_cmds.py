"""CLI commands: kpi (LoCar evaluation). Dataset construction lives in kpi_build_cmds."""

from __future__ import annotations

import typer

from icatest.cli import kpi_build_cmds

kpi_app = typer.Typer(no_args_is_help=True, help="Localization-aware KPI evaluation (LoCar).")


def register(app: typer.Typer) -> None:
    kpi_build_cmds.register(kpi_app)
    app.add_typer(kpi_app, name="kpi")
