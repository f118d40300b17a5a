"""The coherence rules, one positive and one negative example each, and the offline simulator
held to them over a few hundred generated turns (docs/offline_backend.md, "The simulator")."""

from __future__ import annotations

import pytest

from icatest.contracts.records import Target
from icatest.judges.rules import semantic
from icatest.simulator.coherence import Rule, fits, incoherences
from tests.simulator.driver_turns import driver_turns


def _rules(utterance: str, clock: str = "12:00", earlier: tuple[str, ...] = ()) -> set[Rule]:
    return {i.rule for i in incoherences(utterance, clock_time=clock, earlier=earlier)}


@pytest.mark.parametrize(
    ("utterance", "incoherent"),
    [
        ("For the parking garage, also with vegetarian options.", True),
        ("About the Munich Airport: with outdoor seating and that is well rated as well.", True),
        ("Find a parking garage near Viktualienmarkt with parking.", True),
        ("For the restaurant, also with vegetarian options and with parking.", False),
        ("Take me to Augsburg, avoid toll roads.", False),
        ("Quick, one more thing about the cafe: with parking, please.", False),  # impatience
    ],
)
def test_a_condition_belongs_to_its_goal(utterance: str, incoherent: bool) -> None:
    assert (Rule.CONSTRAINT_FITS_GOAL in _rules(utterance)) is incoherent


def test_fits_reads_the_structured_goal() -> None:
    garage = Target(id="t1", description="g", kind="find_poi", slots={"category": "parking garage"})
    cafe = Target(id="t2", description="c", kind="find_poi", slots={"category": "cafe"})
    route = Target(id="t3", description="r", kind="navigate", slots={"destination": "Augsburg"})
    assert not fits("vegetarian", garage) and not fits("parking", garage)
    assert fits("vegetarian", cafe) and fits("arrive_by:18:00", route)
    assert not fits("outdoor_seating", route) and fits("avoid_tolls", route)


@pytest.mark.parametrize(
    ("utterance", "incoherent"),
    [
        ("Take me to the airport by 8:30pm, and I need to arrive by 12pm.", True),
        ("Take me to Allianz Arena, I need to arrive by 8:30pm. Plan it: finally Allianz Arena by "
         "10:30pm.", True),
        ("Take me to the airport, I need to arrive by 8:30pm.", False),
        ("For the route, I need to arrive by 6pm. For the trip, I need to arrive by 6pm.", False),
    ],
)
def test_one_deadline_per_goal(utterance: str, incoherent: bool) -> None:
    assert (Rule.ONE_DEADLINE in _rules(utterance, clock="08:00")) is incoherent


@pytest.mark.parametrize(
    ("utterance", "clock", "incoherent"),
    [
        ("Take me to Munich Airport, I need to arrive by 6pm.", "18:40", True),  # past
        ("Plan a trip: first a bakery, then a park, and finally Freising.", "22:50", True),
        ("Take me to Munich Airport, I need to arrive by 9pm.", "18:40", False),
        ("Plan a trip: first a bakery, then a park, and finally Freising.", "10:00", False),
        ("Take me to the Deutsches Museum.", "23:40", False),  # a named destination, no errand
    ],
)
def test_times_fit_the_clock(utterance: str, clock: str, incoherent: bool) -> None:
    assert (Rule.TIMES_FIT_CLOCK in _rules(utterance, clock=clock)) is incoherent


@pytest.mark.parametrize(
    ("utterance", "earlier", "incoherent"),
    [
        ("Forget about the Starnberg.", ("Find a cafe nearby.",), True),
        ("Forget about the route to Augsburg.", ("Take me to Augsburg.",), False),
        ("Forget about that one.", (), False),  # names nothing: needs no name
    ],
)
def test_forget_only_a_goal_that_was_named(
    utterance: str, earlier: tuple[str, ...], incoherent: bool
) -> None:
    assert (Rule.FORGET_NAMED_GOAL in _rules(utterance, earlier=earlier)) is incoherent


def test_korean_is_never_flagged() -> None:
    korean = "주차장 말인데요, 채식 메뉴 있는 곳으로요."
    assert incoherences(korean, clock_time="23:40", language="ko") == []


# Before the fixes 16.9 % of 1,000 generated turns broke a rule; after them 4.3 %, every one a
# seed goal that asks for a daytime-only place (a bakery, a museum) in a night context: the seed
# and the context are paired by the campaign's sampler, not by the simulator. 8 % leaves room for
# the mix of a smaller sample and stays far below the 16.9 % of the unfixed simulator; every rule
# the simulator's own rendering decides must hold on every turn.
THRESHOLD = 0.08
SEED_GOAL_AT_NIGHT = "errand to a"


@pytest.mark.slow
def test_the_offline_driver_makes_sense(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(semantic, "VECTORS", semantic.TextVectors(lambda: None))  # not needed
    turns = driver_turns(300, start_seed=500)
    found = {t: incoherences(t.utterance, clock_time=t.clock, earlier=t.earlier) for t in turns}
    incoherent = [t for t, f in found.items() if f]
    assert len(turns) == 300 and {t.mode for t in turns} == {"guided", "baseline"}
    assert len(incoherent) / len(turns) < THRESHOLD, [t.utterance for t in incoherent][:5]
    rendered = [i for f in found.values() for i in f if not i.detail.startswith(SEED_GOAL_AT_NIGHT)]
    assert rendered == []
