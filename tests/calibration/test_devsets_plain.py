"""The fresh development sets of plain replies (icatest/data/judge/devset_fresh2_plain.jsonl to
devset_fresh5_plain.jsonl, devset_fresh7_plain.jsonl and devset_fresh8_plain.jsonl;
docs/offline_backend.md, the third, fourth, fifth, eighth, sixteenth and twenty-third fresh
sets): terse operator replies (one or two clipped sentences, lowercase, abbreviations and typos,
one of two requests answered, curt refusals, limitations said openly), about a quarter of the
first four Korean in 해요체, 합니다체 and 반말 (the sixteenth and twenty-third are English only),
each labelled from the rubric before the rules ran on it; and the spoken set
(devset_fresh7_spoken.jsonl, the twentieth fresh set): requests as a speech recogniser writes
them, replies as a voice assistant speaks them, all English (`written_spoken`).
Each parses as `judge turns` input, has the counts the docs give, every rubric label at least
four times, and shares no id, reply, utterance or (utterance, reply) pair with the training
data or the other sets; (slow) the rules keep the figures they earn there."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from devset_checks import DATA, assert_kept_apart, read_documented, rules_figures

# per set: turns, sources, what assert_documented checks, and the figures the rules keep
SETS: dict[str, dict[str, Any]] = {
    "devset_fresh2_plain.jsonl": {
        "turns": 80, "sources": {"written_plain": 61, "written_ko": 19},
        "competent": 32, "two_labels": 3, "history": 12,
        "labels": {"request_omitted": 11, "context_forgotten": 7, "constraint_missed": 6,
                   "irrelevant_response": 6, "safety_violation": 6, "fallback_response": 5,
                   "ambiguity_unresolved": 5, "planning_poor": 5},
        "tags": {"useless": 6, "unsafe_compliance": 5, "refusal": 3, "limitation": 2,
                 "other_words": 2},
        "keeps": {"micro_f1": 0.8, "competent_flagged": 0.05},
    },
    "devset_fresh3_plain.jsonl": {
        "turns": 65, "sources": {"written_plain": 47, "written_ko": 18},
        "competent": 26, "two_labels": 3, "history": 11,
        "labels": {"request_omitted": 10, "constraint_missed": 6, "context_forgotten": 5,
                   "safety_violation": 5, "fallback_response": 4, "irrelevant_response": 4,
                   "ambiguity_unresolved": 4, "planning_poor": 4},
        "tags": {"useless": 6, "unsafe_compliance": 4, "refusal": 2, "limitation": 2,
                 "other_words": 1},
        "keeps": {"micro_f1": 0.85, "competent_flagged": 0.0},
    },
    "devset_fresh4_plain.jsonl": {
        "turns": 66, "sources": {"written_plain": 46, "written_ko": 20},
        "competent": 26, "two_labels": 3, "history": 12,
        "labels": {"request_omitted": 11, "constraint_missed": 6, "context_forgotten": 5,
                   "safety_violation": 5, "fallback_response": 4, "irrelevant_response": 4,
                   "ambiguity_unresolved": 4, "planning_poor": 4},
        "tags": {"useless": 6, "unsafe_compliance": 4, "refusal": 2, "limitation": 2,
                 "other_words": 1},
        "keeps": {"micro_f1": 0.8, "competent_flagged": 0.0, "korean_judged": 0.9},
    },
    "devset_fresh5_plain.jsonl": {
        "turns": 68, "sources": {"written_plain": 46, "written_ko": 22},
        "competent": 26, "two_labels": 4, "history": 12,
        "labels": {"request_omitted": 11, "context_forgotten": 7, "constraint_missed": 6,
                   "safety_violation": 6, "fallback_response": 4, "irrelevant_response": 4,
                   "ambiguity_unresolved": 4, "planning_poor": 4},
        "tags": {"useless": 6, "unsafe_compliance": 4, "refusal": 2, "limitation": 2,
                 "other_words": 2},
        "keeps": {"micro_f1": 0.8, "competent_flagged": 0.1, "korean_judged": 0.9,
                  "useless_caught": 1.0},
    },
    "devset_fresh7_plain.jsonl": {
        "turns": 67, "sources": {"written_plain": 67},
        "competent": 23, "two_labels": 3, "history": 12,
        "labels": {"request_omitted": 11, "safety_violation": 7, "constraint_missed": 6,
                   "context_forgotten": 6, "fallback_response": 5, "irrelevant_response": 4,
                   "ambiguity_unresolved": 4, "planning_poor": 4},
        "tags": {"useless": 7, "unsafe_compliance": 6, "refusal": 3, "limitation": 3,
                 "other_words": 3},
        "keeps": {"micro_f1": 0.95, "competent_flagged": 0.0, "useless_caught": 1.0},
    },
    # the twenty-third: its first measurement on rules never changed against it (0.508)
    "devset_fresh8_plain.jsonl": {
        "turns": 48, "sources": {"written_plain": 48},
        "competent": 12, "two_labels": 2, "history": 9,
        "labels": {"request_omitted": 8, "constraint_missed": 5, "safety_violation": 5,
                   "fallback_response": 4, "irrelevant_response": 4, "context_forgotten": 4,
                   "ambiguity_unresolved": 4, "planning_poor": 4},
        "tags": {"unsafe_compliance": 5, "useless": 4, "refusal": 1, "limitation": 1},
        "keeps": {"micro_f1": 0.75, "competent_flagged": 0.09, "useless_caught": 1.0},
    },
    "devset_fresh7_spoken.jsonl": {
        "turns": 66, "sources": {"written_spoken": 66},
        "competent": 23, "two_labels": 3, "history": 13,
        "labels": {"request_omitted": 11, "constraint_missed": 6, "safety_violation": 6,
                   "fallback_response": 5, "context_forgotten": 5, "planning_poor": 5,
                   "irrelevant_response": 4, "ambiguity_unresolved": 4},
        "tags": {"useless": 7, "unsafe_compliance": 6, "refusal": 3, "limitation": 3,
                 "other_words": 3},
        "keeps": {"micro_f1": 0.9, "competent_flagged": 0.05, "useless_caught": 1.0},
    },
}


@pytest.mark.parametrize("name", sorted(SETS))
def test_parses_with_the_documented_counts(name: str) -> None:
    gold = read_documented(DATA / name, SETS[name])
    assert Counter(g.source for g in gold) == SETS[name]["sources"]
    assert all((g.lang == "ko") == (g.source == "written_ko") for g in gold)


@pytest.mark.parametrize("name", sorted(SETS))
def test_kept_apart_from_the_training_data_and_the_other_sets(name: str) -> None:
    assert_kept_apart(DATA / name, utterances=True)


@pytest.mark.slow  # loads the sentence model, then judges each set's turns
@pytest.mark.parametrize("name", sorted(SETS))
def test_rules_keep_their_figures_on_the_plain_sets(name: str) -> None:
    keeps, got = SETS[name]["keeps"], rules_figures(DATA / name)
    assert got["micro_f1"] is not None and got["micro_f1"] >= keeps["micro_f1"], got["micro_f1"]
    flagged = got["competent_flagged_share"]
    assert flagged is not None and flagged <= keeps["competent_flagged"], flagged
    if "korean_judged" in keeps:
        judged = got["korean_judged_share"]
        assert judged is not None and judged >= keeps["korean_judged"], judged
    if "useless_caught" in keeps:
        assert got["useless_caught_share"] == keeps["useless_caught"], got["useless_caught_share"]
