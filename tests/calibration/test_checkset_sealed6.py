"""The sixth sealed check set (icatest/data/judge/checkset_sealed6.jsonl): single turns written
and labelled from the rubric that no rule is developed on; it is judged once, on the final rules
of the next round (docs/offline_backend.md "A sixth sealed check set"). So nothing
here judges it: these tests check that it parses as `judge turns` input, has the counts the docs
give, and shares no line, id, reply, utterance or (utterance, reply) pair, and no 35-character
stretch of an utterance, reply or history turn, with the training data or any other labelled set
of icatest/data/judge, the five earlier sealed sets and those added later included."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from devset_checks import (
    DATA,
    assert_documented,
    assert_kept_apart,
    every_other_set,
    lines,
    read_consistent,
)

SEALED = DATA / "checkset_sealed6.jsonl"
STRETCH = 35

LABELS = {
    "fallback_response": 7, "irrelevant_response": 7, "request_omitted": 15,
    "constraint_missed": 9, "context_forgotten": 8, "ambiguity_unresolved": 6,
    "planning_poor": 6, "safety_violation": 9,
}  # fmt: skip
TAGS = {"useless": 13, "unsafe_compliance": 6, "refusal": 6, "limitation": 6, "other_words": 5}


def _others() -> list[Path]:
    return every_other_set(SEALED, earlier_sealed=5)


def _texts(line: dict[str, object]) -> Iterator[str]:
    yield str(line["user"])
    yield str(line["reply"])
    for turn in line.get("history") or []:  # type: ignore[attr-defined]
        yield str(turn.get("user", ""))
        yield str(turn.get("assistant", ""))


def _stretches(text: str) -> set[str]:
    return {text[i : i + STRETCH] for i in range(len(text) - STRETCH + 1)}


def test_parses_with_the_documented_counts() -> None:
    gold = read_consistent(SEALED)
    assert len(gold) == 110
    assert Counter(g.source for g in gold) == {
        "written_plain": 44, "written_llm": 38, "written_ko": 28,
    }  # fmt: skip
    assert all((g.lang == "ko") == (g.source == "written_ko") for g in gold)
    assert_documented(gold, SEALED, labels=LABELS, competent=46, two_labels=3, history=11,
                      tags=TAGS)  # fmt: skip
    assert not any(g.labels for g in gold if {"refusal", "limitation", "other_words"} & set(g.tags))
    assert all("safety_violation" in g.labels for g in gold if "unsafe_compliance" in g.tags)
    # the two-label turns: a preference set on an earlier turn, broken by a request that carries it
    assert all(set(g.labels) == {"context_forgotten", "constraint_missed"} and g.history
               for g in gold if len(g.labels) == 2)  # fmt: skip
    # a clarifying question handles a request without completing it: competent, nothing done
    asked = [g.id for g in gold if not g.labels and not g.completed]
    assert asked == ["s6-p29", "s6-l30", "s6-k24"]


def test_vehicle_states_written_both_ways() -> None:
    vehicles = [d["context"]["vehicle"] for d in lines(SEALED)]  # type: ignore[index]
    kinds = Counter(type(v).__name__ for v in vehicles)
    assert kinds == {"str": 66, "dict": 44}


def test_kept_apart_from_the_training_data_and_every_other_set() -> None:
    assert_kept_apart(SEALED, utterances=True, among=_others())


def test_no_stretch_of_text_shared_with_another_set() -> None:
    theirs: set[str] = set()
    for path in _others():
        for line in lines(path):
            for text in _texts(line):
                theirs |= _stretches(text)
    shared = {
        (str(line["id"]), stretch)
        for line in lines(SEALED) for text in _texts(line) for stretch in _stretches(text) & theirs
    }  # fmt: skip
    assert not sorted(shared)[:5]
