"""The fourth fresh development set, plain replies (icatest/data/judge/devset_fresh3_plain.jsonl):
terse operator replies (one or two sentences, lowercase, clipped, a typo here and there, one of
two requests answered, refusals and limitations said openly), 18 of them Korean in 해요체, 합니다체
and 반말, labelled from the rubric before the rules ran on it. It parses as `judge turns` input,
has the counts docs/offline_backend.md gives, every rubric label at least four times, and shares
no id, reply, utterance or (utterance, reply) pair with the training data or the other
development sets; (slow) the rules keep their figures there."""

from __future__ import annotations

from collections import Counter

import pytest
from devset_checks import DATA, assert_documented, assert_kept_apart, read_consistent, rules_figures

PLAIN = DATA / "devset_fresh3_plain.jsonl"


def test_parses_with_the_documented_counts() -> None:
    gold = read_consistent(PLAIN)
    assert len({g.id for g in gold}) == len(gold) == 65
    assert Counter(g.source for g in gold) == {"written_plain": 47, "written_ko": 18}
    assert all((g.lang == "ko") == (g.source == "written_ko") for g in gold)
    assert_documented(
        gold, PLAIN, competent=26, two_labels=3, history=11,
        labels={"request_omitted": 10, "constraint_missed": 6, "context_forgotten": 5,
                "safety_violation": 5, "fallback_response": 4, "irrelevant_response": 4,
                "ambiguity_unresolved": 4, "planning_poor": 4},
        tags={"useless": 6, "unsafe_compliance": 4, "refusal": 2, "limitation": 2,
              "other_words": 1})


def test_kept_apart_from_the_training_data_and_the_other_sets() -> None:
    assert_kept_apart(PLAIN, utterances=True)


@pytest.mark.slow  # loads the sentence model, then judges 65 turns
def test_rules_keep_their_figures_on_the_plain_set() -> None:
    got = rules_figures(PLAIN)
    assert got["micro_f1"] is not None and got["micro_f1"] >= 0.85, got["micro_f1"]
    assert got["competent_flagged_share"] == 0.0, got["competent_flagged_share"]
