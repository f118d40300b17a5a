"""The failure-clusters notebook: `icatest notebook RUN` writes a copy set to the run, and the
copy, executed, shows the numbers of the run's metrics.json (one computation for both)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from icatest.cli import main
from icatest.data import packaged_path

NOTEBOOK = packaged_path("experiments") / "notebooks" / "failure_clusters.ipynb"
REPO = Path(__file__).resolve().parents[2]
# the notebook's figures, printed by a cell the test appends after all of the notebook's own
DUMP = """
import json
print("FIGURES " + json.dumps({
    "metrics": {n: {k: result["metrics"][n][k] for k in (
        "conversations", "failing_conversations", "unique_failing_conversations",
        "duplicate_rate", "failure_rate", "unique_failure_types_per_conversation")}
        for n in result["runs"]},
    "k": clusters["k"], "sizes": [c["size"] for c in clusters["clusters"]],
    "silhouette": clusters["silhouette"],
}))
"""


def _execute(path: Path, monkeypatch, extra: str = "") -> nbformat.NotebookNode:
    monkeypatch.setenv("PYTHONPATH", str(REPO))  # the kernel imports this checkout
    nb = nbformat.read(path, as_version=4)
    if extra:
        nb.cells.append(nbformat.v4.new_code_cell(extra))
    client = NotebookClient(nb, kernel_name="python3", timeout=120,
                            resources={"metadata": {"path": str(path.parent)}})  # fmt: skip
    client.execute(env=dict(os.environ))
    return nb


def _text(nb: nbformat.NotebookNode) -> str:
    return "".join(
        o.get("text", "") + str(o.get("data", {}).get("text/plain", ""))
        for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs
    )  # fmt: skip


def test_notebook_shows_the_numbers_of_the_report(experiment: Path, monkeypatch, capsys):
    assert main(["report", str(experiment), "--model", "hashing"]) == 0
    assert main(["notebook", str(experiment), "--model", "hashing"]) == 0
    printed = capsys.readouterr().out
    copy = experiment / "failure_clusters.ipynb"
    assert f"wrote {copy}" in printed and f"open it with: jupyter lab {copy}" in printed

    monkeypatch.chdir(Path("/"))  # the copy names its run: no relative path to resolve
    text = _text(_execute(copy, monkeypatch, DUMP))
    (line,) = [ln for ln in text.splitlines() if ln.startswith("FIGURES ")]
    shown = json.loads(line.removeprefix("FIGURES "))
    report = json.loads((experiment / "metrics.json").read_text())
    for name in ("guided", "baseline"):  # both arms, as in the report
        for key, value in shown["metrics"][name].items():
            assert value == pytest.approx(report["metrics"][name][key]), (name, key)
    assert shown["k"] == report["clusters"]["k"]
    assert shown["sizes"] == [c["size"] for c in report["clusters"]["clusters"]]
    assert shown["silhouette"] == pytest.approx(report["clusters"]["silhouette"])
    assert f"from {experiment / 'guided'}: 5 conversations" in text
    assert "=== cluster 0:" in text and "constraint_missed" in text


def test_the_packaged_notebook_reads_icatest_run(known_run: Path, monkeypatch):
    monkeypatch.setenv("ICATEST_RUN", str(known_run))
    monkeypatch.setenv("ICATEST_EMBED_MODEL", "hashing")
    text = _text(_execute(NOTEBOOK, monkeypatch))
    assert f"from {known_run}: 5 conversations" in text
    assert "failure_rate" in text and "0.75" in text


def test_no_run_says_what_to_do(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("ICATEST_RUN", str(tmp_path / "missing"))
    with pytest.raises(CellExecutionError) as info:
        _execute(NOTEBOOK, monkeypatch)
    assert "no run to explore" in str(info.value) and "icatest notebook" in str(info.value)


def test_notebook_command_refuses_a_missing_run(tmp_path: Path, capsys):
    assert main(["notebook", str(tmp_path / "nowhere")]) == 2
    assert "run directory not found" in capsys.readouterr().err
