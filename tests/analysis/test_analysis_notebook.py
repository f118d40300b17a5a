"""The failure-clusters notebook executes end to end on a hand-built run."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from runfactory import known_run_records, write_run

NOTEBOOK = (
    Path(__file__).resolve().parents[2] / "experiments" / "notebooks" / "failure_clusters.ipynb"
)


def test_notebook_executes(tmp_path: Path, monkeypatch):
    run = write_run(tmp_path / "run", known_run_records())
    monkeypatch.setenv("ICATEST_RUN", str(run))
    monkeypatch.setenv("ICATEST_EMBED_MODEL", "hashing")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    client = NotebookClient(
        nb, kernel_name="python3", timeout=120,
        resources={"metadata": {"path": str(NOTEBOOK.parent)}},
    )  # fmt: skip
    client.execute(env=dict(os.environ))
    outputs = "".join(
        o.get("text", "") + str(o.get("data", {}).get("text/plain", ""))
        for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs
    )  # fmt: skip
    assert f"from {run}: 5 conversations" in outputs
    assert "failure_rate" in outputs and "0.75" in outputs
    assert "=== cluster 0:" in outputs
    assert "constraint_missed" in outputs


def _execute(monkeypatch, env: dict[str, str]) -> str:
    monkeypatch.setenv("PYTHONPATH", str(NOTEBOOK.parents[2]))  # the kernel imports this checkout
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nb.cells = nb.cells[:2]  # the markdown and the cell that finds and loads the run
    client = NotebookClient(
        nb, kernel_name="python3", timeout=120,
        resources={"metadata": {"path": str(NOTEBOOK.parent)}},
    )  # fmt: skip
    client.execute(env=dict(os.environ))
    return "".join(o.get("text", "") for o in nb.cells[1].outputs)


def test_relative_run_is_taken_from_the_start_folder(tmp_path: Path, monkeypatch):
    # an experiment folder: load_run reads its guided arm, as `icatest report` would
    write_run(tmp_path / "runs" / "exp" / "guided", known_run_records())
    output = _execute(monkeypatch, {"PWD": str(tmp_path), "ICATEST_RUN": "runs/exp"})
    assert f"from {tmp_path / 'runs' / 'exp'}: 5 conversations" in output


def test_no_run_says_what_to_do(tmp_path: Path, monkeypatch):
    from nbclient.exceptions import CellExecutionError

    try:
        _execute(monkeypatch, {"PWD": str(tmp_path), "ICATEST_RUN": "runs/missing"})
    except CellExecutionError as exc:
        assert "no run to explore: 'runs/missing'" in str(exc)
        assert "make demo" in str(exc)
    else:
        raise AssertionError("the notebook ran without a run")
