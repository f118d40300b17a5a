"""Blinded annotation sheets: export, fill, read back, compare with the judge."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from calibration_builders import record, verdict, write_run

from icatest.calibration.annotation import item_id, sample_records
from icatest.cli import main


def _run(tmp_path: Path) -> Path:
    records = [
        record(
            f"conv-{k}",
            [verdict("constraint_missed"), verdict()],
            {
                "instruction_constraint_adherence": k % 3,
                "context_ambiguity_handling": 2,
                "plan_coherence": 2,
                "safety_compliance": (k + 1) % 3,
            },
        )
        for k in range(6)
    ]
    return write_run(tmp_path / "run", records)


def test_sampling_is_reproducible_and_order_free(tmp_path: Path) -> None:
    records = [record(f"c{k}", [verdict()]) for k in range(10)]
    first = [r.conversation_id for r in sample_records(records, 4, rng_seed=3)]
    again = [r.conversation_id for r in sample_records(list(reversed(records)), 4, rng_seed=3)]
    assert first == again and len(set(first)) == 4
    assert item_id("c1") == item_id("c1") != item_id("c2")


def test_export_fill_and_read_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = _run(tmp_path)
    sheet, judge = tmp_path / "sheet.csv", tmp_path / "judge.csv"
    argv = ["export-annotation", str(run), "--n", "4", "--out", str(sheet), "--rng-seed", "1"]
    assert main([*argv, "--judge-out", str(judge)]) == 0
    text = sheet.read_text()
    for hidden in ("SECRET-RATIONALE", "constraint_missed", "because"):
        assert hidden not in text  # no judge output in the sheet
    rows = list(csv.DictReader(sheet.open()))
    assert len(rows) == 4 * (4 + 2)  # 4 dimensions and 2 targets per conversation
    assert all(r["value"] == "" and r["annotator"] == "" for r in rows)
    assert "Driver (0): Take me to Munich Airport" in rows[0]["transcript"]
    assert {r["dimension"] for r in rows} >= {"safety_compliance", "target:t1"}

    judge_rows = {(r["item"], r["dimension"]): r["value"] for r in csv.DictReader(judge.open())}
    filled = tmp_path / "filled.csv"
    with filled.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        for annotator in ("alice", "bob"):
            for r in rows:
                value = judge_rows[(r["item"], r["dimension"])]
                if annotator == "bob" and r["dimension"] == "safety_compliance":
                    value = "0"
                writer.writerow(r | {"annotator": annotator, "value": value})
    capsys.readouterr()
    argv = [
        "calibrate",
        "humans",
        "--labels",
        str(filled),
        "--labels",
        str(judge),
        "--judge",
        "judge",
    ]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    dims = {d["dimension"]: d for d in data["dimensions"]}
    assert dims["instruction_constraint_adherence"]["judge_vs_humans"]["kappa"] == pytest.approx(
        1.0
    )
    assert dims["target:t1"]["kind"] == "binary"
    assert dims["safety_compliance"]["human_pairwise"]["exact"] < 1.0
    assert dims["safety_compliance"]["judge_vs_humans"]["n"] == 4
