"""One-line notices a command prints about how its model calls were actually made."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

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
