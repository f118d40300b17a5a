"""CLI command: notebook (a copy of the failure-clusters notebook, set to one run)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import typer

from icatest.errors import IcatestError, NotFoundError

NOTEBOOK = "failure_clusters.ipynb"  # in the packaged experiments/notebooks/
PARAMETERS_TAG = "parameters"


def register(app: typer.Typer) -> None:
    app.command("notebook")(notebook)


def notebook(
    run: Path = typer.Argument(..., help="a run directory or an experiment folder"),
    model: str = typer.Option(
        "minilm", "--model", help="embedding model: the one the report was written with"
    ),
) -> None:
    """Write the failure-clusters notebook into a run folder, set to that run: the report's
    numbers and the tables behind them."""
    if not run.is_dir():
        raise NotFoundError(f"run directory not found: {run}")
    target = run / NOTEBOOK
    target.write_text(notebook_for(run.resolve(), model), encoding="utf-8")
    typer.echo(f"wrote {target}")
    if not _has_jupyter():
        typer.echo("jupyter is not installed here: pip install 'icatest[notebook]'")
    typer.echo(f"open it with: jupyter lab {shlex.quote(str(target))}")


def notebook_for(run: Path, model: str) -> str:
    """The packaged notebook with its parameters cell naming `run` and `model`."""
    from icatest.data import packaged_path

    source = packaged_path("experiments") / "notebooks" / NOTEBOOK
    doc = json.loads(source.read_text(encoding="utf-8"))
    cells = [c for c in doc["cells"] if PARAMETERS_TAG in c.get("metadata", {}).get("tags", [])]
    if len(cells) != 1:
        raise IcatestError(f"{source}: expected one cell tagged {PARAMETERS_TAG!r}")
    cells[0]["source"] = (
        f"# written by `icatest notebook` for this run\nRUN = {str(run)!r}\nMODEL = {model!r}"
    )
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def _has_jupyter() -> bool:
    from importlib.util import find_spec

    return any(find_spec(name) is not None for name in ("jupyterlab", "notebook"))
