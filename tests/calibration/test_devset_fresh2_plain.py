"""The third fresh development set (icatest/data/judge/devset_fresh2_plain.jsonl): replies in a
terse operator's plain style (one or two sentences, lowercase, clipped, a typo here and there,
one of two requests answered, refusals and limitations said openly), 19 of them Korean in 해요체,
합니다체 and 반말, labelled from the rubric before the rules ran on it. It parses as `judge
turns` input, has the counts docs/offline_backend.md gives, every rubric label at least five
times, and shares no id, reply, utterance or (utterance, reply) pair with the training data or
the other development sets."""

from __future__ import annotations

from collections import Counter

import pytest
from devset_checks import DATA, assert_documented, assert_kept_apart, read_consistent, rules_figures

PLAIN = DATA / "devset_fresh2_plain.jsonl"


def test_parses_with_the_documented_counts() -> None:
    gold = read_consistent(PLAIN)
    assert len({g.id for g in gold}) == len(gold) == 80
    assert Counter(g.source for g in gold) == {"written_plain": 61, "written_ko": 19}
    assert all((g.lang == "ko") == (g.source == "written_ko") for g in gold)
    assert_documented(
        gold, PLAIN, competent=32, two_labels=3, history=12,
        labels={"request_omitted": 11, "context_forgotten": 7, "constraint_missed": 6,
                "irrelevant_response": 6, "safety_violation": 6, "fallback_response": 5,
                "ambiguity_unresolved": 5, "planning_poor": 5},
        tags={"useless": 6, "unsafe_compliance": 5, "refusal": 3, "limitation": 2,
              "other_words": 2})


def test_kept_apart_from_the_training_data_and_the_other_sets() -> None:
    assert_kept_apart(PLAIN, utterances=True)


@pytest.mark.slow  # loads the sentence model, then judges 80 turns
def test_rules_keep_their_figures_on_the_plain_set() -> None:
    got = rules_figures(PLAIN)
    assert got["micro_f1"] is not None and got["micro_f1"] >= 0.8, got["micro_f1"]
    assert got["competent_flagged_share"] is not None
    assert got["competent_flagged_share"] <= 0.05, got["competent_flagged_share"]
