"""The engine holds the assistant to a constraint only from the turn the driver voiced it, a
constraint never said is never held, and records of schema version 1 still read."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from icatest.catalog.scenarios import make_scenario
from icatest.contracts import Context, Mode, Target, TargetStatus
from icatest.contracts.records import ConversationRecord, TurnVerdict
from icatest.engine import Runtime, run_conversation
from icatest.engine.targets import apply_simulator_turn, fit_to_clock, seed_targets
from icatest.judges.protocol import TurnContext
from icatest.judges.rules.judge import judge_context
from icatest.judges.setup import Judges
from icatest.judges.turn_judge import ModelTurnJudge
from icatest.llm import ModelGateway
from icatest.regression.script import recording
from icatest.scoring.score import success_score
from icatest.simulator.policy import TurnPlan
from icatest.simulator.schema import ConstraintVoicing, SimulatorTurn
from icatest.simulator.voicing import carries
from tests.engine.helpers import ScriptedSession, always, make_catalog


@dataclass
class SeeingJudge:
    """The offline turn judge, remembering the constraints each turn's targets carried."""

    seen: list[dict[str, list[str]]] = field(default_factory=list)

    async def __call__(self, gateway: ModelGateway, ctx: TurnContext) -> TurnVerdict:
        self.seen.append({t.id: list(t.constraints) for t in ctx.targets})
        return await ModelTurnJudge()(gateway, ctx)


async def test_judges_see_a_constraint_only_from_the_turn_it_was_said(tmp_path: Path) -> None:
    catalog = make_catalog(tmp_path)
    scenario = make_scenario(catalog, seed_pool="test", seed_id="lunch", mode=Mode.BASELINE)
    judge = SeeingJudge()
    runtime = Runtime(
        session=ScriptedSession(always("Okay.")),
        gateway=ModelGateway(roles={}),
        catalog=catalog,
        judges=Judges(turn=judge),
    )
    record = await run_conversation(scenario, runtime)
    turns = {t.id: t.constraint_turns for t in record.targets}
    assert turns["t1"]["cheap"] == 0 and turns["t2"]["avoid_highways"] == 0  # the opening
    later = {c: n for t in record.targets for c, n in t.constraint_turns.items() if n > 0}
    assert later, turns  # the rest came over the next turns
    for n, seen in enumerate(judge.seen):
        for t in record.targets:
            if t.id in seen:
                assert seen[t.id] == [c for c in t.constraints if t.voiced_turn(c) <= n], n
    for t in record.targets:  # each was said on its turn, and nothing was claimed unsaid
        for c, n in t.constraint_turns.items():
            assert carries(c, record.turns[n].user), (c, record.turns[n].user)
    assert not [f for turn in record.turns for f in turn.simulator_faults]
    assert "cheap" not in record.turns[0].user or "parking" not in record.turns[0].user


def test_a_voiced_condition_is_held_from_its_turn_and_reopens_a_done_goal() -> None:
    (goal,) = seed_targets(fit_to_clock_specs())
    assert goal.constraints == [] and goal.unvoiced_constraints == ["avoid_tolls", "fastest"]
    done = goal.model_copy(update={"status": TargetStatus.COMPLETED, "completed_turn": 1})
    said = SimulatorTurn(
        utterance="For the route, avoid toll roads.",
        voiced_constraints=[ConstraintVoicing(target_id="t1", constraints=["avoid_tolls"])],
    )
    (after,), _, addressed = apply_simulator_turn([done], [], said, TurnPlan(turn=2), 2)
    assert after.constraints == ["avoid_tolls"] and after.constraint_turns == {"avoid_tolls": 2}
    assert after.unvoiced_constraints == ["fastest"] and after.status == TargetStatus.OPEN
    assert addressed == ["t1"] and done.constraint_turns == {}  # the state before is untouched
    assert after.held_at(1) == [] and after.held_at(2) == ["avoid_tolls"]


def fit_to_clock_specs() -> list:
    from icatest.contracts.scenario import TargetSpec

    spec = TargetSpec(description="Route to Augsburg", kind="navigate",
                      slots={"destination": "Augsburg"}, constraints=["avoid_tolls", "fastest"])
    return [spec]


