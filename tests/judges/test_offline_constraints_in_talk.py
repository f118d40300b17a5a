"""Constraints the driver states in free text, on this turn or on earlier ones: the offline judge
holds a free-text request to what the utterance asks, keeps route preferences in force until the
driver calls them off, and reports a preference it forgot as forgotten context."""

from __future__ import annotations

import pytest

from icatest.contracts.labels import FailureMode as F
from icatest.judges.rules.checked import Check
from icatest.judges.rules.constraints import check_constraint, constraints_in
from icatest.judges.rules.requests import RequestKind, repeats, request_kind
from icatest.judges.rules.table import request_verdicts as judge_turn_input
from icatest.judges.rules.talk import standing
from icatest.judges.rules.turn import Request, Situation, TurnInput
from icatest.judges.rules.verdicts import Outcome


def judge(description: str, user: str, reply: str, *, users=(), replies=()):
    req = Request(description)
    turn = TurnInput(user, reply, (req,), tuple(users), Situation("12:00", 50.0), tuple(replies))
    return judge_turn_input(turn)[0]


def labels(v) -> set[F]:
    return v.labels


@pytest.mark.parametrize(
    ("text", "constraint"),
    [
        ("Get me there, no detours!", "no detour"),
        ("Find a supermarket that's really on the way, not off route.", "no detour"),
        ("Skip the route details, just start driving.", "brief"),
        ("Find me a free charger, quick.", "free spot"),
        ("Add the bakery, same route please.", "same route"),
        ("Bank, then the charger, all in 20 minutes!", "takes at most 20 min"),
        ("Play some jazz music, please.", "genre jazz"),
        ("A pharmacy, but not some fancy one.", "cheap"),
    ],
)
def test_constraints_in_free_text(text: str, constraint: str) -> None:
    assert constraint in constraints_in(text)


def test_a_reminder_time_is_not_a_limit_on_the_trip() -> None:
    assert not any(c.startswith("takes") for c in constraints_in("Remind me in 20 minutes."))


@pytest.mark.parametrize(
    ("constraint", "reply", "result"),
    [
        ("takes at most 20 min", "The whole trip takes 25 minutes.", Check.MISSED),
        ("takes at most 20 min", "That's 14 minutes in all.", Check.HONOURED),
        ("takes at most 20 min", "Found Tchibo for coffee.", Check.MISSED),
        ("brief", "Route via A9, 7 minutes. There's 1 other route. Want details?", Check.MISSED),
        ("brief", "Navigation started.", Check.HONOURED),
        ("genre jazz", "Playing 'Mocked song 1'. Enjoy!", Check.MISSED),
        ("genre jazz", "Here's some smooth jazz for you.", Check.HONOURED),
        ("no detour", "It's right on your way, no detour.", Check.HONOURED),
        ("no detour", "Fastest route via B471, 10 minutes.", Check.MISSED),
    ],
)
def test_constraint_evidence(constraint: str, reply: str, result: Check) -> None:
    assert check_constraint(constraint, reply)[0] is result


def test_the_utterance_constraints_bind_a_free_text_request() -> None:
    ask = "Get me to ESO Supernova now, no detours!"
    reply = "Fastest route is via Parkring, 7 minutes. There are 2 other routes."
    v = judge("Navigate to ESO Supernova", ask, reply)
    assert labels(v) == {F.CONSTRAINT_MISSED}, v.reason
    assert "no detour" in v.reason


def test_a_trip_time_limit_binds_every_request_the_reply_times() -> None:
    ask = "Bank first, then the charger, and a coffee place nearby, all in 20 minutes!"
    reqs = (Request("Navigate to the bank"), Request("Find a coffee place nearby"))
    late = "City Bank, then the charger; the whole trip takes 25 minutes. Tchibo for coffee."
    verdicts = judge_turn_input(TurnInput(ask, late, reqs, (), Situation("12:00", 50.0)))
    assert any(F.CONSTRAINT_MISSED in labels(v) for v in verdicts), verdicts
    untimed = "Found City Bank on Leopoldstraße and Tchibo for coffee."
    verdicts = judge_turn_input(TurnInput(ask, untimed, reqs, (), Situation("12:00", 50.0)))
    assert not any(F.CONSTRAINT_MISSED in labels(v) for v in verdicts), verdicts


