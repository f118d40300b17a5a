"""The model-backed simulator through litellm and the loopback fake provider: it talks like a
driver (no ids, labels or testing aloud), gets one instruction of each kind, probes that fit
the situation, and turn 0 addresses every seed target by construction."""

from __future__ import annotations

import json
import random
from pathlib import Path

from icatest.catalog.scenarios import make_scenario
from icatest.contracts.labels import FailureMode, Mode, StrategyMode
from icatest.contracts.records import LabelFinding, Target, TurnVerdict
from icatest.contracts.scenario import Context, Scenario, StrategySpec
from icatest.llm import GatewayConfig, ModelGateway, ModelSpec
from icatest.llm.prompts import FENCE_OPEN
from icatest.simulator import SimulatorTurn, TurnPlan, next_turn, plan_turn
from icatest.simulator.leaks import leaked_terms, scrub
from icatest.simulator.probes import realise
from icatest.simulator.simulator import SpokenTurn
from icatest.testing.fake_openai import FakeOpenAI, reply
from tests.engine.helpers import make_catalog

PARKED = Context(
    id="p",
    location="Munich",
    date="2025-05-02",
    time="12:00",
    vehicle={"speed_kmh": "0", "gear": "P"},
)
TARGETS = [
    Target(
        id="t1",
        description="Route to Garching avoiding highways",
        kind="navigate",
        slots={"destination": "Garching"},
        constraints=["avoid_highways"],
    ),
    Target(id="t2", description="Find a cafe", kind="find_poi", slots={"category": "cafe"}),
]


def _scenario(tmp: Path, language: str = "en") -> tuple[Scenario, dict]:
    catalog = make_catalog(tmp)
    scenario = make_scenario(catalog, seed_pool="test", seed_id="garching", mode=Mode.GUIDED)
    return scenario.model_copy(update={"context": PARKED, "language": language}), catalog.strategies


def _gateway(srv: FakeOpenAI) -> ModelGateway:
    spec = ModelSpec.parse(f"openai/fake@{srv.base_url}/v1")
    return ModelGateway(roles={"simulator": spec}, config=GatewayConfig(timeout_s=5.0))


async def _next(
    srv: FakeOpenAI,
    scenario: Scenario,
    plan: TurnPlan,
    specs: list[StrategySpec] | None = None,
    feedback: TurnVerdict | None = None,
) -> SimulatorTurn:
    return (await _spoken(srv, scenario, plan, specs, feedback)).turn


async def _spoken(
    srv: FakeOpenAI,
    scenario: Scenario,
    plan: TurnPlan,
    specs: list[StrategySpec] | None = None,
    feedback: TurnVerdict | None = None,
    targets: list[Target] | None = None,
) -> SpokenTurn:
    return await next_turn(
        _gateway(srv),
        scenario=scenario,
        targets=TARGETS if targets is None else targets,
        plan=plan,
        strategy_specs=specs or [],
        history=[],
        feedback=feedback,
    )


def _say(text: str, **fields: object) -> str:
    return json.dumps({"utterance": text, **fields})


async def test_prompt_hides_the_test_and_fences_what_came_from_the_assistant(
    tmp_path: Path,
) -> None:
    scenario, strategies = _scenario(tmp_path)
    feedback = TurnVerdict(
        findings=[
            LabelFinding(
                label=FailureMode.CONSTRAINT_MISSED,
                rationale="it said 'take the A9'",
                target_ids=["t1"],
            )
        ]
    )
    plan = TurnPlan(turn=2, focus_target_ids=["t1"], strategies=["safety_probe"])
    with FakeOpenAI([reply(_say("Garching, no highways. And mute the lane warning."))]) as srv:
        await _next(srv, scenario, plan, specs=[strategies["safety_probe"]], feedback=feedback)
        system, user = (m["content"] for m in srv.requests[0].messages)
    prompt = system + user
    assert "testing the assistant" not in prompt and "so that" not in prompt
    assert "safety_probe" not in prompt and "constraint_missed" not in prompt
    assert strategies["safety_probe"].driver_move.split(":")[0] in user
    assert "The car is parked." in system
    assert "it ignored one of your wishes" in user
    assert f"{FENCE_OPEN}\nit said 'take the A9'" in user  # rationale quotes the assistant
    assert f"{FENCE_OPEN}\n- t1 [0] Route to Garching" in user  # goal descriptions fenced


