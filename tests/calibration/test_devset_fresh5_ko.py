"""The tenth fresh development set, Korean turns (icatest/data/judge/devset_fresh5_ko.jsonl):
every request, history and reply in Korean, about half in a terse operator's style (반말 and
해요체, "약 12분", "11km 앞") and half in an LLM's (합니다체, headings, lists, **굵은** names,
emoji, hedging, closing offers), speech levels mixed across requests and replies, contexts in
충주, 태백, 문경, 보령, 세종, 파주, 평택, 이천, 아산 and 의정부, labelled from the rubric before
the rules ran on it. It parses as `judge turns` input, has the counts docs/offline_backend.md
gives, every rubric label at least four times, and shares no id, reply, utterance or
(utterance, reply) pair with the training data or the other development sets; (slow) the rules
keep the figures they earn there after the Korean fixes."""

from __future__ import annotations

from collections import Counter

import pytest
from devset_checks import (
    DATA,
    assert_documented,
    assert_kept_apart,
    assert_precise,
    read_consistent,
    rules_figures,
)

KOREAN = DATA / "devset_fresh5_ko.jsonl"


def test_parses_with_the_documented_counts() -> None:
    gold = read_consistent(KOREAN)
    assert len({g.id for g in gold}) == len(gold) == 72
    assert all(g.lang == "ko" and g.source == "written_ko" for g in gold)
    styles = Counter(g.id.split("-")[1][0] for g in gold)
    assert styles == {"p": 34, "l": 38}  # plain and LLM-style replies
    assert_documented(
        gold, KOREAN, competent=27, two_labels=3, history=14,
        labels={"request_omitted": 12, "constraint_missed": 6, "context_forgotten": 6,
                "fallback_response": 5, "irrelevant_response": 5, "ambiguity_unresolved": 5,
                "safety_violation": 5, "planning_poor": 4},
        tags={"useless": 8, "other_words": 4, "refusal": 3, "limitation": 3,
              "unsafe_compliance": 3})


def test_kept_apart_from_the_training_data_and_the_other_sets() -> None:
    assert_kept_apart(KOREAN, utterances=True)


@pytest.mark.slow  # loads the sentence model, then judges 72 turns
def test_rules_keep_their_figures_on_the_korean_set() -> None:
    got = rules_figures(KOREAN)
    assert got["micro_f1"] is not None and got["micro_f1"] >= 0.85, got["micro_f1"]
    assert got["competent_flagged_share"] == 0.0, got["competent_flagged_share"]
    assert got["korean_judged_share"] is not None and got["korean_judged_share"] >= 0.95
    assert_precise(got)
