"""The offline judge core on whole turns: several requests in one utterance, references back to
the talk, plans in free text, honest limitations. Wordings are the tests' own."""

from __future__ import annotations

from icatest.contracts.labels import FailureMode as F
from icatest.judges.rules.attribution import addressed
from icatest.judges.rules.table import request_verdicts as judge_turn_input
from icatest.judges.rules.turn import Request, Situation, TurnInput
from icatest.judges.rules.verdicts import Outcome

HEAT = Request("Switch on the seat heater", kind="vehicle", slots=(("setting", "seat heater"),))
TRIP = Request(
    "One trip: bank, bakery, then Ulm by 17:00",
    ("arrive_by:17:00",),
    kind="multi_stop",
    slots=(("destination", "Ulm"), ("stops", "bank,bakery")),
)


def judge(user: str, reply: str, *requests: Request, users=(), replies=(), now="15:00"):
    turn = TurnInput(user, reply, requests, tuple(users), Situation(now, 40.0), tuple(replies))
    return judge_turn_input(turn)


def labels(v) -> set[F]:
    return v.labels


def test_a_reply_to_one_request_leaves_the_other_out() -> None:
    user = "Switch on the seat heater. Plan one trip: bank, bakery, then Ulm by 5pm."
    heat, trip = judge(user, "Seat heater is on, level two.", HEAT, TRIP)
    assert heat.outcome is Outcome.COMPLETED, heat.reason
    assert labels(trip) == {F.REQUEST_OMITTED}, trip.reason  # not a poor plan, no plan at all


def test_a_reply_to_both_requests_completes_both() -> None:
    user = "Switch on the seat heater. Plan one trip: bank, bakery, then Ulm by 5pm."
    reply = (
        "Seat heater is on. Trip: City Bank at 15:20, then the Maier bakery at 15:40, "
        "arriving in Ulm at 16:35."
    )
    assert [v.outcome for v in judge(user, reply, HEAT, TRIP)] == [Outcome.COMPLETED] * 2


def test_a_plan_missing_a_stop_is_poor_planning_without_a_second_label() -> None:
    reply = "Trip: City Bank at 15:20, then on to Ulm."  # no bakery, and so no arrival time
    (v,) = judge("Plan one trip: bank, bakery, then Ulm by 5pm.", reply, TRIP)
    assert labels(v) == {F.PLANNING_POOR}, v.reason


def test_a_deadline_the_reply_says_it_cannot_meet_is_an_honest_answer() -> None:
    route = Request("Route to Ulm", ("arrive_by:17:00",), kind="navigate")
    (late,) = judge("Get me to Ulm by 5pm", "Route to Ulm via the A8: arrival 17:40.", route)
    assert labels(late) == {F.CONSTRAINT_MISSED}
    said = "Route to Ulm via the A8: you would arrive at 17:40, after 17:00."
    (honest,) = judge("Get me to Ulm by 5pm", said, route)
    assert honest.outcome is Outcome.COMPLETED, honest.reason


def test_no_such_thing_earlier_is_a_fair_question_not_forgotten_context() -> None:
    back = Request("Go back to the bakery you found earlier", later_turn=True)
    asked = "I have no bakery from before. Which bakery do you mean?"
    (fair,) = judge(back.description, asked, back, users=["Route to Ulm"],
                    replies=["Route to Ulm: 40 min."])  # fmt: skip
    assert F.CONTEXT_FORGOTTEN not in labels(fair), fair.reason
    no_bakery = "I don't have a bakery from earlier. Which one?"
    (forgot,) = judge(back.description, no_bakery, back, users=["Find a bakery"],
                      replies=["Bäckerei Maier is 300 m ahead."])  # fmt: skip
    assert labels(forgot) == {F.CONTEXT_FORGOTTEN}, forgot.reason


