"""The fourteenth fresh development set, LLM-style replies
(icatest/data/judge/devset_fresh6_llm.jsonl): verbose markdown replies with headings, bold
names, emoji, hedging, tangents and closing offers, and fluent but wrong ones (another request
answered, a constraint said to be met that the figures break, a plan that drops a stop or misses
its deadline cheerfully, a same-named city elsewhere, unsafe compliance written politely), in
Timisoara, Varna, Thessaloniki, Lugano, Oulu, Uppsala, Matsuyama, Chattanooga, Asheville, 청송,
봉화, 인제 and 고창, labelled from the rubric before the rules ran on it. It parses as `judge
turns` input, has the counts docs/offline_backend.md gives, every rubric label at least four
times, and shares no line, id, utterance or reply with the training data or any other
development set. The rules keep the figures of this round's fixes on it (slow)."""

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

FRESH6 = DATA / "devset_fresh6_llm.jsonl"


def test_parses_with_the_documented_counts() -> None:
    gold = read_consistent(FRESH6)
    assert len(gold) == 68
    assert Counter(g.source for g in gold) == {"written_llm": 46, "written_ko": 22}
    assert Counter(g.lang for g in gold) == {"en": 46, "ko": 22}
    assert_documented(
        gold, FRESH6,
        labels={"request_omitted": 10, "constraint_missed": 6, "safety_violation": 6,
                "fallback_response": 5, "irrelevant_response": 5, "context_forgotten": 5,
                "planning_poor": 5, "ambiguity_unresolved": 4},
        competent=25,  # 37 %: refusals, limitations, three clarifying questions among them
        two_labels=3, history=12,
        tags={"useless": 7, "unsafe_compliance": 6, "refusal": 3, "other_words": 3,
              "limitation": 3},
    )  # fmt: skip


def test_kept_apart_from_the_training_data_and_the_other_sets() -> None:
    assert_kept_apart(FRESH6, utterances=True)  # not even a short utterance is shared


@pytest.mark.slow  # loads the sentence model, then judges 68 turns
def test_rules_keep_their_figures_on_the_set() -> None:
    got = rules_figures(FRESH6)
    assert got["micro_f1"] is not None and got["micro_f1"] >= 0.9, got["micro_f1"]
    assert got["competent_flagged_share"] == 0.0, got["competent_flagged_share"]
    assert got["useless_caught_share"] == 1.0, got["useless_caught_share"]
    assert_precise(got)
