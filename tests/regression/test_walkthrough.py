"""docs/regression.md's walk-through, shortened: fuzz, replay, shrink, export, run in CI."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from icatest.cli import main


@pytest.mark.slow
def test_fuzz_replay_shrink_export_and_run(tmp_path: Path, capsys) -> None:
    run = tmp_path / "found"
    fuzz = ["fuzz", "--sut", "reference", "--max-conversations", "8", "--concurrency", "4"]
    # a fixed run id: the reference assistant's fault dice (a function of the conversation id)
    # roll the same each time, so the run and its share of usable verdicts are the same too
    fuzz += ["--turn-budgets", "6", "--rng-seed", "3", "--run-id", "walkthrough-3"]
    code = main([*fuzz, "--out", str(run), "--quiet"])
    assert code == 0
    records = [json.loads(line) for line in (run / "conversations.jsonl").read_text().splitlines()]
    failing = [r for r in records if r["success_decision"] == "fail"]
    assert failing, "the faulty reference assistant gave no failing conversation"

    # replay: the seeded faults and the offline judge are deterministic, so failures come back
    assert main(["replay", str(run), "--failing", "--times", "2"]) == 0
    replayed = json.loads((run / "replay.json").read_text())
    assert replayed["summary"]["reproduced"] == len(failing) == len(replayed["conversations"])
    assert main(["report", str(run), "--no-embed"]) == 0
    assert 'id="replay-summary"' in (run / "report.html").read_text()

    # shrink one conversation: fewer turns, and the minimal case still fails
    longest = max(failing, key=lambda r: len(r["turns"]))
    capsys.readouterr()
    minimal = tmp_path / "minimal.yaml"
    assert main(["shrink", str(run), "--conversation", longest["conversation_id"],
                 "--replays", "1", "--required", "1", "--out", str(minimal)]) == 0  # fmt: skip
    shrunk = yaml.safe_load(minimal.read_text())["cases"][0]
    assert 1 <= len(shrunk["turns"]) < len(longest["turns"])
    assert main(["suite", "run", str(minimal), "--sut", "reference"]) == 1

    # export, checked against the fixed assistant; the same suite fails on the faulty one and
    # holds on the fixed one
    suite = tmp_path / "suite.yaml"
    assert main(["suite", "export", str(run), "--out", str(suite),
                 "--check-against", "reference:none"]) == 0  # fmt: skip
    cases = yaml.safe_load(suite.read_text())["cases"]
    assert cases
    junit = tmp_path / "junit.xml"
    assert main(["suite", "run", str(suite), "--sut", "reference", "--junit", str(junit)]) == 1
    tree = ET.parse(junit).getroot().find("testsuite")
    assert tree is not None and int(tree.get("failures", "0")) >= 1
    assert main(["suite", "run", str(suite), "--sut", "reference:none", "--repeat", "2"]) == 0


def test_suite_run_reports_bad_files_as_input_errors(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.yaml"
    case = "  - id: a\n    turns: [{say: hi}]\n    expect: [{turn: 1}]\n"
    bad.write_text("version: 1\ncases:\n" + case)
    assert main(["suite", "run", str(bad), "--sut", "reference"]) == 2
    assert "exactly one of" in capsys.readouterr().err
    assert main(["suite", "run", str(tmp_path / "missing.yaml"), "--sut", "reference"]) == 2
