"""CLI command: data init (copy the packaged strategies, personas and seeds out for editing)."""

from __future__ import annotations

import shutil
from pathlib import Path

import typer

from icatest.errors import ConfigError

data_app = typer.Typer(no_args_is_help=True, help="The data folder: a team's own strategies, "
                       "personas, seeds and constraint ids.")  # fmt: skip

CONSTRAINTS_TEMPLATE = """\
# Constraint ids of this folder's own, added to the packaged ones (`icatest seeds schema
# constraints`). Each id is a word a seed target may carry in `constraints:`. The offline
# simulator says an id of your own in words (free_parking -> "free parking"), the offline judge
# counts it honoured when the reply says those words, and the reference assistant does not know
# it: judge such constraints with a model judge.
ids: {}
# ids with a value after a colon, e.g. leave_by: '^([01]?\\d|2[0-3]):[0-5]\\d$'
parameterized: {}
"""


def register(app: typer.Typer) -> None:
    app.add_typer(data_app, name="data")


@data_app.command("init")
def init(
    folder: Path = typer.Argument(..., help="the data folder to create (must not hold data yet)"),
) -> None:
    """Copy the packaged strategies/, personas/ and seeds/ into FOLDER, with a constraints.yaml
    to extend; FOLDER then adds to (and overrides) the packaged data (docs/data.md)."""
    from icatest.catalog.constraints import USER_CONSTRAINTS
    from icatest.data import CATALOG_FOLDERS, packaged_path

    taken = [n for n in (*CATALOG_FOLDERS, USER_CONSTRAINTS) if (folder / n).exists()]
    if taken:
        raise ConfigError(str(folder), f"already holds {', '.join(taken)}; nothing was copied")
    folder.mkdir(parents=True, exist_ok=True)
    for name in CATALOG_FOLDERS:
        shutil.copytree(packaged_path(name), folder / name,
                        ignore=shutil.ignore_patterns("__pycache__", "__init__.py"))  # fmt: skip
    (folder / USER_CONSTRAINTS).write_text(CONSTRAINTS_TEMPLATE, encoding="utf-8")
    counts = ", ".join(f"{n}/ ({len(list((folder / n).glob('*.yaml')))} files)"
                       for n in CATALOG_FOLDERS)  # fmt: skip
    typer.echo(f"copied {counts} and {USER_CONSTRAINTS} to {folder}")
    typer.echo(f"use it with --data-dir {folder} (or ICATEST_DATA, or run icatest inside it); "
               f"`icatest list personas --data-dir {folder}` shows where each item is from")