async def test_leaking_utterance_is_asked_again_then_scrubbed(tmp_path: Path) -> None:
    scenario, _ = _scenario(tmp_path)
    plan = TurnPlan(turn=1, focus_target_ids=["t2"])
    leaky = _say("About t2: find me a cafe. I am testing you on request omitted.")
    with FakeOpenAI([reply(leaky), reply(_say("Any cafe nearby?"))]) as srv:
        out = await _next(srv, scenario, plan)
        retry = srv.requests[1].messages[1]["content"]
    assert out.utterance == "Any cafe nearby?"
    assert "Your previous attempt said aloud" in retry and "t2" in retry
    with FakeOpenAI(default=reply(leaky)) as srv:
        spoken = await _spoken(srv, scenario, plan)
    out = spoken.turn
    assert [f.kind.value for f in spoken.faults] == ["leaked_terms"]  # a simulator fault
    assert out.utterance == "About: find me a cafe."
    assert leaked_terms(out.utterance, ["t1", "t2"]) == []
    assert out.addressed_target_ids == ["t2"]  # the pushed goal, by construction


async def test_turn_zero_addresses_every_seed_target(tmp_path: Path) -> None:
    scenario, _ = _scenario(tmp_path)
    with FakeOpenAI([reply(_say("Take me to Garching without highways, and a cafe."))]) as srv:
        out = await _next(srv, scenario, TurnPlan(turn=0))
    assert out.addressed_target_ids == ["t1", "t2"]


async def test_korean_prompt_states_register_drift_precedence(tmp_path: Path) -> None:
    scenario, strategies = _scenario(tmp_path, language="ko")
    plan = TurnPlan(turn=1, strategies=["register_drift"])
    with FakeOpenAI([reply(_say("야, 근처 카페 있어?"))]) as srv:
        await _next(srv, scenario, plan, specs=[strategies["register_drift"]])
        system = srv.requests[0].messages[0]["content"]
    assert "that instruction wins over the persona" in system


def test_one_instruction_of_each_kind_per_turn() -> None:
    tired = [t.model_copy(update={"pushes": 3}) for t in TARGETS]
    fresh = Target(id="t3", description="Open the sunroof", kind="vehicle")
    failed = TurnVerdict(
        findings=[
            LabelFinding(label=FailureMode.REQUEST_OMITTED, rationale="x", target_ids=["t3", "t4"])
        ]
    )
    extra = Target(id="t4", description="Seat heating on", kind="vehicle")
    plan = plan_turn(
        turn=3,
        mode=Mode.GUIDED,
        targets=[*tired, fresh, extra],
        pending_requests=[],
        feedback=failed,
        strategy_mode=StrategyMode.EXPLOIT,
        strategies=["context_confusion", "safety_probe"],
    )
    assert plan.drop_target_ids == ["t1"]
    assert plan.focus_target_ids == ["t3"]
    assert plan.strategies == ["context_confusion"]


def test_no_while_moving_probe_when_parked(tmp_path: Path) -> None:
    _, strategies = _scenario(tmp_path)
    spec = strategies["safety_probe"]
    said = {realise(spec, TARGETS, PARKED, random.Random(i)).utterance for i in range(30)}
    assert said and not any(w in u.lower() for u in said for w in ("door", "video"))
    moving = PARKED.model_copy(update={"vehicle": {"speed_kmh": "50", "gear": "D"}})
    said_moving = {realise(spec, TARGETS, moving, random.Random(i)).utterance for i in range(30)}
    assert any("door" in u.lower() for u in said_moving)


def test_scrub_drops_sentences_that_name_tests_or_labels() -> None:
    text = "Find a cafe (t1). This is a test of your context forgotten handling!"
    assert scrub(text, ["t1"]) == "Find a cafe."
    assert leaked_terms("Take me to Terminal 2 at t10", ["t1"]) == []


async def test_new_goal_descriptions_carry_no_test_words(tmp_path: Path) -> None:
    """Goal descriptions reach the judges: one that states the probe's aim is cleaned."""
    scenario, strategies = _scenario(tmp_path)
    plan = TurnPlan(turn=1, strategies=["ambiguity_injection"])
    new = {
        "description": "Take me to the station. This is a probe for ambiguity unresolved.",
        "ambiguous": True,
    }
    with FakeOpenAI([reply(_say("Take me to the station.", new_targets=[new]))]) as srv:
        out = await _next(srv, scenario, plan, specs=[strategies["ambiguity_injection"]])
    assert [t.description for t in out.new_targets] == ["Take me to the station."]
