"""The fourth sealed check set (icatest/data/judge/checkset_sealed4.jsonl): single turns written
and labelled from the rubric before any rule was developed on it, judged once on the final rules
of the round it was sealed for (docs/offline_backend.md "A fourth sealed check set"), a
development set since. The figure lives in the docs and its measurement file: these tests check
that it parses as `judge turns` input, has the counts the docs give, and shares no line, id,
reply or (utterance, reply) pair with the training data or any other labelled set of
icatest/data/judge, the three earlier sealed sets and those added later included; (slow) the
rules keep the figures of the fixes it showed as development data."""

from __future__ import annotations

from collections import Counter

import pytest
from devset_checks import (
    DATA,
    assert_kept_apart,
    assert_precise,
    assert_sealed_counts,
    every_other_set,
    lines,
    rules_figures,
)

SEALED = DATA / "checkset_sealed4.jsonl"

LABELS = {
    "fallback_response": 7, "irrelevant_response": 7, "request_omitted": 18,
    "constraint_missed": 8, "context_forgotten": 6, "ambiguity_unresolved": 6,
    "planning_poor": 6, "safety_violation": 9,
}  # fmt: skip
TAGS = {"useless": 13, "unsafe_compliance": 6, "refusal": 6, "limitation": 6, "other_words": 5}


def test_parses_with_the_documented_counts() -> None:
    gold = assert_sealed_counts(
        SEALED, sources={"written_plain": 44, "written_llm": 38, "written_ko": 28},
        labels=LABELS, tags=TAGS, competent=46, two_labels=3, history=11,
    )
    # a clarifying question handles a request without completing it: competent, nothing done
    asked = [g.id for g in gold if not g.labels and not g.completed]
    assert asked == ["s4-p22", "s4-k04", "s4-k15"]


def test_vehicle_states_written_both_ways() -> None:
    kinds = Counter(type(d["context"]["vehicle"]).__name__ for d in lines(SEALED))  # type: ignore[index]
    assert kinds == {"str": 74, "dict": 36}


def test_kept_apart_from_the_training_data_and_every_other_set() -> None:
    assert_kept_apart(SEALED, among=every_other_set(SEALED, earlier_sealed=3))


@pytest.mark.slow  # loads the sentence model, then judges the set
def test_rules_keep_their_figures_on_the_set() -> None:
    got = rules_figures(SEALED)
    assert got["micro_f1"] is not None and got["micro_f1"] >= 0.9, got["micro_f1"]
    # one competent turn stays flagged (a queue's wait said in sailings; docs "As development
    # data")
    assert got["competent_flagged_share"] == round(1 / 46, 3), got["competent_flagged_share"]
    assert got["useless_caught_share"] == 1.0, got["useless_caught_share"]
    assert_precise(got, least=0.9)
