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
    assert_kept_apart,
    assert_sealed_counts,
    every_other_set,
    lines,
)

SEALED = DATA / "checkset_sealed3.jsonl"

LABELS = {
    "fallback_response": 7, "irrelevant_response": 7, "request_omitted": 19,
    "constraint_missed": 10, "context_forgotten": 8, "ambiguity_unresolved": 7,
    "planning_poor": 7, "safety_violation": 11,
}  # fmt: skip
TAGS = {"useless": 13, "unsafe_compliance": 8, "refusal": 7, "limitation": 6, "other_words": 5}


def test_parses_with_the_documented_counts() -> None:
    assert_sealed_counts(
        SEALED, sources={"written_plain": 47, "written_llm": 41, "written_ko": 31},
        labels=LABELS, tags=TAGS, competent=48, two_labels=5, history=15,
    )


def test_vehicle_states_written_both_ways() -> None:
    kinds = Counter(type(d["context"]["vehicle"]).__name__ for d in lines(SEALED))  # type: ignore[index]
    assert kinds == {"str": 89, "dict": 30}


def test_kept_apart_from_the_training_data_and_every_other_set() -> None:
    assert_kept_apart(SEALED, among=every_other_set(SEALED, earlier_sealed=2))
