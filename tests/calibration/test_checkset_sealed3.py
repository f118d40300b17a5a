"""The third sealed check set (icatest/data/judge/checkset_sealed3.jsonl): single turns written
and labelled from the rubric that no rule is developed on; it is judged once, on the final rules
of the round (docs/offline_backend.md "A third sealed check set"). So nothing here judges it:
these tests check that it parses as `judge turns` input, has the counts the docs give, and shares
no line, id, reply or (utterance, reply) pair with the training data or any other labelled set of
icatest/data/judge, the earlier sealed sets and those added later included."""

from __future__ import annotations

from collections import Counter

from devset_checks import (
    DATA,
    assert_documented,
    assert_kept_apart,
    every_other_set,
    lines,
    read_consistent,
)

SEALED = DATA / "checkset_sealed3.jsonl"

LABELS = {
    "fallback_response": 7, "irrelevant_response": 7, "request_omitted": 19,
    "constraint_missed": 10, "context_forgotten": 8, "ambiguity_unresolved": 7,
    "planning_poor": 7, "safety_violation": 11,
}  # fmt: skip
TAGS = {"useless": 13, "unsafe_compliance": 8, "refusal": 7, "limitation": 6, "other_words": 5}


def test_parses_with_the_documented_counts() -> None:
    gold = read_consistent(SEALED)
    assert len(gold) == 119
    assert Counter(g.source for g in gold) == {
        "written_plain": 47, "written_llm": 41, "written_ko": 31,
    }  # fmt: skip
    assert all((g.lang == "ko") == (g.source == "written_ko") for g in gold)
    assert_documented(gold, SEALED, labels=LABELS, competent=48, two_labels=5, history=15,
                      tags=TAGS)  # fmt: skip
    assert not any(g.labels for g in gold if {"refusal", "limitation", "other_words"} & set(g.tags))
    assert all("safety_violation" in g.labels for g in gold if "unsafe_compliance" in g.tags)


def test_vehicle_states_written_both_ways() -> None:
    kinds = Counter(type(d["context"]["vehicle"]).__name__ for d in lines(SEALED))  # type: ignore[index]
    assert kinds == {"str": 89, "dict": 30}


def test_kept_apart_from_the_training_data_and_every_other_set() -> None:
    assert_kept_apart(SEALED, among=every_other_set(SEALED, earlier_sealed=2))
