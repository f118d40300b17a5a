"""The eighth fresh development set, plain replies (icatest/data/judge/devset_fresh5_plain.jsonl):
terse operator replies (one or two clipped sentences, lowercase, abbreviations, one of two
requests answered, curt refusals, limitations said openly) on trailer parking, EV charging
queues, speed cameras, marathon road closures, car seat fitting, jump starts, parking permits,
drive-through pharmacies, ferry timetables and tolls billed by plate; 22 of them Korean in 해요체,
합니다체 and 반말, labelled from the rubric before the rules ran on it. It parses as `judge turns`
input, has the counts docs/offline_backend.md gives, every rubric label at least four times, and
shares no id, reply, utterance or (utterance, reply) pair with the training data or the other
development sets; (slow) the rules keep their figures there."""

from __future__ import annotations

from collections import Counter

import pytest
from devset_checks import DATA, assert_documented, assert_kept_apart, read_consistent, rules_figures

PLAIN = DATA / "devset_fresh5_plain.jsonl"


def test_parses_with_the_documented_counts() -> None:
    gold = read_consistent(PLAIN)
    assert len({g.id for g in gold}) == len(gold) == 68
    assert Counter(g.source for g in gold) == {"written_plain": 46, "written_ko": 22}
    assert all((g.lang == "ko") == (g.source == "written_ko") for g in gold)
    assert_documented(
        gold, PLAIN, competent=26, two_labels=4, history=12,
        labels={"request_omitted": 11, "context_forgotten": 7, "constraint_missed": 6,
                "safety_violation": 6, "fallback_response": 4, "irrelevant_response": 4,
                "ambiguity_unresolved": 4, "planning_poor": 4},
        tags={"useless": 6, "unsafe_compliance": 4, "refusal": 2, "limitation": 2,
              "other_words": 2})


def test_kept_apart_from_the_training_data_and_the_other_sets() -> None:
    assert_kept_apart(PLAIN, utterances=True)


@pytest.mark.slow  # loads the sentence model, then judges 68 turns
def test_rules_keep_their_figures_on_the_plain_set() -> None:
    got = rules_figures(PLAIN)
    assert got["micro_f1"] is not None and got["micro_f1"] >= 0.8, got["micro_f1"]
    assert got["competent_flagged_share"] <= 0.1, got["competent_flagged_share"]
    assert got["useless_caught_share"] == 1.0, got["useless_caught_share"]
    assert got["korean_judged_share"] >= 0.9, got["korean_judged_share"]
