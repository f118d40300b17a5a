"""The all-Korean fresh development sets (icatest/data/judge/devset_fresh4_ko.jsonl,
devset_fresh5_ko.jsonl, devset_fresh6_ko.jsonl, devset_fresh7_ko.jsonl and
devset_fresh8_ko.jsonl): every request, history and reply in Korean, about half in a terse
operator's style (반말 and 해요체, "약 12분", "6km 앞") and half in an LLM's (합니다체,
headings, lists, **굵은** names, emoji, hedging, closing offers), speech levels mixed across
requests and replies, each labelled from the rubric before the rules ran on it
(docs/offline_backend.md, the seventh, tenth, fifteenth, eighteenth and twenty-first fresh
sets). Each parses as `judge turns` input, has the counts the docs give, every rubric label at
least four times, and shares no id, reply, utterance or (utterance, reply) pair with the
training data or the other sets; (slow) the rules keep the figures they earn there after the
Korean fixes (micro F1 at least 0.85, or the set's own `min_f1`)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from devset_checks import (
    DATA,
    assert_kept_apart,
    assert_precise,
    read_documented,
    rules_figures,
)

# per set: turns, plain and LLM-style replies, and what assert_documented checks
SETS: dict[str, dict[str, Any]] = {
    "devset_fresh4_ko.jsonl": {
        "turns": 74, "styles": {"p": 35, "l": 39}, "competent": 29, "two_labels": 3,
        "history": 11,
        "labels": {"request_omitted": 13, "constraint_missed": 6, "safety_violation": 6,
                   "fallback_response": 5, "context_forgotten": 5, "planning_poor": 5,
                   "irrelevant_response": 4, "ambiguity_unresolved": 4},
        "tags": {"useless": 9, "refusal": 4, "other_words": 4, "unsafe_compliance": 4,
                 "limitation": 3},
    },
    "devset_fresh5_ko.jsonl": {
        "turns": 72, "styles": {"p": 34, "l": 38}, "competent": 27, "two_labels": 3,
        "history": 14,
        "labels": {"request_omitted": 12, "constraint_missed": 6, "context_forgotten": 6,
                   "fallback_response": 5, "irrelevant_response": 5, "ambiguity_unresolved": 5,
                   "safety_violation": 5, "planning_poor": 4},
        "tags": {"useless": 8, "other_words": 4, "refusal": 3, "limitation": 3,
                 "unsafe_compliance": 3},
    },
    "devset_fresh6_ko.jsonl": {
        "min_f1": 0.95,  # after its fixes (the first measurement was 0.753)
        "turns": 70, "styles": {"p": 35, "l": 35}, "competent": 26, "two_labels": 3,
        "history": 12,
        "labels": {"request_omitted": 11, "constraint_missed": 6, "safety_violation": 6,
                   "fallback_response": 5, "irrelevant_response": 5, "context_forgotten": 5,
                   "planning_poor": 5, "ambiguity_unresolved": 4},
        "tags": {"useless": 7, "unsafe_compliance": 4, "refusal": 3, "limitation": 3,
                 "other_words": 3},
    },
    "devset_fresh7_ko.jsonl": {
        "min_f1": 0.95,  # after its fixes (the first measurement was 0.711)
        "turns": 70, "styles": {"p": 35, "l": 35}, "competent": 26, "two_labels": 3,
        "history": 12,
        "labels": {"request_omitted": 11, "constraint_missed": 6, "safety_violation": 6,
                   "fallback_response": 5, "irrelevant_response": 5, "context_forgotten": 5,
                   "planning_poor": 5, "ambiguity_unresolved": 4},
        "tags": {"useless": 7, "unsafe_compliance": 6, "limitation": 4, "refusal": 3,
                 "other_words": 3},
    },
    "devset_fresh8_ko.jsonl": {
        "min_f1": 0.95,  # after its fixes (the first measurement was 0.632)
        "turns": 70, "styles": {"p": 35, "l": 35}, "competent": 26, "two_labels": 3,
        "history": 12,
        "labels": {"request_omitted": 11, "constraint_missed": 7, "safety_violation": 6,
                   "fallback_response": 5, "context_forgotten": 5, "planning_poor": 5,
                   "irrelevant_response": 4, "ambiguity_unresolved": 4},
        "tags": {"useless": 7, "unsafe_compliance": 6, "other_words": 5, "refusal": 4,
                 "limitation": 4},
    },
}


@pytest.mark.parametrize("name", sorted(SETS))
def test_parses_with_the_documented_counts(name: str) -> None:
    gold = read_documented(DATA / name, SETS[name])
    assert all(g.lang == "ko" and g.source == "written_ko" for g in gold)
    styles = Counter(g.id.split("-")[1][0] for g in gold)
    assert styles == SETS[name]["styles"]  # plain and LLM-style replies


@pytest.mark.parametrize("name", sorted(SETS))
def test_kept_apart_from_the_training_data_and_the_other_sets(name: str) -> None:
    assert_kept_apart(DATA / name, utterances=True)


@pytest.mark.slow  # loads the sentence model, then judges each set's turns
@pytest.mark.parametrize("name", sorted(SETS))
def test_rules_keep_their_figures_on_the_korean_sets(name: str) -> None:
    got = rules_figures(DATA / name)
    least = SETS[name].get("min_f1", 0.85)
    assert got["micro_f1"] is not None and got["micro_f1"] >= least, got["micro_f1"]
    assert got["competent_flagged_share"] == 0.0, got["competent_flagged_share"]
    assert got["korean_judged_share"] is not None and got["korean_judged_share"] >= 0.95
    assert_precise(got)
