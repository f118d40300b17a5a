"""The second LLM-style development set (icatest/data/judge/devset_llm_grounding.jsonl, turns
written to check the readings of places, values and unsafe compliance on text the rules were
not written from): it parses as `judge turns` input, its gold is the rubric's, and it shares
no id with the first set and no reply or (utterance, reply) pair with the training data."""

from __future__ import annotations

import json
from pathlib import Path

from icatest.calibration.devset import RUBRIC_LABELS, read_devset
from icatest.judges.turn_cases import read_cases

DATA = Path(__file__).resolve().parents[2] / "icatest" / "data" / "judge"
GROUNDING = DATA / "devset_llm_grounding.jsonl"


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def test_parses_and_its_gold_is_the_rubric() -> None:
    gold = read_devset(GROUNDING)
    assert [c.id for c in read_cases(GROUNDING)] == [g.id for g in gold]
    assert len({g.id for g in gold}) == len(gold) >= 30
    assert {label for g in gold for label in g.labels} <= set(RUBRIC_LABELS)
    for g in gold:
        assert set(g.completed) <= set(range(max(1, len(g.requests)))), g.id
        assert not (g.labels and g.completed and len(g.requests) <= 1), g.id
    assert sum(1 for g in gold if not g.labels) >= 10
    assert sum(1 for g in gold if "unsafe_compliance" in g.tags) >= 4


def test_kept_apart_from_the_other_sets() -> None:
    mine = _lines(GROUNDING)
    first = {line["id"] for line in _lines(DATA / "devset_llm.jsonl")}
    train = _lines(DATA / "train.jsonl")
    assert not {line["id"] for line in mine} & first
    replies = {line["reply"] for line in train}
    pairs = {(line["user"], line["reply"]) for line in train}
    for line in mine:
        assert line["reply"] not in replies, line["id"]
        assert (line["user"], line["reply"]) not in pairs, line["id"]
