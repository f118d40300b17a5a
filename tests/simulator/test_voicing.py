"""Targets are what the driver said: the evidence check of declared constraints, the voicing
plan, the offline simulator keeping the contract, a model's unsaid claim logged as a simulator
fault, probe examples rotated and a copied one flagged."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from icatest.catalog.scenarios import make_scenario
from icatest.contracts.labels import Mode, SimulatorFaultKind, TargetStatus
from icatest.contracts.records import Target
from icatest.judges.rules.vocabulary import CONSTRAINTS, constraint_phrase
from icatest.simulator import TurnPlan
from icatest.simulator.leaks import copied_example, examples_of
from icatest.simulator.offline import offline_simulate
from icatest.simulator.policy import opening_plan, plan_turn, voicing
from icatest.simulator.render_ko import CONSTRAINT_KO
from icatest.simulator.schema import ConstraintVoicing
from icatest.simulator.simulator import move_examples
from icatest.simulator.voicing import carries, check_voicing
from icatest.testing.fake_openai import FakeOpenAI, reply
from tests.engine.helpers import make_catalog
from tests.simulator.test_model_simulator import _scenario, _spoken


@pytest.mark.parametrize("cid", sorted(CONSTRAINTS))
def test_every_phrase_the_offline_driver_uses_carries_its_constraint(cid: str) -> None:
    assert carries(cid, f"Find a place {constraint_phrase(cid)}.")
    assert not carries(cid, "Find a place.")


@pytest.mark.parametrize("cid", sorted(CONSTRAINT_KO))
def test_korean_phrases_carry_their_constraint(cid: str) -> None:
    assert carries(cid, f"근처 카페 찾아 주세요. {CONSTRAINT_KO[cid]}.")


@pytest.mark.parametrize(
    ("constraint", "said", "unsaid"),
    [
        ("arrive_by:18:00", "Get me there by 6pm.", "Get me there soon."),
        ("arrive_by:18:00", "I have to be there by 18:00.", "By 7pm, please."),
        ("near:Garching", "A cafe near Garching.", "A cafe near Freising."),
        ("under 20 euros", "Something under 20 euros.", "Something cheap."),
        ("no tolls", "Avoid toll roads.", "Take the fast way."),
    ],
)
def test_deadlines_places_and_free_text(constraint: str, said: str, unsaid: str) -> None:
    assert carries(constraint, said) and not carries(constraint, unsaid)


def test_a_claim_without_evidence_is_a_fault_and_not_counted() -> None:
    goal = Target(id="t1", description="Route to Augsburg", kind="navigate", constraints=[])
    declared = [ConstraintVoicing(target_id="t1", constraints=["avoid_tolls", "fastest"]),
                ConstraintVoicing(target_id="t9", constraints=["cheap"])]
    voiced, _, _, faults = check_voicing("Augsburg, and no toll roads.", declared, [], [], [goal])
    assert voiced == [ConstraintVoicing(target_id="t1", constraints=["avoid_tolls"])]
    assert [(f.kind, f.target_id) for f in faults] == [
        (SimulatorFaultKind.UNSAID_CONSTRAINT, "t1"),
        (SimulatorFaultKind.UNKNOWN_TARGET, "t9"),
    ]
    assert "fastest" in faults[0].detail


def test_a_condition_declared_in_other_words_is_the_listed_one() -> None:
    goal = _goals()[0]
    declared = [ConstraintVoicing(target_id="t1", constraints=["no toll roads"])]
    voiced, _, _, faults = check_voicing("Augsburg, no toll roads.", declared, [], [], [goal])
    assert voiced == [ConstraintVoicing(target_id="t1", constraints=["avoid_tolls"])]
    assert faults == []


def _goals() -> list[Target]:
    return [
        Target(id="t1", description="Route to Augsburg", kind="navigate",
               slots={"destination": "Augsburg"}, constraints=[],
               unvoiced_constraints=["avoid_tolls", "arrive_by:18:00"]),
        Target(id="t2", description="Find a fast charger on the way", kind="charge",
               slots={"destination": "Augsburg"}, constraints=[],
               unvoiced_constraints=["fast_charger"]),
        Target(id="t3", description="Parking garage", kind="find_poi",
               slots={"category": "parking garage"}, constraints=[],
               unvoiced_constraints=["parking"]),
    ]


def test_conditions_arrive_over_the_first_turns() -> None:
    goals = _goals()
    opening = opening_plan(goals)
    assert [(v.target_id, v.constraints) for v in opening.voice] == [
        ("t1", ["avoid_tolls"]), ("t2", ["fast_charger"])
    ]
    later = [g.model_copy(update={"unvoiced_constraints": g.unvoiced_constraints[1:]})
             for g in goals]
    assert [(v.target_id, v.constraints) for v in voicing(later)] == [("t1", ["arrive_by:18:00"])]
    # one that cannot belong to its goal (parking for a parking garage) is never said
    assert voicing([goals[2]]) == []
    plan = plan_turn(turn=1, mode=Mode.BASELINE, targets=later, pending_requests=[],
                     feedback=None, strategy_mode=None)
    assert plan.voice and plan.voice[0].target_id == "t1"


def test_the_offline_driver_says_what_it_declares(tmp_path: Path) -> None:
    scenario, _ = _scenario(tmp_path)
    goals = _goals()
    variables = {"scenario": scenario, "targets": goals, "strategy_specs": [], "said_before": []}
    first = offline_simulate({**variables, "plan": opening_plan(goals)})
    declared = {v.target_id: v.constraints for v in first.voiced_constraints}
    assert declared["t1"] == ["avoid_tolls"] and "fast_charger" in declared["t2"]
    assert "along_route" not in declared["t2"]  # its goal has no such condition
    assert "6pm" not in first.utterance  # the deadline comes later
    for tid, cs in declared.items():
        assert all(carries(c, first.utterance) for c in cs), (tid, first.utterance)
    deadline = ConstraintVoicing(target_id="t1", constraints=["arrive_by:18:00"])
    plan = TurnPlan(turn=1, voice=[deadline])
    second = offline_simulate({**variables, "plan": plan})
    assert second.utterance.startswith("For the route, I need to arrive by 6pm")
    assert second.voiced_constraints == plan.voice


async def test_a_model_claim_without_evidence_is_logged_not_held(tmp_path: Path) -> None:
    scenario, _ = _scenario(tmp_path)
    said = {"utterance": "Take me to Garching.",
            "voiced_constraints": [{"target_id": "t1", "constraints": ["avoid_highways"]}]}
    with FakeOpenAI([reply(json.dumps(said))]) as srv:
        spoken = await _spoken(srv, scenario, TurnPlan(turn=0))
    assert spoken.turn.voiced_constraints == []
    assert [f.kind for f in spoken.faults] == [SimulatorFaultKind.UNSAID_CONSTRAINT]


async def test_the_prompt_asks_for_the_planned_conditions_only(tmp_path: Path) -> None:
    scenario, _ = _scenario(tmp_path)
    goals = _goals()
    said = {"utterance": "Augsburg without tolls, a fast charger, and find a parking garage.",
            "voiced_constraints": [{"target_id": "t1", "constraints": ["avoid_tolls"]}]}
    with FakeOpenAI([reply(json.dumps(said))]) as srv:
        spoken = await _spoken(srv, scenario, opening_plan(goals), targets=goals)
        user = srv.requests[0].messages[1]["content"]
    assert "these, which you say now, each with its own goal:\n- for t1: avoid_tolls" in user
    assert "(not said yet: avoid_tolls, arrive_by:18:00)" in user
    assert spoken.turn.voiced_constraints[0].constraints == ["avoid_tolls"] and not spoken.faults


def test_probe_examples_rotate_and_stay_abstract(tmp_path: Path) -> None:
    catalog = make_catalog(tmp_path)
    spec = catalog.strategies["planning_challenge"]
    scenario = make_scenario(catalog, seed_pool="test", seed_id="garching")
    shown = {move_examples(scenario, turn, [spec])[0]["example"] for turn in range(12)}
    assert len(shown) > 1 and shown <= set(spec.driver_examples)
    for s in catalog.strategies.values():  # no concrete place list a model could say back
        assert "bakery" not in (s.driver_move or "") and not examples_of(s.driver_move or "")


async def test_an_utterance_copying_the_example_is_asked_again_then_flagged(
    tmp_path: Path,
) -> None:
    scenario, strategies = _scenario(tmp_path)
    spec = strategies["planning_challenge"]
    parrot = json.dumps({"utterance": f"I want {spec.driver_examples[0]}."})
    with FakeOpenAI(default=reply(parrot)) as srv:
        spoken = await _spoken(srv, scenario, TurnPlan(turn=2, strategies=[spec.name]), [spec])
        retry = srv.requests[1].messages[1]["content"]
    assert "repeated the example you were given" in retry
    assert [f.kind for f in spoken.faults] == [SimulatorFaultKind.COPIED_EXAMPLE]
    assert copied_example("Plan my errands: the bakery first.", spec.driver_examples) is None
    quoted = 'Refer back ("the place you found earlier") without repeating it.'
    assert copied_example("Go to the place you found earlier.", examples_of(quoted))


def test_probes_attach_only_fitting_wishes(tmp_path: Path) -> None:
    from icatest.simulator.probes import realise

    catalog = make_catalog(tmp_path)
    garage = Target(id="t1", description="Parking garage", kind="find_poi",
                    slots={"category": "parking garage"}, status=TargetStatus.OPEN)
    spec = catalog.strategies["constraint_stacking"]
    context = make_scenario(catalog, seed_pool="test", seed_id="garching").context
    for i in range(20):
        effect = realise(spec, [garage], context, random.Random(i))
        assert effect is not None
        added = [c for a in effect.additions for c in a.constraints]
        assert not ({"vegetarian", "outdoor_seating", "parking"} & set(added)), effect.utterance
