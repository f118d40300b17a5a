"""The offline judge's learned answer model: the shipped artefact is what `icatest judge train`
builds from the shipped data, the judge uses it only where rules and similarity cannot tell,
and it abstains when it is not confident."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from icatest.cli import main
from icatest.judges.rules import learned
from icatest.judges.rules.learned import ARTEFACT_PATH, DATA_PATH, AnswerModel, package_file
from icatest.judges.rules.table import judge_request
from icatest.judges.rules.turn import Request, TurnInput
from icatest.judges.rules.verdicts import Outcome

# No rule applies (no name, number, address or kind evidence) and the similarity (about 0.38)
# is in the band where it alone cannot tell; the model is confident (P about 0.9).
CHARGE = "Where can I charge the car?"
GARAGE = "The shopping centre garage has a few plugs on level two."


def _judge(user: str, reply: str):
    req = Request(description=user)
    return judge_request(req, TurnInput(user=user, reply=reply, requests=(req,)))


@pytest.mark.slow
def test_retraining_reproduces_the_shipped_artefact(tmp_path: Path) -> None:
    shipped = json.loads(package_file(ARTEFACT_PATH).read_text(encoding="utf-8"))
    out = tmp_path / "model.json"
    assert main(["judge", "train", "--out", str(out)]) == 0
    rebuilt = json.loads(out.read_text(encoding="utf-8"))
    exact = ("data_sha256", "features", "feature_version", "examples", "class_counts", "version")
    for key in exact:  # a changed training set or feature list fails here
        assert rebuilt[key] == shipped[key], key
    for key in ("mean", "scale", "coef"):  # small float differences across machines only
        assert rebuilt[key] == pytest.approx(shipped[key], abs=0.005), key
    assert rebuilt["intercept"] == pytest.approx(shipped["intercept"], abs=0.005)
    assert rebuilt["cv_accuracy"] >= 0.75 and rebuilt["training_accuracy"] >= 0.8


def test_the_artefact_matches_the_code_and_is_small() -> None:
    path = package_file(ARTEFACT_PATH)
    assert path.stat().st_size < 64_000  # "a few MB at most": it is a few kB
    model = learned.shipped_model()
    assert model is not None, "the artefact was built for other features: run icatest judge train"
    assert model.features == list(learned.FEATURES)
    assert model.examples >= 200 and min(model.class_counts.values()) >= 80


def test_the_judge_decides_with_the_model_where_rules_cannot(monkeypatch) -> None:
    verdict = _judge(CHARGE, GARAGE)
    assert verdict.outcome is Outcome.COMPLETED, verdict.reason
    assert "learned model" in verdict.reason
    monkeypatch.setattr(learned, "shipped_model", lambda: None)
    alone = _judge(CHARGE, GARAGE)
    assert alone.outcome is Outcome.UNCERTAIN, alone.reason


def test_a_model_that_is_not_confident_abstains(monkeypatch) -> None:
    shipped = learned.shipped_model()
    assert shipped is not None
    unsure = shipped.model_copy(update={"coef": [0.0] * len(shipped.coef), "intercept": 0.0})
    monkeypatch.setattr(learned, "shipped_model", lambda: unsure)
    verdict = _judge(CHARGE, GARAGE)
    assert verdict.outcome is Outcome.UNCERTAIN and "P(answers) 0.50" in verdict.reason


def test_rules_still_decide_where_they_are_exact(monkeypatch) -> None:
    sure = AnswerModel.model_validate(
        {**learned.shipped_model().model_dump(), "intercept": 50.0}  # type: ignore[union-attr]
    )
    monkeypatch.setattr(learned, "shipped_model", lambda: sure)  # says "answers" to anything
    verdict = _judge("Find a pharmacy", "Sorry, I can't help with that.")
    assert verdict.outcome is Outcome.FAILED and "fallback" in verdict.reason


def _line(**fields) -> str:
    base = {"id": "x", "user": "Find a café", "reply": "Café Lotte, 300 m.", "completed": [0]}
    return json.dumps({**base, **fields}) + "\n"


@pytest.mark.parametrize(
    ("line", "field"),
    [
        (_line(labels=["not_a_label"]), "labels"),
        (_line(completed=[], labels=[]), "completed"),
        (_line(reply=None), "reply"),
        ("{not json\n", "not JSON"),
    ],
)
def test_bad_training_data_names_file_line_and_field(tmp_path: Path, capsys, line, field) -> None:
    data = tmp_path / "train.jsonl"
    data.write_text(_line(id="ok") + line, encoding="utf-8")
    assert main(["judge", "train", "--data", str(data), "--out", str(tmp_path / "m.json")]) == 2
    err = capsys.readouterr().err
    assert "train.jsonl:2" in err and field in err, err
    assert not (tmp_path / "m.json").exists()


def test_training_data_ships_with_the_package() -> None:
    assert package_file(DATA_PATH).is_file()
    text = Path(__file__).resolve().parents[2].joinpath("setup.py").read_text()
    assert '"**/*.json"' in text and '"**/*.jsonl"' in text  # package data carries both
