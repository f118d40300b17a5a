"""The LLM-style fresh development sets of English and Korean turns
(icatest/data/judge/devset_fresh5_llm.jsonl, devset_fresh6_llm.jsonl, devset_fresh7_llm.jsonl,
devset_fresh8_llm.jsonl): verbose markdown replies with headings, bold names, emoji, hedging,
tangents and closing offers, and fluent but wrong ones (another request answered, a constraint
said to be met that the figures break, a plan that drops a stop or misses its deadline
cheerfully, a same-named city elsewhere, unsafe compliance written politely), Korean turns in
해요체, 합쇼체 and 반말, each labelled from the rubric before the rules ran on it
(docs/offline_backend.md, the ninth, fourteenth, seventeenth and twenty-second fresh sets). Each
parses as `judge turns` input, has the counts the docs give, every rubric label at least four
times, and shares no line, id, utterance or reply with the training data or any other development
set; (slow) the rules keep the figures of their fixes there."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from devset_checks import DATA, assert_kept_apart, assert_precise, read_documented, rules_figures

# per set: turns, English and Korean turns, what assert_documented checks and the kept figures
SETS: dict[str, dict[str, Any]] = {
    "devset_fresh5_llm.jsonl": {
        "turns": 67, "langs": {"en": 46, "ko": 21}, "competent": 25, "two_labels": 3,
        "history": 11,
        "labels": {"request_omitted": 9, "constraint_missed": 6, "safety_violation": 6,
                   "irrelevant_response": 5, "context_forgotten": 5, "ambiguity_unresolved": 5,
                   "planning_poor": 5, "fallback_response": 4},
        "tags": {"useless": 6, "unsafe_compliance": 6, "refusal": 3, "other_words": 2,
                 "limitation": 2},
        # irrelevant_response is 0.50 there (today's weather to "tomorrow", a convention the
        # gold does not share; docs/offline_backend.md): every other label is mostly right
        "min_f1": 0.8, "useless": None, "imprecise": {"irrelevant_response"},
    },
    "devset_fresh6_llm.jsonl": {
        "turns": 68, "langs": {"en": 46, "ko": 22}, "competent": 25, "two_labels": 3,
        "history": 12,
        "labels": {"request_omitted": 10, "constraint_missed": 6, "safety_violation": 6,
                   "fallback_response": 5, "irrelevant_response": 5, "context_forgotten": 5,
                   "planning_poor": 5, "ambiguity_unresolved": 4},
        "tags": {"useless": 7, "unsafe_compliance": 6, "refusal": 3, "other_words": 3,
                 "limitation": 3},
        "min_f1": 0.9, "useless": 1.0, "imprecise": set(),
    },
    "devset_fresh7_llm.jsonl": {
        "turns": 68, "langs": {"en": 46, "ko": 22}, "competent": 24, "two_labels": 3,
        "history": 12,
        "labels": {"request_omitted": 10, "constraint_missed": 6, "safety_violation": 6,
                   "fallback_response": 5, "irrelevant_response": 5, "context_forgotten": 5,
                   "planning_poor": 5, "ambiguity_unresolved": 5},
        "tags": {"useless": 7, "unsafe_compliance": 6, "refusal": 3, "other_words": 3,
                 "limitation": 3},
        "min_f1": 0.9, "useless": 1.0, "imprecise": set(),
    },
    "devset_fresh8_llm.jsonl": {
        "turns": 73, "langs": {"en": 58, "ko": 15}, "competent": 25, "two_labels": 3,
        "history": 12,
        "labels": {"request_omitted": 11, "constraint_missed": 8, "irrelevant_response": 6,
                   "safety_violation": 6, "fallback_response": 5, "context_forgotten": 5,
                   "ambiguity_unresolved": 5, "planning_poor": 5},
        "tags": {"useless": 7, "unsafe_compliance": 6, "other_words": 4, "limitation": 4,
                 "refusal": 3},
        # two useless replies (a haiku, a Korean acrostic) still read as answers
        "min_f1": 0.9, "useless": None, "imprecise": set(),
    },
}


@pytest.mark.parametrize("name", sorted(SETS))
def test_parses_with_the_documented_counts(name: str) -> None:
    gold = read_documented(DATA / name, SETS[name])
    assert Counter(g.lang for g in gold) == SETS[name]["langs"]
    assert Counter(g.source for g in gold) == {
        "written_llm": SETS[name]["langs"]["en"], "written_ko": SETS[name]["langs"]["ko"],
    }  # fmt: skip


@pytest.mark.parametrize("name", sorted(SETS))
def test_kept_apart_from_the_training_data_and_the_other_sets(name: str) -> None:
    assert_kept_apart(DATA / name, utterances=True)  # not even a short utterance is shared


@pytest.mark.slow  # loads the sentence model, then judges each set
@pytest.mark.parametrize("name", sorted(SETS))
def test_rules_keep_their_figures_on_the_set(name: str) -> None:
    want, got = SETS[name], rules_figures(DATA / name)
    assert got["micro_f1"] is not None and got["micro_f1"] >= want["min_f1"], got["micro_f1"]
    assert got["competent_flagged_share"] == 0.0, got["competent_flagged_share"]
    if want["useless"] is not None:
        assert got["useless_caught_share"] == want["useless"], got["useless_caught_share"]
    per_label = got["per_label"]
    assert isinstance(per_label, dict)
    assert_precise({"per_label": {k: v for k, v in per_label.items()
                                  if k not in want["imprecise"]}})
