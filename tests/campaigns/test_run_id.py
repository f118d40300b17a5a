"""A fixed run id (`--run-id`, `campaign.run_id`): the conversation ids are the run id and the
scenario index, so the reference assistant (whose fault dice are a function of the conversation
id) answers a repeated run the same way; a resume keeps the run's id; each experiment arm gets
an id of its own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from icatest.campaigns.experiments.experiment import ExperimentConfig
from icatest.cli import main
from icatest.contracts import Mode

FUZZ = ["fuzz", "--sut", "reference", "--max-conversations", "3", "--turn-budgets", "4",
        "--rng-seed", "2", "--quiet", "--no-preflight", "--min-judged", "0"]  # fmt: skip


def _conversations(run: Path) -> list[tuple[str, list[tuple[str, str | None]], str]]:
    records = [json.loads(line) for line in (run / "conversations.jsonl").read_text().splitlines()]
    turns = {r["conversation_id"]: [(t["user"], t["system"]) for t in r["turns"]] for r in records}
    return sorted((r["conversation_id"], turns[r["conversation_id"]], r["success_decision"])
                  for r in records)  # fmt: skip


def test_a_fixed_run_id_repeats_the_run(tmp_path: Path) -> None:
    for name in ("a", "b"):
        assert main([*FUZZ, "--run-id", "nightly-7", "--out", str(tmp_path / name)]) == 0
    first, second = _conversations(tmp_path / "a"), _conversations(tmp_path / "b")
    assert [c[0] for c in first] == [f"nightly-7-{i:05d}" for i in range(3)]
    assert first == second  # the same utterances, replies and decisions
    manifest = json.loads((tmp_path / "a" / "manifest.json").read_text())
    assert manifest["run_id"] == "nightly-7"


def test_a_resume_keeps_the_run_id_and_refuses_another(tmp_path: Path, capsys) -> None:
    run = tmp_path / "run"
    assert main([*FUZZ, "--run-id", "first", "--out", str(run)]) == 0
    capsys.readouterr()
    assert main([*FUZZ, "--run-id", "second", "--out", str(run), "--resume"]) != 0
    err = capsys.readouterr().err
    assert "cannot resume with a different run id" in err and "'first'" in err, err
    assert main([*FUZZ, "--out", str(run), "--resume"]) == 0  # no id given: the run's own


@pytest.mark.parametrize("bad", ["has space", "-leading-dash", "slash/in", "x" * 81])
def test_a_bad_run_id_is_named(bad: str, tmp_path: Path, capsys) -> None:
    assert main([*FUZZ, "--run-id", bad, "--out", str(tmp_path / "run")]) != 0
    err = capsys.readouterr().err
    assert "--run-id" in err, err
    assert not (tmp_path / "run").exists()


def test_each_experiment_arm_gets_its_own_id() -> None:
    exp = ExperimentConfig.model_validate({
        "name": "x", "campaign": {"max_conversations": 2, "run_id": "cmp"}, "sessions": 2,
        "backends": [{"name": "ref", "sut": "reference"}, {"name": "other", "sut": "reference"}],
    })  # fmt: skip
    ids = [exp.arm_config(b, mode, s).run_id
           for b in exp.backends for s in range(2) for mode in (Mode.GUIDED, Mode.BASELINE)]
    assert len(set(ids)) == len(ids) == 8
    assert exp.arm_config(exp.backends[0], Mode.GUIDED, 1).run_id == "cmp-ref-s1-guided"
    unpinned = ExperimentConfig.model_validate({
        "name": "y", "campaign": {"max_conversations": 2},
        "backends": [{"name": "ref", "sut": "reference"}],
    })  # fmt: skip
    assert unpinned.arm_config(unpinned.backends[0], Mode.GUIDED, 0).run_id is None
