"""CLI command: schema (the JSON schema of a document icatest writes)."""

from __future__ import annotations

import json

import typer


def register(app: typer.Typer) -> None:
    app.command("schema")(schema_cmd)


def schema_cmd(
    name: str | None = typer.Argument(None, help="a document's name; none lists them"),
) -> None:
    """Print the JSON schema of a document icatest writes (manifest, metrics, comparison, ...)."""
    from icatest.contracts.schemas import SCHEMAS, json_schema
    from icatest.errors import ConfigError

    if name is None:
        width = max(len(n) for n in SCHEMAS)
        for known, (_, what) in SCHEMAS.items():
            typer.echo(f"{known.ljust(width)}  {what}")
        return
    if name not in SCHEMAS:
        raise ConfigError("NAME", f"no schema named {name!r}; one of {', '.join(SCHEMAS)}")
    typer.echo(json.dumps(json_schema(name), indent=2, ensure_ascii=False))
