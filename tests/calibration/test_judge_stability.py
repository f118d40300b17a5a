"""rejudge --repeat: the same transcripts judged N times by a sampling model (the loopback fake
with a seeded variation), per-label Fleiss kappa, changed turns, flipped decisions; the offline
judges are said to be deterministic and not repeated."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from calibration_builders import record, verdict, write_run

from icatest.calibration.rejudge import JudgementRecord, TurnJudgementEntry
from icatest.calibration.stability import stability
from icatest.cli import main
from icatest.contracts.labels import Decision
from icatest.testing.fake_openai import FakeOpenAI, varying

CLEAN = json.dumps({"findings": [], "target_updates": [{"target_id": "t1", "status": 1}]})
FALLBACK = json.dumps({
    "findings": [{"label": "fallback_response", "rationale": "a generic answer"}],
    "target_updates": [],
})


def _judged(cid: str, labels: list[list[str]], decision: Decision) -> JudgementRecord:
    turns = [TurnJudgementEntry(turn_number=i, verdict=verdict(*ls)) for i, ls in enumerate(labels)]
    return JudgementRecord(conversation_id=cid, judge="j", turns=turns,
                           conversation_verdict=None, success_decision=decision)


def test_stability_by_hand() -> None:
    fail, ok = Decision.FAIL, Decision.PASS
    sets = [
        [_judged("a", [["fallback_response"], []], fail), _judged("b", [[]], ok)],
        [_judged("a", [["fallback_response"], []], fail), _judged("b", [[]], ok)],
        [_judged("a", [[], []], ok), _judged("b", [[]], ok)],
    ]
    report = stability(sets)
    assert (report.repeats, report.conversations, report.judged_turns) == (3, 2, 3)
    fb = next(s for s in report.labels if s.label == "fallback_response")
    # items: [2 yes, 1 no], [0, 3], [0, 3]: P_bar = (1/3 + 1 + 1) / 3, P_e = (2/9)^2 + (7/9)^2
    p_bar, p_e = 7 / 9, (2 / 9) ** 2 + (7 / 9) ** 2
    assert fb.fleiss_kappa == pytest.approx((p_bar - p_e) / (1 - p_e), abs=1e-4)
    assert fb.changed_turns == 1 and report.changed_turn_share == pytest.approx(1 / 3)
    assert report.flipped_conversations == 1 and report.unstable[0].conversation_id == "a"
    never = next(s for s in report.labels if s.label == "safety_violation")
    assert never.fleiss_kappa is None and never.turns_with_label == 0  # undefined, not 1


def _run(tmp_path: Path) -> Path:
    records = [record(f"c{i}", [verdict(), verdict(), verdict()]) for i in range(6)]
    return write_run(tmp_path / "run", records)


def test_rejudge_repeat_against_a_sampling_fake(tmp_path: Path, capsys) -> None:
    run = _run(tmp_path)
    with FakeOpenAI(varying([CLEAN, CLEAN, FALLBACK], seed=7)) as srv:
        code = main(["rejudge", str(run), "--turn-judge", f"openai/fake@{srv.base_url}/v1",
                     "--repeat", "3", "--no-preflight", "--concurrency", "2"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "Fleiss kappa" in out and "conversations whose decision flips" in out
    data = json.loads((run / "judgements" / "repeat-stability.json").read_text())
    assert data["repeats"] == 3 and data["conversations"] == 6 and data["judged_turns"] == 18
    assert 0 < data["changed_turn_share"] <= 1  # the fake samples: labels change
    fb = next(s for s in data["labels"] if s["label"] == "fallback_response")
    assert fb["turns_with_label"] > 0 and fb["fleiss_kappa"] is not None and fb["fleiss_kappa"] < 1
    assert len(data["unstable"]) == data["flipped_conversations"]
    for i in (1, 2, 3):
        assert (run / "judgements" / f"repeat-r{i}.jsonl").is_file()


def test_offline_judges_are_not_repeated(tmp_path: Path, capsys) -> None:
    run = _run(tmp_path)
    assert main(["rejudge", str(run), "--turn-judge", "offline", "--repeat", "3"]) == 0
    assert "deterministic" in capsys.readouterr().out
    assert not (run / "judgements").exists()


def test_a_single_rejudge_still_needs_its_name(tmp_path: Path, capsys) -> None:
    run = _run(tmp_path)
    assert main(["rejudge", str(run), "--turn-judge", "offline"]) == 2
    assert "--conversation-judge" in capsys.readouterr().err


def test_calibrate_stability_between_an_ensembles_members(tmp_path: Path, capsys) -> None:
    run = _run(tmp_path)
    for name, script in (("a", [CLEAN]), ("b", [CLEAN]), ("c", [FALLBACK])):
        with FakeOpenAI(varying(script)) as srv:
            assert main(["rejudge", str(run), "--turn-judge", f"openai/fake@{srv.base_url}/v1",
                         "--conversation-judge", "offline", "--as", name,
                         "--no-preflight"]) == 0
    capsys.readouterr()
    code = main(["calibrate", "stability", str(run), "--judgements", "a", "--judgements", "b",
                 "--judgements", "c", "--json"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report == json.loads((run / "judgements" / "a-b-c-stability.json").read_text())
    assert report["repeats"] == 3 and report["changed_turn_share"] == 1.0  # c always disagrees
    fb = next(s for s in report["labels"] if s["label"] == "fallback_response")
    # every turn: 1 of 3 finds it; P_bar = 1/3, P_e = 5/9: kappa = (1/3 - 5/9) / (4/9) = -0.5
    assert fb["changed_turns"] == report["judged_turns"] and fb["fleiss_kappa"] == -0.5