def test_a_constraint_never_said_does_not_count_against_the_assistant(tmp_path: Path) -> None:
    catalog = make_catalog(tmp_path)
    scenario = make_scenario(catalog, seed_pool="test", seed_id="garching")
    reply = "Route to Garching: 18 km, 25 min via A9, arriving at 12:30."
    unsaid = Target(id="t1", description="Route to Garching", kind="navigate",
                    slots={"destination": "Garching"}, constraints=[], constraint_turns={},
                    unvoiced_constraints=["avoid_highways"], pushes=1)
    said = unsaid.model_copy(update={"constraints": ["avoid_highways"],
                                     "constraint_turns": {"avoid_highways": 0},
                                     "unvoiced_constraints": []})
    verdicts = {}
    for name, t in (("unsaid", unsaid), ("said", said)):
        ctx = TurnContext(scenario=scenario, turn=0, user="Take me to Garching.", reply=reply,
                          addressed_targets=[t], history=[], targets=[t])
        verdicts[name] = judge_context(ctx)
    assert [u.target_id for u in verdicts["unsaid"].target_updates] == ["t1"]
    assert not verdicts["unsaid"].findings
    assert [f.label.value for f in verdicts["said"].findings] == ["constraint_missed"]
    # T: the goal counts as completed without the condition nobody said
    unsaid_t = [int(u.status) for u in verdicts["unsaid"].target_updates]
    said_t = [int(u.status) for u in verdicts["said"].target_updates] or [0]
    assert success_score({}, unsaid_t) == 1.0 and success_score({}, said_t) == 0.0


def test_a_deadline_already_past_moves_to_later_today() -> None:
    from icatest.contracts.scenario import TargetSpec

    spec = TargetSpec(description="Route to the airport by 6pm", kind="navigate",
                      constraints=["avoid_tolls", "arrive_by:18:00"])
    assert fit_to_clock(spec, "17:00") == spec
    moved = fit_to_clock(spec, "18:40")
    assert moved.constraints == ["avoid_tolls", "arrive_by:21:00"]
    assert moved.description == "Route to the airport by 9pm"
    gone = fit_to_clock(spec, "22:50")
    assert gone.constraints == ["avoid_tolls"] and gone.description == "Route to the airport"


def _v1_record() -> dict:
    return {
        "schema_version": 1, "conversation_id": "old", "mode": "guided", "seed_id": "s",
        "seed_pool": "p", "seed_phrase": "x", "persona": "neutral", "context": {},
        "max_turns": 4, "termination_reason": "max_turns_reached",
        "turns": [
            {"turn_number": 0, "user": "Take me to Garching without highways.", "system": "ok",
             "addressed_targets": ["t1"]},
            {"turn_number": 1, "user": "And no tolls.", "system": "ok",
             "addressed_targets": ["t1"], "added_constraints": {"t1": ["avoid_tolls"]}},
        ],
        "targets": [{"id": "t1", "description": "Route to Garching", "kind": "navigate",
                     "constraints": ["avoid_highways", "avoid_tolls"], "status": 1}],
    }


def test_records_of_schema_version_1_hold_constraints_from_introduction() -> None:
    record = ConversationRecord.model_validate(_v1_record())
    (t,) = record.targets
    assert t.constraint_turns == {"avoid_highways": 0, "avoid_tolls": 1}
    assert t.unvoiced_constraints == [] and record.turns[0].simulator_faults == []
    rec = recording(record)  # a replay says the first-said constraint at turn 0
    assert rec.turns[0].voiced == {"t1": ["avoid_highways"]}
    script = rec.script()
    assert script.turns[0].voiced_constraints[0].constraints == ["avoid_highways"]
    assert script.turns[1].constraint_additions[0].constraints == ["avoid_tolls"]


def test_a_new_record_round_trips_its_voicing() -> None:
    data = _v1_record()
    data["schema_version"] = 2
    data["targets"][0]["constraint_turns"] = {"avoid_highways": 1, "avoid_tolls": 1}
    record = ConversationRecord.model_validate_json(
        ConversationRecord.model_validate(data).model_dump_json()
    )
    assert record.targets[0].constraint_turns == {"avoid_highways": 1, "avoid_tolls": 1}


def test_the_situation_follows_a_running_route() -> None:
    parked = Context(id="p", location="Munich", date="2025-06-20", time="18:40",
                     vehicle={"speed_kmh": "0", "gear": "P", "battery_pct": "80"})
    assert parked.situation().endswith("The car is parked.")
    running = parked.situation(route_since=1)
    assert "now moving" in running and "speed_kmh=0" not in running and "parked." not in running
    moving = parked.model_copy(update={"vehicle": {"speed_kmh": "45", "gear": "D"}})
    assert moving.situation().endswith("The car is moving at 45 km/h.")
    assert moving.situation(route_since=2).endswith("at 45 km/h, on a route running since turn 2.")
    assert parked.speed_now() == 0 and parked.speed_now(route_since=1) is None


def test_records_of_schema_version_2_read_as_one_trial_on_the_text_channel() -> None:
    from icatest.storage.rundir import SCHEMA_VERSION

    data = _v1_record()
    data["schema_version"] = 2
    record = ConversationRecord.model_validate(data)
    assert record.trial == 0
    assert all(t.heard is None and t.wer == 0.0 for t in record.turns)
    assert ConversationRecord.model_fields["schema_version"].default == SCHEMA_VERSION == 3
