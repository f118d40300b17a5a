"""One-line notices a command prints about how its model calls were actually made."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

import typer


def dropped_params(dropped: Mapping[str, Iterable[str]]) -> None:
    """One line per role and parameter the provider refused by name (so it was not sent)."""
    for role, params in sorted(dropped.items()):
        for param in sorted(params):
            typer.echo(
                f"{role}: parameter {param} not sent (the provider refused it by name; "
                "recorded in the usage of every record and in the manifest)",
                err=True,
            )


def dropped_in_runs(runs: Iterable[Path]) -> None:
    """The same lines for several run directories (an experiment's arms), each pair once."""
    from icatest.rundir import read_manifest

    merged: dict[str, set[str]] = {}
    for run in runs:
        found = read_manifest(run, missing_ok=True).get("dropped_params") or {}
        for role, params in found.items():
            merged.setdefault(role, set()).update(params)
    dropped_params(merged)
