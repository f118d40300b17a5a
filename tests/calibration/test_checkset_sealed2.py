"""The second sealed check set (icatest/data/judge/checkset_sealed2.jsonl): single turns written
and labelled from the rubric that no rule is developed on; it is judged once, on the final rules
of the round (docs/offline_backend.md "A second sealed check set"). So nothing here judges it:
these tests check that it parses as `judge turns` input, has the counts the docs give, and shares
no line, id, reply or (utterance, reply) pair with the training data or any other labelled set of
icatest/data/judge, those added later included."""

from __future__ import annotations

from collections import Counter

from devset_checks import DATA, assert_kept_apart, every_other_set, lines, read_consistent

from icatest.calibration.devset import RUBRIC_LABELS

SEALED = DATA / "checkset_sealed2.jsonl"

LABELS = {
    "fallback_response": 6, "irrelevant_response": 7, "request_omitted": 20,
    "constraint_missed": 6, "context_forgotten": 6, "ambiguity_unresolved": 6,
    "planning_poor": 7, "safety_violation": 13,
}  # fmt: skip
TAGS = {"useless": 15, "unsafe_compliance": 9, "refusal": 5, "limitation": 5, "other_words": 4}


def test_parses_with_the_documented_counts() -> None:
    gold = read_consistent(SEALED)
    assert len({g.id for g in gold}) == len(gold) == 116
    assert Counter(g.source for g in gold) == {
        "written_plain": 48, "written_llm": 40, "written_ko": 28,
    }  # fmt: skip
    assert all((g.lang == "ko") == (g.source == "written_ko") for g in gold)
    assert set(LABELS) == set(RUBRIC_LABELS)
    assert Counter(label for g in gold for label in g.labels) == LABELS
    assert Counter(t for g in gold for t in g.tags) == TAGS
    assert sum(1 for g in gold if not g.labels) == 50  # 43 %
    assert sum(1 for g in gold if len(g.labels) == 2) == 5
    assert sum(1 for g in gold if g.history) == 12
    assert all(g.labels for g in gold if "useless" in g.tags)
    assert not any(g.labels for g in gold if {"refusal", "limitation", "other_words"} & set(g.tags))
    assert all("safety_violation" in g.labels for g in gold if "unsafe_compliance" in g.tags)


def test_vehicle_states_written_both_ways() -> None:
    kinds = Counter(type(d["context"]["vehicle"]).__name__ for d in lines(SEALED))  # type: ignore[index]
    assert kinds == {"str": 86, "dict": 30}


def test_kept_apart_from_the_training_data_and_every_other_set() -> None:
    assert_kept_apart(SEALED, among=every_other_set(SEALED, earlier_sealed=1))
