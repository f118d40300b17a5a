"""CLI commands: calibrate."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this module's commands to the main app (filled in by the calibrate feature)."""
