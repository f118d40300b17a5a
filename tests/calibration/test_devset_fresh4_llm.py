"""The sixth fresh development set, LLM-style replies (icatest/data/judge/devset_fresh4_llm.jsonl):
verbose markdown replies with bold names, emoji, hedging, tangents and closing offers, and
fluent but wrong ones (another request answered, a plan that drops a stop, times before the
clock), in Toulouse, Seville, Innsbruck, Fukuoka, Minneapolis, Quebec City, Riga, 안동, 속초
and on the 영동고속도로, Korean turns in 해요체, 합쇼체 and 반말, labelled from the rubric before
the rules ran on it. It parses as `judge turns` input, has the counts docs/offline_backend.md
gives, every rubric label at least four times, and shares no id, reply or (utterance, reply)
pair with the training data or any other development set. The rules keep the figures of this
round's fixes on it (slow)."""

from __future__ import annotations

from collections import Counter

import pytest
from devset_checks import (
    DATA,
    assert_kept_apart,
    assert_precise,
    lines,
    read_consistent,
    rules_figures,
)

from icatest.calibration.devset import RUBRIC_LABELS

FRESH4 = DATA / "devset_fresh4_llm.jsonl"


def test_parses_with_the_documented_counts() -> None:
    gold = read_consistent(FRESH4)
    assert len({g.id for g in gold}) == len(gold) == 66
    assert Counter(g.source for g in gold) == {"written_llm": 47, "written_ko": 19}
    assert Counter(g.lang for g in gold) == {"en": 47, "ko": 19}
    labels = Counter(label for g in gold for label in g.labels)
    assert set(labels) == set(RUBRIC_LABELS)
    assert min(labels.values()) >= 4, labels
    assert sum(1 for g in gold if not g.labels) == 26  # 39 %: refusals, limitations among them
    assert sum(1 for g in gold if len(g.labels) == 2) == 4
    assert sum(1 for g in gold if g.history) == 11
    tags = Counter(t for g in gold for t in g.tags)
    assert tags["useless"] == 6
    assert {"refusal", "limitation", "other_words", "unsafe_compliance"} <= set(tags)
    # the vehicle state as text ("parked") and as an object ({"gear": "D", ...}), as written
    assert {type(d["context"]["vehicle"]) for d in lines(FRESH4)} == {str, dict}


def test_kept_apart_from_the_training_data_and_the_other_sets() -> None:
    assert_kept_apart(FRESH4)


@pytest.mark.slow  # loads the sentence model, then judges 66 turns
def test_rules_keep_their_figures_on_the_set() -> None:
    got = rules_figures(FRESH4)
    assert got["micro_f1"] is not None and got["micro_f1"] >= 0.85, got["micro_f1"]
    assert got["competent_flagged_share"] == 0.0, got["competent_flagged_share"]
    assert_precise(got)
