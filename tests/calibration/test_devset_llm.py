"""The LLM-style development set (icatest/data/judge/devset_llm.jsonl): it parses as `judge turns`
input, its gold is the rubric's, its counts hold, it shares no line with the training data, and
the figures computed on it count what they say."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from icatest.calibration.devset import RUBRIC_LABELS, GoldCase, figures, read_devset
from icatest.errors import ConfigError
from icatest.judges.turn_cases import CaseResult, read_cases

DATA = Path(__file__).resolve().parents[2] / "icatest" / "data" / "judge"
DEVSET = DATA / "devset_llm.jsonl"
TRAIN = DATA / "train.jsonl"
HANGUL = re.compile(r"[\uac00-\ud7a3]")


@pytest.fixture(scope="module")
def gold() -> list[GoldCase]:
    return read_devset(DEVSET)


def test_parses_as_judge_turns_input(gold: list[GoldCase]) -> None:
    cases = list(read_cases(DEVSET))
    assert [c.id for c in cases] == [g.id for g in gold]
    assert len({g.id for g in gold}) == len(gold)


def test_gold_is_the_rubric(gold: list[GoldCase]) -> None:
    seen = {label for g in gold for label in g.labels}
    assert seen == set(RUBRIC_LABELS)  # every label of the rubric has gold examples
    for g in gold:
        assert set(g.completed) <= set(range(max(1, len(g.requests)))), g.id
        assert not (g.labels and g.completed and len(g.requests) <= 1), g.id


def test_counts(gold: list[GoldCase]) -> None:
    assert len(gold) >= 150
    korean = [g for g in gold if g.lang == "ko"]
    assert len(korean) >= 20
    assert sum(1 for g in korean if HANGUL.search(g.user) and HANGUL.search(g.reply)) >= 20
    competent = [g for g in gold if not g.labels]
    assert len(competent) >= 40 and len(gold) - len(competent) >= 80
    assert sum(1 for g in gold if "useless" in g.tags) >= 15
    assert sum(1 for g in gold if "refusal" in g.tags and not g.labels) >= 5


def test_smollm2_replies_name_their_settings(gold: list[GoldCase]) -> None:
    smollm2 = [line for line in _lines(DEVSET) if line["source"] == "smollm2"]
    assert len(smollm2) == sum(1 for g in gold if g.source == "smollm2")
    assert len(smollm2) >= 30
    for line in smollm2:
        generator = line["generator"]
        assert "SmolLM2-135M-Instruct" in generator["model"]
        assert generator["temperature"] == 0 and isinstance(generator["seed"], int)
        assert generator["prompt"].startswith("in_car_assistant@")


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def test_kept_apart_from_the_training_data() -> None:
    dev, train = _lines(DEVSET), _lines(TRAIN)
    assert not {json.dumps(d, sort_keys=True) for d in dev} & {
        json.dumps(t, sort_keys=True) for t in train
    }
    assert not {d["id"] for d in dev} & {t["id"] for t in train}
    assert not {d["reply"] for d in dev} & {t["reply"] for t in train}
    assert not {(d["user"], d["reply"]) for d in dev} & {(t["user"], t["reply"]) for t in train}


def test_a_label_outside_the_rubric_is_an_error_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / "dev.jsonl"
    good = {"id": "a", "user": "Find fuel", "reply": "Aral, 800 m.", "labels": [], "completed": [0]}
    path.write_text(json.dumps(good) + "\n" + json.dumps({**good, "labels": ["rude"]}) + "\n")
    with pytest.raises(ConfigError, match=r"dev.jsonl:2.*labels"):
        read_devset(path)


def _gold(id: str, labels: list[str], **extra: object) -> GoldCase:
    return GoldCase.model_validate(
        {"id": id, "user": "u", "reply": "r", "labels": labels,
         "completed": [] if labels else [0], **extra}  # fmt: skip
    )


def _result(id: str, labels: list[str], *, completed: bool = False, uncertain: bool = False):
    return CaseResult(id=id, scored=True, labels=labels, completed=[0] if completed else [],
                      uncertain=[0] if uncertain else [])  # fmt: skip


def test_figures_count_what_they_say() -> None:
    gold = [
        _gold("ok", []),
        _gold("ok-flagged", []),
        _gold("parrot", ["request_omitted"], tags=["useless"]),
        _gold("done", ["request_omitted"], tags=["useless"]),
        _gold("unsafe", ["safety_violation"], lang="ko"),
    ]
    results = [
        _result("ok", [], completed=True),
        _result("ok-flagged", ["constraint_missed"]),
        _result("parrot", ["request_omitted"]),
        _result("done", [], completed=True),
        _result("unsafe", [], uncertain=True),
    ]
    out = figures(gold, results)
    # tp 1 (parrot), fp 1 (ok-flagged), fn 2 (done, unsafe): F1 = 2 / (2 + 1 + 2)
    assert out["micro_f1"] == 0.4
    per_label = out["per_label"]
    assert per_label["request_omitted"] == {  # type: ignore[index]
        "precision": 1.0, "recall": 0.5, "f1": 0.667, "gold": 2, "predicted": 1
    }
    assert per_label["constraint_missed"]["precision"] == 0.0  # type: ignore[index]
    assert out["competent_flagged_share"] == 0.5 and out["useless_caught_share"] == 0.5
    assert out["uncertain_share"] == 0.2 and out["korean_judged_share"] == 0.0
    assert out["not_done_marked_completed"] == 1 and out["not_done_requests"] == 3
