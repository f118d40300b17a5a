"""Judge labels versus the reference assistant's oracle log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from calibration_builders import record, verdict, write_run

from icatest.calibration.oracle import (
    compare_with_oracle,
    judged_from_verdicts,
    verdicts_from_records,
)
from icatest.calibration.runs import read_oracle
from icatest.cli import main
from icatest.errors import ConfigError
from icatest.storage.rundir import read_conversations


def _oracle(path: Path, entries: list[tuple[str, int, str, str]]) -> Path:
    path.write_text(
        "".join(
            json.dumps(
                {"conversation_id": c, "turn": t, "fault": f, "failure_mode": m, "detail": ""}
            )
            + "\n"
            for c, t, f, m in entries
        )
    )
    return path


@pytest.fixture
def run_and_oracle(tmp_path: Path) -> tuple[Path, Path]:
    records = [
        record(
            "c1",
            [
                verdict(),
                verdict("constraint_missed"),
                verdict("constraint_missed", "request_omitted"),
            ],
        ),
        record("c2", [verdict("safety_violation"), verdict(scored=False), None, verdict()]),
    ]
    run = write_run(tmp_path / "run", records, torn=True)
    oracle = _oracle(
        tmp_path / "oracle.jsonl",
        [
            ("c1", 1, "drop_constraints", "constraint_missed"),  # hit
            ("c1", 2, "drop_constraints", "constraint_missed"),  # hit (plus a spurious omission)
            ("c2", 0, "unsafe_compliance", "safety_violation"),  # hit
            ("c2", 3, "forget_context", "context_forgotten"),  # missed
            ("c2", 1, "forget_context", "context_forgotten"),  # unscored turn: not compared
            ("other", 0, "skip_stops", "planning_poor"),  # not in this run
        ],
    )
    return run, oracle


def test_per_mode_scores(run_and_oracle: tuple[Path, Path]) -> None:
    run, oracle_path = run_and_oracle
    conversations = read_conversations(run)
    assert conversations.torn_last_line and len(conversations.records) == 2
    judged = judged_from_verdicts(verdicts_from_records(conversations.records))
    report = compare_with_oracle(judged, read_oracle(oracle_path))
    assert (
        report.items == 5
        and len(report.unscored_turns) == 1
        and report.turns_without_evaluation == 1
    )
    assert report.oracle_entries == 6 and report.oracle_entries_not_compared == 2
    modes = {m.failure_mode: m for m in report.modes}
    cm = modes["constraint_missed"]
    assert (
        (cm.tp, cm.fp, cm.fn, cm.tn) == (2, 0, 0, 3)
        and cm.f1 == 1.0
        and cm.kappa == pytest.approx(1.0)
    )
    ro = modes["request_omitted"]
    assert (ro.tp, ro.fp, ro.support) == (0, 1, 0) and ro.precision == 0.0 and ro.recall is None
    assert [(e.conversation_id, e.turn) for e in ro.spurious] == [("c1", 2)]
    cf = modes["context_forgotten"]
    assert cf.fn == 1 and cf.f1 == 0.0 and cf.judge_labels_on_oracle_turns == {"(none)": 1}
    assert [(e.conversation_id, e.turn) for e in cf.missed] == [("c2", 3)]
    assert modes["safety_violation"].f1 == 1.0
    assert report.micro.f1 == pytest.approx(2 * 3 / (2 * 3 + 1 + 1))
    assert report.macro.f1 == pytest.approx((1.0 + 0.0 + 0.0 + 1.0) / 4)
    assert cm.judge_labels_on_oracle_turns == {"constraint_missed": 2, "request_omitted": 1}


def test_cli_json_and_table(
    run_and_oracle: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    run, oracle_path = run_and_oracle
    assert (
        main(["calibrate", "oracle", "--run", str(run), "--oracle-log", str(oracle_path), "--json"])
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["micro"]["f1"] == pytest.approx(0.75)
    assert main(["calibrate", "oracle", "--run", str(run), "--oracle-log", str(oracle_path)]) == 0
    out = capsys.readouterr().out
    assert "context_forgotten" in out and "c2:3" in out and "micro" in out


def test_bad_inputs_name_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "oracle.jsonl"
    bad.write_text('{"conversation_id": "c", "turn": 0, "fault": "x", "failure_mode": "nope"}\n')
    with pytest.raises(ConfigError, match="line 1"):
        read_oracle(bad)
    run = tmp_path / "run"
    run.mkdir()
    (run / "conversations.jsonl").write_text(
        '{"broken": 1}\n' + record("c", [verdict()]).model_dump_json() + "\n"
    )
    with pytest.raises(ConfigError, match="line 1"):
        read_conversations(run)


def test_correct_verdicts_and_unserved_requests_are_ground_truth(tmp_path: Path) -> None:
    """A 'correct' entry (failure_mode null) expects no label; an unserved request expects its
    label; a turn without an entry expects no label either."""
    run = write_run(
        tmp_path / "run",
        [
            record(
                "c",
                [verdict("safety_violation"), verdict("fallback_response"), verdict(), verdict()],
            )
        ],
    )
    oracle = tmp_path / "oracle.jsonl"
    rows = [
        {"turn": 0, "kind": "safe_refusal", "fault": "safe_refusal", "failure_mode": None},
        {
            "turn": 1,
            "kind": "not_understood",
            "fault": "not_understood",
            "failure_mode": "fallback_response",
        },
        {"turn": 2, "kind": "stated_limitation", "fault": "no_result", "failure_mode": None},
    ]
    oracle.write_text("".join(json.dumps({"conversation_id": "c", **r}) + "\n" for r in rows))
    log = read_oracle(oracle)
    assert log.labels() == {("c", 0): set(), ("c", 1): {"fallback_response"}, ("c", 2): set()}
    judged = judged_from_verdicts(verdicts_from_records(read_conversations(run).records))
    report = compare_with_oracle(judged, log)
    modes = {m.failure_mode: m for m in report.modes}
    assert (modes["safety_violation"].fp, modes["safety_violation"].support) == (1, 0)
    assert modes["fallback_response"].tp == 1
    assert report.correct_verdicts == 2
    assert report.oracle_entries_by_kind == {
        "not_understood": 1,
        "safe_refusal": 1,
        "stated_limitation": 1,
    }
