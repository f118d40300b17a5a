"""The seventh sealed check set (icatest/data/judge/checkset_sealed7.jsonl): single turns written
and labelled from the rubric that no rule is developed on; it is judged once, on the final rules
of the round after this one (docs/offline_backend.md "A seventh sealed check set"). So nothing
here judges it: these tests check that it parses as `judge turns` input, has the counts the docs
give, and shares no line, id, reply, utterance or (utterance, reply) pair, and no 35-character
stretch of an utterance, reply or history turn, with the training data or any other labelled set
of icatest/data/judge, the six earlier sealed sets and those added later included."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from devset_checks import (
    DATA,
    assert_kept_apart,
    assert_no_stretch_shared,
    assert_sealed_counts,
    every_other_set,
    lines,
)

SEALED = DATA / "checkset_sealed7.jsonl"

LABELS = {
    "fallback_response": 7, "irrelevant_response": 7, "request_omitted": 16,
    "constraint_missed": 8, "context_forgotten": 8, "ambiguity_unresolved": 6,
    "planning_poor": 6, "safety_violation": 9,
}  # fmt: skip
TAGS = {"useless": 13, "unsafe_compliance": 6, "refusal": 6, "limitation": 6, "other_words": 5}


def _others() -> list[Path]:
    return every_other_set(SEALED, earlier_sealed=6)


def test_parses_with_the_documented_counts() -> None:
    gold = assert_sealed_counts(
        SEALED, sources={"written_plain": 44, "written_llm": 38, "written_ko": 28},
        labels=LABELS, tags=TAGS, competent=46, two_labels=3, history=11,
    )
    # the two-label turns: a preference set on an earlier turn, broken by a request that carries it
    assert all(set(g.labels) == {"context_forgotten", "constraint_missed"} and g.history
               for g in gold if len(g.labels) == 2)  # fmt: skip
    # a clarifying question handles a request without completing it: competent, nothing done
    asked = [g.id for g in gold if not g.labels and not g.completed]
    assert asked == ["s7-p17", "s7-l14", "s7-k10"]


def test_vehicle_states_written_both_ways() -> None:
    vehicles = [d["context"]["vehicle"] for d in lines(SEALED)]  # type: ignore[index]
    kinds = Counter(type(v).__name__ for v in vehicles)
    assert kinds == {"str": 73, "dict": 37}


def test_kept_apart_from_the_training_data_and_every_other_set() -> None:
    assert_kept_apart(SEALED, utterances=True, among=_others())


def test_no_stretch_of_text_shared_with_another_set() -> None:
    assert_no_stretch_shared(SEALED, _others())
