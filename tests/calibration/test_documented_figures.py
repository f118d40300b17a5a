"""The ABC-Eval and FED figures in docs/calibration.md are what the command computes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from calibration_builders import REPO

from icatest.cli import main

DOC = REPO / "docs" / "calibration.md"
TOL = 6e-4  # the page prints three decimals


def _documented(name: str) -> list[dict[str, str]]:
    text = DOC.read_text(encoding="utf-8")
    block = re.search(rf"<!-- figures:{name} -->\n(.*?)<!-- /figures -->", text, re.S)
    assert block, f"no figures block {name!r} in {DOC}"
    lines = [line for line in block.group(1).splitlines() if line.startswith("|")]
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    return [
        dict(zip(header, (c.strip() for c in line.strip("|").split("|")), strict=True))
        for line in lines[2:]
    ]


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, dict]:
    assert main(["calibrate", "humans", "--json", *args]) == 0
    data = json.loads(capsys.readouterr().out)
    return {d["dimension"]: d for d in data["dimensions"]}


def _close(documented: str, computed: float | None) -> bool:
    if documented == "–":
        return computed is None
    return computed is not None and abs(float(documented) - computed) <= TOL


def test_abceval_figures(shared_calibration: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = str(shared_calibration / "abceval_behavior_results.json")
    computed = _run(capsys, "--labels", source, "--judge", "gpt")
    rows = _documented("abceval")
    assert {r["behaviour"] for r in rows} == set(computed)
    for row in rows:
        d = computed[row["behaviour"]]
        judge, human, maj = d["judge_vs_humans"], d["human_pairwise"], d["judge_vs_majority"]
        assert int(row["n"]) == d["n_items"] and int(row["n majority"]) == maj["n"]
        checks = {
            "κ judge": judge["kappa"],
            "ρ judge": judge["rho"],
            "F1 judge": judge["f1"],
            "exact judge": judge["exact"],
            "κ judge–majority": maj["kappa"],
            "κ human–human": human["kappa"],
            "ρ human–human": human["rho"],
            "F1 human–human": human["f1"],
            "α humans": d["human_alpha"],
        }
        for column, value in checks.items():
            assert _close(row[column], value), (row["behaviour"], column, row[column], value)


def test_fed_figures(shared_calibration: Path, capsys: pytest.CaptureFixture[str]) -> None:
    computed = _run(capsys, "--labels", str(shared_calibration / "fed_data.json"))
    rows = _documented("fed")
    assert {r["quality"] for r in rows} == set(computed)
    for row in rows:
        d = computed[row["quality"]]
        human, rest = d["human_pairwise"], d["human_vs_rest"]
        assert row["kind"] == d["kind"] and int(row["n"]) == d["n_items"]
        checks = {
            "κ human–human": human["kappa"],
            "ρ human–human": human["rho"],
            "F1 human–human": human["f1"],
            "within-one human–human": human["within_one"],
            "κ human–rest": rest["kappa"],
            "α humans": d["human_alpha"],
        }
        for column, value in checks.items():
            assert _close(row[column], value), (row["quality"], column, row[column], value)
