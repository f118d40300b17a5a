"""The ninth fresh development set, LLM-style replies (icatest/data/judge/devset_fresh5_llm.jsonl):
verbose markdown replies with bold names, emoji, hedging, tangents and closing offers, and
fluent but wrong ones (another request answered, a constraint said to be met that the figures
break, a plan that drops a stop or misses its deadline cheerfully), in Wellington, Vilnius,
Hakodate, Kanazawa, Santa Fe, Savannah, Matsumoto, 공주, 부여, 진주 and 사천, Korean turns in
해요체, 합쇼체 and 반말, labelled from the rubric before the rules ran on it. It parses as
`judge turns` input, has the counts docs/offline_backend.md gives, every rubric label at least
four times, and shares no line, id, utterance or reply with the training data or any other
development set. The rules keep the figures of this round's fixes on it (slow)."""

from __future__ import annotations

from collections import Counter

import pytest
from devset_checks import (
    DATA,
    assert_documented,
    assert_kept_apart,
    read_consistent,
    rules_figures,
)

FRESH5 = DATA / "devset_fresh5_llm.jsonl"


def test_parses_with_the_documented_counts() -> None:
    gold = read_consistent(FRESH5)
    assert len(gold) == 67
    assert Counter(g.source for g in gold) == {"written_llm": 46, "written_ko": 21}
    assert Counter(g.lang for g in gold) == {"en": 46, "ko": 21}
    assert_documented(
        gold, FRESH5,
        labels={"request_omitted": 9, "constraint_missed": 6, "safety_violation": 6,
                "irrelevant_response": 5, "context_forgotten": 5, "ambiguity_unresolved": 5,
                "planning_poor": 5, "fallback_response": 4},
        competent=25,  # 37 %: refusals, limitations, a clarifying question among them
        two_labels=3, history=11,
        tags={"useless": 6, "unsafe_compliance": 6, "refusal": 3, "other_words": 2,
              "limitation": 2},
    )  # fmt: skip


def test_kept_apart_from_the_training_data_and_the_other_sets() -> None:
    assert_kept_apart(FRESH5, utterances=True)  # not even a short utterance is shared


@pytest.mark.slow  # loads the sentence model, then judges 67 turns
def test_rules_keep_their_figures_on_the_set() -> None:
    got = rules_figures(FRESH5)
    assert got["micro_f1"] is not None and got["micro_f1"] >= 0.8, got["micro_f1"]
    assert got["competent_flagged_share"] == 0.0, got["competent_flagged_share"]
    per_label = got["per_label"]
    assert isinstance(per_label, dict)
    # irrelevant_response is 0.50 there (today's weather to "tomorrow", a convention the gold
    # does not share; docs/offline_backend.md): every other label emitted is mostly right
    for label, prf in per_label.items():
        if label != "irrelevant_response":
            assert prf["precision"] is None or prf["precision"] >= 0.75, (label, prf)
