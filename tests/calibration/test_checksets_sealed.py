"""The sealed check sets of the last rounds (icatest/data/judge/checkset_sealed5.jsonl to
checkset_sealed36.jsonl): single turns written and labelled from the rubric that no rule was
developed on while sealed; each is judged once, on the final rules of a later round or first
thing after it was written (docs/offline_backend.md "A fifth sealed check set" to "A
thirty-sixth sealed check set"), and is development data after that (all of them are: the
fifteenth, nineteenth, twenty-first, twenty-third and twenty-eighth judged first thing the
round after each was written, the thirty-third and thirty-fourth first thing after they were
written, the sixteenth to eighteenth, twentieth, twenty-second, twenty-fourth to twenty-seventh,
twenty-ninth to thirty-second, thirty-fifth and thirty-sixth the round each was written).
Nothing here judges a set still sealed: these tests check that each parses as `judge turns`
input, has the counts the docs give, and shares no line, id, reply, utterance or (utterance,
reply) pair, and no 35-character stretch of an utterance, reply or history turn, with the
training data or any other labelled set of icatest/data/judge, the earlier sealed sets and
those added later included; and that the seventh to thirty-sixth, judged and developed on
since, keep their figures."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from devset_checks import (
    DATA,
    assert_kept_apart,
    assert_no_stretch_shared,
    assert_sealed_counts,
    every_other_set,
    lines,
    rules_figures,
)

# the label counts the sets from the seventh on share, and the tag counts all of them share
MIX_LABELS = {
    "fallback_response": 7, "irrelevant_response": 7, "request_omitted": 16,
    "constraint_missed": 8, "context_forgotten": 8, "ambiguity_unresolved": 6,
    "planning_poor": 6, "safety_violation": 9,
}
MIX_TAGS = {"useless": 13, "unsafe_compliance": 6, "refusal": 6, "limitation": 6, "other_words": 5}

# per set: which earlier sealed sets exist, its counts, the turns that ask a clarifying
# question (competent, nothing done) and how its vehicle states are written
SEALED: dict[str, dict[str, Any]] = {
    "checkset_sealed5.jsonl": {
        "earlier_sealed": 4,
        "labels": {
            "fallback_response": 7, "irrelevant_response": 7, "request_omitted": 17,
            "constraint_missed": 8, "context_forgotten": 7, "ambiguity_unresolved": 6,
            "planning_poor": 6, "safety_violation": 9,
        },
        "tags": MIX_TAGS,
        "asked": ["s5-p15", "s5-l14", "s5-k10"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed6.jsonl": {
        "earlier_sealed": 5,
        "labels": {
            "fallback_response": 7, "irrelevant_response": 7, "request_omitted": 15,
            "constraint_missed": 9, "context_forgotten": 8, "ambiguity_unresolved": 6,
            "planning_poor": 6, "safety_violation": 9,
        },
        "tags": MIX_TAGS,
        "asked": ["s6-p29", "s6-l30", "s6-k24"],
        "vehicles": {"str": 66, "dict": 44},
    },
    "checkset_sealed7.jsonl": {
        "earlier_sealed": 6,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s7-p17", "s7-l14", "s7-k10"],
        "vehicles": {"str": 73, "dict": 37},
    },
    "checkset_sealed8.jsonl": {
        "earlier_sealed": 7,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s8-p40", "s8-l28", "s8-k26"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed9.jsonl": {
        "earlier_sealed": 8,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s9-p17", "s9-l14", "s9-k10"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed10.jsonl": {
        "earlier_sealed": 9,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s10-p21", "s10-l29", "s10-k27"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed11.jsonl": {
        "earlier_sealed": 10,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s11-p22", "s11-l27", "s11-k26"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed12.jsonl": {
        "earlier_sealed": 11,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s12-p20", "s12-l14", "s12-k16"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed13.jsonl": {
        "earlier_sealed": 12,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s13-p34", "s13-l13", "s13-k23"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed14.jsonl": {
        "earlier_sealed": 13,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s14-p22", "s14-l27", "s14-k18"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed15.jsonl": {
        "earlier_sealed": 14,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s15-p33", "s15-l21", "s15-k15"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed16.jsonl": {
        "earlier_sealed": 15,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s16-p23", "s16-l15", "s16-k19"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed17.jsonl": {
        "earlier_sealed": 16,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s17-p21", "s17-l03", "s17-k14"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed18.jsonl": {
        "earlier_sealed": 17,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s18-p23", "s18-l24", "s18-k20"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed19.jsonl": {
        "earlier_sealed": 18,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s19-p16", "s19-l21", "s19-k02"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed20.jsonl": {
        "earlier_sealed": 19,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s20-p19", "s20-l12", "s20-k23"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed21.jsonl": {
        "earlier_sealed": 20,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s21-p08", "s21-l27", "s21-k14"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed22.jsonl": {
        "earlier_sealed": 21,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s22-p11", "s22-l30", "s22-k09"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed23.jsonl": {
        "earlier_sealed": 21,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s23-p27", "s23-l08", "s23-k21"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed24.jsonl": {
        "earlier_sealed": 23,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s24-p33", "s24-l17", "s24-k05"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed25.jsonl": {
        "earlier_sealed": 24,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s25-p14", "s25-l22", "s25-k11"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed26.jsonl": {
        "earlier_sealed": 24,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s26-p40", "s26-l05", "s26-k17"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed27.jsonl": {
        "earlier_sealed": 26,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s27-p22", "s27-l31", "s27-k07"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed28.jsonl": {
        "earlier_sealed": 26,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s28-p09", "s28-l14", "s28-k24"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed29.jsonl": {
        "earlier_sealed": 28,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s29-p31", "s29-l06", "s29-k12"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed30.jsonl": {
        "earlier_sealed": 28,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s30-p17", "s30-l25", "s30-k03"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed31.jsonl": {
        "earlier_sealed": 30,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s31-p05", "s31-l33", "s31-k19"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed32.jsonl": {
        "earlier_sealed": 30,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s32-p26", "s32-l10", "s32-k08"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed33.jsonl": {
        "earlier_sealed": 32,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s33-p12", "s33-l21", "s33-k15"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed34.jsonl": {
        "earlier_sealed": 32,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s34-p37", "s34-l08", "s34-k22"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed35.jsonl": {
        "earlier_sealed": 34,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s35-p08", "s35-l30", "s35-k11"],
        "vehicles": {"str": 72, "dict": 38},
    },
    "checkset_sealed36.jsonl": {
        "earlier_sealed": 34,
        "labels": MIX_LABELS,
        "tags": MIX_TAGS,
        "asked": ["s36-p29", "s36-l17", "s36-k04"],
        "vehicles": {"str": 72, "dict": 38},
    },
}  # fmt: skip
SOURCES = {"written_plain": 44, "written_llm": 38, "written_ko": 28}

sealed_sets = pytest.mark.parametrize("name", sorted(SEALED))


@sealed_sets
def test_parses_with_the_documented_counts(name: str) -> None:
    want = SEALED[name]
    gold = assert_sealed_counts(
        DATA / name,
        sources=SOURCES,
        labels=want["labels"],
        tags=want["tags"],
        competent=46,
        two_labels=3,
        history=11,
    )
    # the two-label turns: a preference set on an earlier turn, broken by a request that carries it
    assert all(set(g.labels) == {"context_forgotten", "constraint_missed"} and g.history
               for g in gold if len(g.labels) == 2)  # fmt: skip
    # a clarifying question handles a request without completing it: competent, nothing done
    assert [g.id for g in gold if not g.labels and not g.completed] == want["asked"]


@sealed_sets
def test_vehicle_states_written_both_ways(name: str) -> None:
    vehicles = [d["context"]["vehicle"] for d in lines(DATA / name)]  # type: ignore[index]
    assert Counter(type(v).__name__ for v in vehicles) == SEALED[name]["vehicles"]


@sealed_sets
def test_kept_apart_from_the_training_data_and_every_other_set(name: str) -> None:
    path = DATA / name
    others = every_other_set(path, earlier_sealed=SEALED[name]["earlier_sealed"])
    assert_kept_apart(path, utterances=True, among=others)
    assert_no_stretch_shared(path, others)


# The sets developed on once judged: the figures their readings earn them, kept (0.611, 0.536,
# 0.606, 0.531, 0.697, 0.648, 0.697, 0.667, 0.708, 0.614, 0.752, 0.703, 0.667, 0.631, 0.723,
# 0.615, 0.732, 0.727, 0.776, 0.691, 0.679, 0.732, 0.803, 0.813, 0.763, 0.765, 0.790, 0.807,
# 0.748 and 0.713 when judged sealed; docs/offline_backend.md "A seventh sealed check set" to "A
# thirty-sixth sealed check set").
KEPT = {
    "checkset_sealed7.jsonl": {"micro_f1": 0.94, "competent_flagged": 0.03, "useless_caught": 1.0},
    "checkset_sealed8.jsonl": {"micro_f1": 0.87, "competent_flagged": 0.0, "useless_caught": 1.0},
    "checkset_sealed9.jsonl": {"micro_f1": 0.85, "competent_flagged": 0.03, "useless_caught": 1.0},
    "checkset_sealed10.jsonl": {"micro_f1": 0.86, "competent_flagged": 0.0, "useless_caught": 0.92},
    "checkset_sealed11.jsonl": {"micro_f1": 0.91, "competent_flagged": 0.03, "useless_caught": 1.0},
    "checkset_sealed12.jsonl": {"micro_f1": 0.83, "competent_flagged": 0.07,
                                "useless_caught": 0.92},
    "checkset_sealed13.jsonl": {"micro_f1": 0.98, "competent_flagged": 0.0, "useless_caught": 1.0},
    "checkset_sealed14.jsonl": {"micro_f1": 0.99, "competent_flagged": 0.0, "useless_caught": 1.0},
    "checkset_sealed15.jsonl": {"micro_f1": 0.99, "competent_flagged": 0.03, "useless_caught": 1.0},
    "checkset_sealed16.jsonl": {"micro_f1": 0.92, "competent_flagged": 0.0, "useless_caught": 1.0},
    "checkset_sealed17.jsonl": {"micro_f1": 0.96, "competent_flagged": 0.0, "useless_caught": 1.0},
    "checkset_sealed18.jsonl": {"micro_f1": 0.83, "competent_flagged": 0.05,
                                "useless_caught": 0.84},
    "checkset_sealed19.jsonl": {"micro_f1": 0.94, "competent_flagged": 0.0, "useless_caught": 1.0},
    "checkset_sealed20.jsonl": {"micro_f1": 0.8, "competent_flagged": 0.0, "useless_caught": 1.0},
    "checkset_sealed21.jsonl": {"micro_f1": 0.96, "competent_flagged": 0.0, "useless_caught": 1.0},
    "checkset_sealed22.jsonl": {"micro_f1": 0.9, "competent_flagged": 0.0, "useless_caught": 1.0},
    "checkset_sealed23.jsonl": {"micro_f1": 0.92, "competent_flagged": 0.0,
                                "useless_caught": 1.0},
    "checkset_sealed24.jsonl": {"micro_f1": 0.9, "competent_flagged": 0.03,
                                "useless_caught": 1.0},
    "checkset_sealed25.jsonl": {"micro_f1": 0.95, "competent_flagged": 0.0,
                                "useless_caught": 1.0},
    "checkset_sealed26.jsonl": {"micro_f1": 0.85, "competent_flagged": 0.03,
                                "useless_caught": 1.0},
    "checkset_sealed27.jsonl": {"micro_f1": 0.82, "competent_flagged": 0.03,
                                "useless_caught": 1.0},
    "checkset_sealed28.jsonl": {"micro_f1": 0.95, "competent_flagged": 0.0,
                                "useless_caught": 1.0},
    "checkset_sealed29.jsonl": {"micro_f1": 0.81, "competent_flagged": 0.0,
                                "useless_caught": 1.0},
    "checkset_sealed30.jsonl": {"micro_f1": 0.85, "competent_flagged": 0.03,
                                "useless_caught": 1.0},
    "checkset_sealed31.jsonl": {"micro_f1": 0.78, "competent_flagged": 0.03,
                                "useless_caught": 1.0},
    "checkset_sealed32.jsonl": {"micro_f1": 0.78, "competent_flagged": 0.0,
                                "useless_caught": 0.92},
    "checkset_sealed33.jsonl": {"micro_f1": 0.96, "competent_flagged": 0.0,
                                "useless_caught": 1.0},
    "checkset_sealed34.jsonl": {"micro_f1": 0.95, "competent_flagged": 0.0,
                                "useless_caught": 1.0},
    "checkset_sealed35.jsonl": {"micro_f1": 0.84, "competent_flagged": 0.09,
                                "useless_caught": 0.76},
    "checkset_sealed36.jsonl": {"micro_f1": 0.84, "competent_flagged": 0.05,
                                "useless_caught": 0.92},
}


@pytest.mark.slow  # loads the sentence model, then judges the set's turns
@pytest.mark.parametrize("name", sorted(KEPT))
def test_rules_keep_their_figures_on_the_sets_developed_on(name: str) -> None:
    kept, got = KEPT[name], rules_figures(DATA / name)
    assert got["micro_f1"] is not None and got["micro_f1"] >= kept["micro_f1"], got
    flagged = got["competent_flagged_share"]
    assert flagged is not None and flagged <= kept["competent_flagged"], flagged
    caught = got["useless_caught_share"]
    assert caught is not None and caught >= kept["useless_caught"], caught