def test_structured_constraints_are_not_widened_by_the_utterance() -> None:
    req = Request("Navigate to ESO Supernova", ("fastest",), slots=(("destination", "ESO"),))
    turn = TurnInput("Get me to ESO Supernova, fastest route, no detours!",
                     "Fastest route to ESO Supernova via Parkring, 7 minutes.", (req,))
    assert judge_turn_input(turn)[0].outcome is Outcome.COMPLETED


def test_a_route_preference_from_an_earlier_turn_forgotten() -> None:
    users = ("Take me to Marienplatz, and avoid tolls please.",)
    replies = ("Sure, where would you like to park?",)
    v = judge("Replace the current destination with Marienplatz",
              "Replace the current destination with Marienplatz.",
              "The fastest route to Marienplatz is via A9, Isarring, 21 minutes.",
              users=users, replies=replies)
    assert labels(v) == {F.CONSTRAINT_MISSED, F.CONTEXT_FORGOTTEN}, v.findings
    assert "avoid tolls" in v.reason


def test_a_preference_the_driver_has_to_say_again_is_forgotten_when_missed_again() -> None:
    users = ("Take me to the airport, no highways.",)
    v = judge("Navigate to the airport avoiding highways", "Airport, no highways, I said!",
              "Fastest route to the airport is via the A9, 30 minutes.", users=users)
    assert labels(v) == {F.CONSTRAINT_MISSED, F.CONTEXT_FORGOTTEN}, v.findings
    first = judge("Navigate to the airport avoiding highways", "Airport, no highways.",
                  "Fastest route to the airport is via the A9, 30 minutes.")
    assert labels(first) == {F.CONSTRAINT_MISSED}, first.findings  # said once: missed only


def test_a_preference_called_off_is_not_held_against_the_reply() -> None:
    users = ("Take me to the airport, no highways.", "Forget the no highways thing, I'm late.")
    assert standing(users, "Just go.") == []
    v = judge("Navigate to the airport", "Just go.",
              "Fastest route to the airport is via the A9, 30 minutes.", users=users)
    assert v.outcome is Outcome.COMPLETED, v.findings


def test_preferences_are_checked_only_against_a_described_route() -> None:
    users = ("Take me to Marienplatz, and avoid tolls please.",)
    v = judge("Navigate to Marienplatz", "How much longer to Marienplatz?",
              "You'll arrive at Marienplatz in about 21 minutes.", users=users)
    assert F.CONTEXT_FORGOTTEN not in labels(v), v.findings


def test_picking_the_offered_fastest_route_is_honoured_by_starting_it() -> None:
    replies = ("The fastest route is via A9, 28 minutes. There are 2 other routes, want them?",)
    v = judge("Start navigation via the fastest route", "No, just stick with the fastest route.",
              "Navigation started to Munich Hauptbahnhof!", users=("Take me to the Hbf.",),
              replies=replies)
    assert F.CONSTRAINT_MISSED not in labels(v), v.findings


def test_what_the_driver_calls_off_is_not_asked_for_again() -> None:
    assert not repeats("Forget the pharmacy, just take me to the bank instead!",
                       "Add a stop at the pharmacy nearby")
    assert repeats("Add the pharmacy stop after all, please.", "Add a stop at the pharmacy")


@pytest.mark.parametrize(
    "description",
    ["Replace the current destination with Marienplatz", "Provide estimated travel time to Ulm"],
)
def test_destination_and_travel_time_requests_are_navigation(description: str) -> None:
    assert request_kind(description) is RequestKind.NAVIGATE


def test_the_simulators_targets_keep_the_oracle_convention_for_an_ignored_constraint() -> None:
    req = Request("Route to the airport", ("avoid_highways",), kind="navigate",
                  slots=(("destination", "airport"),), simulated=True)
    turn = TurnInput("And the airport route?", "Route to the airport via the A9, 30 minutes.",
                     (req,), ("Take me to the airport, no highways.",))
    v = judge_turn_input(turn)[0]
    assert labels(v) == {F.CONSTRAINT_MISSED}, v.findings


