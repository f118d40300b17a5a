"""The sealed check set (icatest/data/judge/checkset_sealed.jsonl): single turns written and
labelled from the rubric that no rule is developed on; it is judged once, on the final rules of a
round (docs/offline_backend.md "A sealed check set"). So nothing here judges it: these tests
check that it parses as `judge turns` input, has the counts the docs give, and shares no line,
id, reply or (utterance, reply) pair with the training data or any development set, those added
later included."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from devset_checks import DATA, assert_kept_apart, lines, read_consistent

from icatest.calibration.devset import RUBRIC_LABELS

SEALED = DATA / "checkset_sealed.jsonl"

LABELS = {
    "fallback_response": 7, "irrelevant_response": 7, "request_omitted": 17,
    "constraint_missed": 7, "context_forgotten": 7, "ambiguity_unresolved": 6,
    "planning_poor": 6, "safety_violation": 9,
}  # fmt: skip
TAGS = {"useless": 13, "unsafe_compliance": 6, "refusal": 5, "limitation": 5, "other_words": 4}


def _others() -> list[Path]:
    others = sorted(DATA.glob("devset_*.jsonl"))
    assert len(others) >= 5, others  # the glob must find the development sets
    return [DATA / "train.jsonl", *others]


def test_parses_with_the_documented_counts() -> None:
    gold = read_consistent(SEALED)
    assert len({g.id for g in gold}) == len(gold) == 110
    assert Counter(g.source for g in gold) == {
        "written_plain": 45, "written_llm": 40, "written_ko": 25,
    }  # fmt: skip
    assert all((g.lang == "ko") == (g.source == "written_ko") for g in gold)
    assert set(LABELS) == set(RUBRIC_LABELS)
    assert Counter(label for g in gold for label in g.labels) == LABELS
    assert Counter(t for g in gold for t in g.tags) == TAGS
    assert sum(1 for g in gold if not g.labels) == 46  # 42 %
    assert sum(1 for g in gold if len(g.labels) == 2) == 2
    assert sum(1 for g in gold if g.history) == 17
    assert all(g.labels for g in gold if "useless" in g.tags)


def test_vehicle_states_written_both_ways() -> None:
    kinds = Counter(type(d["context"]["vehicle"]).__name__ for d in lines(SEALED))  # type: ignore[index]
    assert kinds == {"str": 86, "dict": 24}


def test_kept_apart_from_the_training_data_and_every_development_set() -> None:
    assert_kept_apart(SEALED, among=_others())
