"""CLI commands: kpi build (dataset construction)."""

from __future__ import annotations

import typer


def register(kpi_app: typer.Typer) -> None:
    """Add `kpi build …` to the kpi group (filled in by the dataset-construction feature)."""
