"""`icatest report`, `icatest cluster` and `icatest export` on hand-built runs."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from icatest.cli import main


def test_report_on_experiment_writes_into_experiment_folder(experiment: Path, capsys):
    assert main(["report", str(experiment), "--model", "hashing"]) == 0
    out = capsys.readouterr().out
    assert "guided found 1.20 unique failure types per conversation vs 0.60" in out
    metrics = json.loads((experiment / "metrics.json").read_text())
    assert metrics["runs"] == ["guided", "baseline"]
    ratios = metrics["comparison"]["ratios"]
    assert ratios["unique_failure_types_per_conversation"] == pytest.approx(2.0)
    assert metrics["metrics"]["guided"]["unscored_conversations"] == 1
    assert metrics["metrics"]["guided"]["near_duplicates_checked"] is True
    assert metrics["clusters"]["n_items"] == 3 + 2
    html = (experiment / "report.html").read_text()
    assert "2.00x (more)" in html


def test_report_single_run_json_without_embeddings(known_run: Path, capsys):
    assert main(["report", str(known_run), "--no-embed", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["clusters"] is None
    assert printed["metrics"]["known"]["unique_failing_conversations"] == 2
    assert (known_run / "metrics.json").exists() and (known_run / "report.html").exists()


def test_report_two_runs_to_out_dir(experiment: Path, tmp_path: Path):
    out = tmp_path / "out"
    code = main(["report", str(experiment / "baseline"), str(experiment / "guided"),
                 "--no-embed", "--out", str(out)])  # fmt: skip
    assert code == 0
    metrics = json.loads((out / "metrics.json").read_text())
    assert metrics["runs"] == ["b-run", "g-run"]
    ratio = metrics["comparison"]["ratios"]["unique_failure_types_per_conversation"]
    assert ratio == pytest.approx(0.5)


def test_cluster_command_writes_clusters_json(experiment: Path, capsys):
    assert main(["cluster", str(experiment), "--model", "hashing", "--k-max", "3"]) == 0
    result = json.loads((experiment / "clusters.json").read_text())
    assert 1 <= result["k"] <= 3
    assert set(result["cluster_coverage"]) == {"guided", "baseline"}
    assert "k=" in capsys.readouterr().out


def test_missing_run_is_one_line_error(tmp_path: Path, capsys):
    assert main(["report", str(tmp_path / "nope")]) == 2
    err = capsys.readouterr().err.splitlines()  # the progress line (stage), then the error
    assert err[-1].startswith("error: run directory not found")
    assert not any(line.startswith("error:") for line in err[:-1])


@pytest.mark.parametrize("fmt", ["csv", "parquet", "jsonl"])
def test_export_formats_round_trip(known_run: Path, tmp_path: Path, fmt: str):
    out = tmp_path / fmt
    assert main(["export", str(known_run), "--format", fmt, "--out", str(out)]) == 0
    read = {
        "csv": pd.read_csv,
        "parquet": pd.read_parquet,
        "jsonl": lambda p: pd.read_json(p, lines=True),
    }[fmt]
    conversations = read(out / f"conversations.{fmt}")
    turns = read(out / f"turns.{fmt}")
    failures = read(out / f"failures.{fmt}")
    assert len(conversations) == 5 and len(turns) == 22 and len(failures) == 8
    assert set(failures["label"]) == {
        "constraint_missed", "context_forgotten", "request_omitted", "safety_violation",
    }  # fmt: skip
    row = conversations.set_index("conversation_id").loc["c1"]
    assert row["n_failure_types"] == 3


def test_export_unknown_format(known_run: Path, capsys):
    assert main(["export", str(known_run), "--format", "xlsx"]) == 2
    assert "unknown format" in capsys.readouterr().err
