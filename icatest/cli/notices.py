"""One-line notices a command prints about how its model calls were actually made."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import typer


def dropped_params(
    dropped: Mapping[str, Iterable[str]], said: Mapping[str, Any] | None = None
) -> None:
    """One line per role and parameter the provider refused by name (so it was not sent).

    `said`: the role settings the run was given; a parameter in a role's `drop_params` was
    named by preflight (or left out by the user) and is not named again."""
    for role, params in sorted(dropped.items()):
        known = set(_drop_params((said or {}).get(role)))
        for param in sorted(set(params) - known):
            typer.echo(
                f"{role}: parameter {param} not sent (the provider refused it by name; "
                "recorded in the usage of every record and in the manifest)",
                err=True,
            )


def _drop_params(settings: Any) -> list[str]:
    """`drop_params` of a RoleSettings or of its dict form."""
    if settings is None:
        return []
    if isinstance(settings, Mapping):
        return list(settings.get("drop_params") or [])
    return list(getattr(settings, "drop_params", []) or [])


def dropped_in_runs(runs: Iterable[Path], said: Mapping[str, Any] | None = None) -> None:
    """The same lines for several run directories (an experiment's arms), each pair once."""
    from icatest.storage.rundir import read_manifest

    merged: dict[str, set[str]] = {}
    for run in runs:
        for role, params in read_manifest(run, missing_ok=True).dropped_params.items():
            merged.setdefault(role, set()).update(params)
    dropped_params(merged, said)
