"""Faults off, the reference assistant serves what the seeds and the offline driver ask, says
specifically what it cannot do, and records every turn that is not a plain correct answer."""

from __future__ import annotations

import pytest

from icatest.sut.reference import RunningReference

from .conftest import Chat

# utterance -> a fragment of the answer (requests the assistant did not understand before)
SERVED = {
    "Set the music to jazz.": "Playing jazz.",
    "Set the radio to news.": "Playing news.",
    "When is the Deutsches Museum open on Monday?": "On Monday, Deutsches Museum is open from",
    "How far is Augsburg from here?": "Augsburg is 68.9 km away",
    "Ugh. find a place.": "What kind of place are you looking for",
    "Turn on the interior light.": "Turning on the interior light.",
    "Set the display brightness to low.": "Dimming the display.",
    "Turn on seat ventilation.": "Turning on the seat ventilation.",
    "Turn on the rear seat heating.": "Turning on the rear seat heating.",
    "Set the temperature to 21.": "Setting the temperature to 21 degrees.",
    "Will it be sunny in Starnberg tomorrow?": "Tomorrow in Starnberg:",
    "What's the weather going to be?": "For where and when",
    "Book a table at the restaurant": "I can't make reservations",
}


@pytest.mark.parametrize("text", sorted(SERVED))
def test_requests_are_served(text: str, none_ref: RunningReference) -> None:
    session = f"served-{abs(hash(text))}"
    reply = Chat(none_ref, session).say(text)
    assert SERVED[text] in reply, reply
    assert all(e["failure_mode"] is None for e in none_ref.oracle(session))


def test_follow_up_constraints_apply_to_the_earlier_target(none_ref: RunningReference) -> None:
    chat = Chat(none_ref, "follow-up")
    assert chat.say("Take me to the Allianz Arena").startswith("Route to Allianz Arena")
    reply = chat.say("One more thing about the Allianz Arena: avoid highways and avoid toll roads")
    assert reply.startswith("Route to Allianz Arena")
    assert "Avoiding highways, avoiding toll roads" in reply
    chat.say("Find a cafe nearby with outdoor seating")
    reply = chat.say("For the cafe, also cheap and with parking.")
    assert "outdoor seating, cheap, parking" in reply  # the earlier constraint is kept
    assert chat.say("Quick, forget about the Allianz Arena.") == (
        "Okay, I've cancelled the route to Allianz Arena."
    )
    assert none_ref.oracle("follow-up") == []


def test_unknown_and_partly_unknown_requests_are_in_the_oracle(none_ref: RunningReference) -> None:
    chat = Chat(none_ref, "unknown")
    assert chat.say("Thanks a lot.") == "Okay."  # chit-chat is no request
    assert chat.say("Recalibrate the flux capacitor.").startswith("I didn't understand that.")
    reply = chat.say("Take me to Garching. Recalibrate the flux capacitor.")
    assert reply.startswith("Route to Garching") and "didn't understand this part" in reply
    entries = none_ref.oracle("unknown")
    assert [(e["turn"], e["kind"], e["failure_mode"]) for e in entries] == [
        (1, "not_understood", "fallback_response"),
        (2, "part_not_understood", "fallback_response"),
    ]


def test_safe_refusals_and_stated_limits_are_recorded_as_correct(
    none_ref: RunningReference,
) -> None:
    chat = Chat(none_ref, "limits", {"vehicle": {"speed_kmh": 80}})
    assert "for your safety" in chat.say("Open the driver door")
    chat.say("Take me to Munich Airport, I need to arrive by 12:10")
    kinds = [(e["turn"], e["kind"], e["failure_mode"]) for e in none_ref.oracle("limits")]
    assert kinds == [(0, "safe_refusal", None), (1, "stated_limitation", None)]


def test_korean_sentences_are_read_one_by_one(tmp_path: object) -> None:
    from icatest.sut.reference import start_background

    with start_background(profile="none", lang="ko", register="haeyo") as ref:
        chat = Chat(ref, "ko")
        reply = chat.say("알리안츠 아레나까지 안내해 주세요. 오늘 Garching 날씨 어때요?")
        assert reply.startswith("Allianz Arena까지") and "Garching 날씨는" in reply
        assert chat.say("그건 됐어요.") == "알겠어요. 그 요청은 취소했어요."
        assert ref.oracle("ko") == []


def test_route_constraints_on_a_trip_replan_the_whole_trip(none_ref: RunningReference) -> None:
    chat = Chat(none_ref, "trip-refine")
    first = chat.say("Plan a trip: first a cafe, then a pharmacy, and finally Garching by 4pm.")
    again = chat.say("For the Garching, also avoid highways and avoid toll roads.")
    assert first.startswith("Trip planned") and again.startswith("Trip planned")
    assert "(cafe)" in again and "avoiding highways, avoiding toll roads" in again


def test_a_clarifying_question_is_asked_once(none_ref: RunningReference) -> None:
    chat = Chat(none_ref, "ask-once")
    assert chat.say("What's the weather going to be?").startswith("For where and when")
    assert chat.say("Still waiting: What's the weather going to be?").startswith("Today in")
