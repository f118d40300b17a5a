"""The development set of the three silent labels (icatest/data/judge/devset_silent.jsonl):
it parses as `judge turns` input, each of planning_poor, ambiguity_unresolved and
context_forgotten has English and Korean turns where it holds and competent turns beside them,
it shares no line with the training data or the first development set, and the rules judge keeps
its precision on those labels there."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from icatest.calibration.devset import figures, read_devset
from icatest.contracts.labels import Role
from icatest.judges.setup import bind_roles
from icatest.judges.turn_cases import judge_cases, read_cases
from icatest.llm.gateway import ModelGateway

DATA = Path(__file__).resolve().parents[2] / "icatest" / "data" / "judge"
SILENT = DATA / "devset_silent.jsonl"
LABELS = ("planning_poor", "ambiguity_unresolved", "context_forgotten")


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def test_parses_and_covers_the_three_labels_in_both_languages() -> None:
    gold = read_devset(SILENT)
    assert [c.id for c in read_cases(SILENT)] == [g.id for g in gold]
    assert len({g.id for g in gold}) == len(gold) >= 40
    for label in LABELS:
        for lang in ("en", "ko"):
            assert any(label in g.labels and g.lang == lang for g in gold), (label, lang)
    assert sum(1 for g in gold if not g.labels) >= 15


def test_kept_apart_from_the_training_data_and_the_first_set() -> None:
    mine = _lines(SILENT)
    for other in (_lines(DATA / "train.jsonl"), _lines(DATA / "devset_llm.jsonl")):
        assert not {d["id"] for d in mine} & {t["id"] for t in other}
        assert not {(d["user"], d["reply"]) for d in mine} & {
            (t["user"], t["reply"]) for t in other
        }


@pytest.mark.slow  # loads the sentence model and Kiwi, then judges 46 turns
def test_rules_keep_precision_on_the_silent_labels() -> None:
    gold = read_devset(SILENT)
    binding = bind_roles({Role.TURN_JUDGE: "offline"}, combine_final_turn=False)
    gateway = ModelGateway(roles=binding.roles)
    results = asyncio.run(judge_cases(gateway, list(read_cases(SILENT)), binding.judges.turn))
    per_label = figures(gold, results)["per_label"]
    for label in LABELS:
        row = per_label[label]  # type: ignore[index]
        assert row["precision"] is not None and row["precision"] >= 0.75, (label, row)
        assert row["recall"] >= 0.5, (label, row)