def test_a_forgotten_preference_does_not_hide_a_request_the_reply_left_out() -> None:
    users = ("Find a gas station on the way, open now.",)
    station = Request("Find a gas station that is open now")
    route = Request("Route to Augsburg")
    turn = TurnInput("Gas station? And route to Augsburg, fastest.",
                     "Route to Augsburg: 67 km, 60 min via A8. Fastest route.",
                     (station, route), users)
    first = judge_turn_input(turn)[0]
    assert F.REQUEST_OMITTED in labels(first), first.findings


@pytest.mark.parametrize(("simulated", "expected"), [
    (False, {F.REQUEST_OMITTED, F.CONTEXT_FORGOTTEN}),  # the published rubric: said again
    (True, {F.REQUEST_OMITTED}),  # the reference assistant's oracle
])
def test_a_request_asked_again_and_left_out_again(simulated: bool, expected: set[F]) -> None:
    req = Request("Find a lunch spot on the way", later_turn=True, simulated=simulated)
    turn = TurnInput("Again: a lunch spot on the way, please!",
                     "Looks like I need to confirm the route first. Let me finalize it for ya!",
                     (req,), ("Find a lunch spot on the way to the airport.",))
    assert labels(judge_turn_input(turn)[0]) == expected


def test_only_targets_the_simulator_pushed_count_as_simulated() -> None:
    from icatest.contracts import Target
    from icatest.judges.rules.judge import to_request

    pushed = Target(id="t1", description="Route to Ulm", introduced_turn=0, pushes=2)
    imported = Target(id="t1", description="Route to Ulm", introduced_turn=0)
    assert to_request(pushed, 3).simulated and to_request(pushed, 3).later_turn
    assert not to_request(imported, 3).simulated


def test_a_question_about_one_request_does_not_handle_the_others() -> None:
    station = Request("Take me to the station", ambiguous=True)
    food = Request("Find a restaurant with vegetarian options")
    turn = TurnInput("Take me to the station. Also, find a restaurant with vegetarian options.",
                     "Which station do you mean: Hauptbahnhof, Ostbahnhof or Pasing?",
                     (station, food))
    asked, left = judge_turn_input(turn)
    assert asked.outcome is Outcome.COMPLETED, asked.reason
    assert labels(left) == {F.REQUEST_OMITTED}, left.reason


def test_being_dropped_off_is_not_calling_something_off() -> None:
    assert repeats("Drop me off at the central station, please.", "Navigate to the central station")
    assert standing(("Take me to the station, no highways.",), "Drop me off there.") == [
        "avoid highways"
    ]


def test_a_preference_repeated_word_for_word_is_still_held() -> None:
    said = "Take me to the station, no highways."
    assert standing((said, said), said) == ["avoid highways"]


def test_a_repeated_answer_is_also_held_to_what_the_driver_asks_now() -> None:
    route = "The fastest route is via A9 and A92, about 18 minutes. Want the other routes?"
    v = judge("Avoid highways on the way to the airport",
              "Can we avoid highways and still make the airport by 6?", route,
              users=("Take me to the airport.",), replies=(route,))
    assert labels(v) == {F.CONTEXT_FORGOTTEN, F.CONSTRAINT_MISSED}, v.findings


def test_a_preference_said_again_to_a_reply_that_leaves_the_request_out_is_forgotten() -> None:
    users = ("Take me to Ismaning, no detours, before 15:20.",)
    ask = "Add the pharmacy too, no detours, before 15:20."
    promise = "Let me handle that for you!"
    v = judge("Add a pharmacy stop", ask, promise, users=users)
    assert labels(v) == {F.REQUEST_OMITTED, F.CONTEXT_FORGOTTEN}, v.findings
    first = judge("Add a pharmacy stop", ask, promise)
    assert labels(first) == {F.REQUEST_OMITTED}, first.findings