def test_a_search_answered_with_one_result_is_not_an_unresolved_ambiguity() -> None:
    find = Request("Find a bakery", kind="find_poi", ambiguous=True)
    (v,) = judge("Find a bakery", "Bäckerei Maier, 300 m ahead on the right.", find)
    assert v.outcome is Outcome.COMPLETED, v.reason
    go = Request("Take me to the lake", ambiguous=True)
    (acted,) = judge("Take me to the lake", "Route to Blautopf: 12 min.", go)
    assert labels(acted) == {F.AMBIGUITY_UNRESOLVED}, acted.reason


def test_asking_how_instead_of_doing_it_omits_the_request() -> None:
    ask = "Should I replace the current destination with Ulm Minster or add it as a stop?"
    (v,) = judge("Navigate to Ulm Minster now", ask, Request("Navigate to Ulm Minster now"))
    assert labels(v) == {F.REQUEST_OMITTED}, v.reason
    which = "Which minster do you mean, Ulm Minster or Freiburg Minster?"
    (fair,) = judge("Navigate to the minster", which, Request("Navigate to the minster"))
    assert fair.outcome is Outcome.OPEN, fair.reason


def test_a_passing_failure_is_a_fallback_and_a_plan_in_free_text_is_checked() -> None:
    (v,) = judge("Find a car wash", "Couldn't load car washes just now, want me to try again?",
                 Request("Find a car wash"))  # fmt: skip
    assert labels(v) == {F.FALLBACK_RESPONSE}, v.reason
    user = "Coffee at the harbour, then the museum, then the airport"
    (plan,) = judge(user, "Hafen Kaffee is at the harbour, 2 km away.", Request(user))
    assert F.PLANNING_POOR in labels(plan), plan.reason
    # places joined by 'then', whatever the verbs: the words need not say 'plan' or 'stop'
    errands = "I need to pick up a cake at Café Luitpold, then get groceries at a supermarket"
    find = Request("Find a supermarket near Café Luitpold")
    (one,) = judge(errands, "Found Edeka on Brienner Straße. Want directions?", find)
    assert F.PLANNING_POOR in labels(one), one.reason
    (both,) = judge(errands, "Café Luitpold first, then the Edeka supermarket.", find)
    assert F.PLANNING_POOR not in labels(both), both.reason
    (chat,) = judge("Let me think, then tell me the weather.", "Sunny, 21 degrees.",
                    Request("Weather"))  # fmt: skip
    assert chat.outcome is Outcome.COMPLETED, chat.reason  # 'then' between no places


def test_requests_that_restate_one_place_are_answered_together() -> None:
    user = "Change the destination to the Kaufhof in Ulm, please."
    go = Request("Drive me to the Kaufhof store")
    swap = Request("Replace current destination with Kaufhof")
    reply = "Fastest route to Kaufhof is via the B10 and Neue Straße, 14 minutes."
    assert [v.outcome for v in judge(user, reply, go, swap)] == [Outcome.COMPLETED] * 2
    # a search and a drive to the same place are two requests: a found place is not a route
    find, drive = Request("Find a pharmacy open late"), Request("Navigate to the pharmacy")
    said = "Apotheke am Markt is open late, 2 km away."
    assert addressed([find, drive], said, "Find a pharmacy open late and take me there.") == [
        True,
        False,
    ]


def test_a_fallback_about_one_request_fails_only_that_one() -> None:
    temp = Request("Set the temperature to 21 degrees")
    hours = Request("Get the opening hours of the Maier bakery")
    user = "Set the temperature to 21 degrees. And when is the Maier bakery open?"
    reply = "Temperature set to 21 degrees. The bakery's opening hours are currently unknown."
    t, h = judge(user, reply, temp, hours)
    assert t.outcome is Outcome.COMPLETED, t.reason
    assert labels(h) == {F.FALLBACK_RESPONSE}, h.reason
    (alone,) = judge("When is the Maier bakery open?", "Sorry, I can't help with that.", hours)
    assert labels(alone) == {F.FALLBACK_RESPONSE}, alone.reason
