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
