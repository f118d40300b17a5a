"""Korean mode answers in the configured speech level; register drift breaks it on purpose."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from icatest.sut.reference import start_background

from .conftest import Chat, write_profile

SCRIPT = [
    "Take me to Munich Airport by 6pm avoiding highways",
    "Find a cheap cafe with outdoor seating",
    "Take me to the station",
    "Open the driver door",
    "Plan a trip: first a bakery, then the Deutsches Museum, and finally Munich Airport",
    "What's the weather in Garching tomorrow?",
    "Set the temperature to 22 degrees and also open the sunroof",
    "공항으로 가줘",
]


def sentences(reply: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.?!])\s+", reply.strip()) if s]


def level_of(sentence: str) -> str:
    """Speech level by sentence ending (a simple check, not a morphological analysis)."""
    if re.search(r"(니다|니까)[.?!]$", sentence):
        return "hapsyo"
    if re.search(r"요[.?!]$", sentence):
        return "haeyo"
    return "hae"


@pytest.mark.parametrize("level", ["hae", "haeyo", "hapsyo"])
def test_every_sentence_in_configured_level(level: str) -> None:
    with start_background(profile="none", lang="ko", register=level) as ref:
        chat = Chat(ref, f"ko-{level}")
        replies = [chat.say(text) for text in SCRIPT]
    for reply in replies:
        assert re.search(r"[가-힣]", reply), reply
        for sentence in sentences(reply):
            assert level_of(sentence) == level, (level, sentence)
    assert (
        "공항" not in replies[-1] and "Munich Airport" in replies[-1]
    )  # Korean keywords understood
    assert replies[2].endswith("?")  # clarification asked


def test_register_drift_fires_and_is_reported(tmp_path: Path) -> None:
    profile = write_profile(tmp_path, "drift", "  register_drift: {rate: 1.0}")
    with start_background(profile=profile, lang="ko", register="hapsyo") as ref:
        chat = Chat(ref, "drift-1")
        reply = chat.say("Open the sunroof and also set the temperature to 20 degrees")
        entries = ref.oracle("drift-1")
    parts = sentences(reply)
    assert level_of(parts[0]) == "hapsyo" and level_of(parts[-1]) != "hapsyo"
    assert [(e["turn"], e["fault"], e["failure_mode"]) for e in entries] == [
        (0, "register_drift", "register_violation")
    ]


def test_english_mode_never_drifts(tmp_path: Path) -> None:
    profile = write_profile(tmp_path, "drift", "  register_drift: {rate: 1.0}")
    with start_background(profile=profile) as ref:
        Chat(ref, "en-1").say("Open the sunroof")
        assert ref.oracle("en-1") == []
