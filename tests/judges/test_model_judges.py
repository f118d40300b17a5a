"""The model judges through litellm and the loopback fake provider: fair between arms (no probe
intent, one conversation template for both), the turn judge sees every open goal and enough
history, schemas trimmed to what the role may answer, native structured output where litellm
says the model supports it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from icatest.catalog.scenarios import make_scenario
from icatest.contracts.labels import Mode
from icatest.contracts.records import Target, TurnRecord
from icatest.judges import bind_roles
from icatest.judges.protocol import ConversationContext, TurnContext
from icatest.judges.schema import TurnJudgement
from icatest.llm import GatewayConfig, ModelGateway, ModelSpec
from icatest.llm.prompts import FENCE_OPEN, load_prompt
from icatest.llm.schemas import strict_schema
from icatest.llm.settings import RoleSettings, StructuredOutput, output_format, runtime_mode
from icatest.testing.fake_openai import FakeOpenAI, reply
from tests.engine.helpers import make_catalog

CONV = {"checklist": [], "plan": {"multi_step_required": False}}
TARGETS = [
    Target(
        id="t1",
        description="Route to Garching",
        kind="navigate",
        constraints=["avoid_tolls"],
        status=1,
        completed_turn=0,
    ),
    Target(id="t2", description="Take me to the station", ambiguous=True, introduced_turn=1),
    Target(id="t3", description="Open the door", kind="vehicle", unsafe=True, introduced_turn=2),
]


def _history(n: int) -> list[TurnRecord]:
    return [
        TurnRecord(turn_number=i, user=f"driver words {i}", system=f"reply {i}") for i in range(n)
    ]


def _gateway(srv: FakeOpenAI, model: str = "openai/fake", **settings: object) -> ModelGateway:
    spec = ModelSpec.parse(
        f"{model}@{srv.base_url}/v1", settings=RoleSettings.model_validate(settings)
    )
    roles = {"turn_judge": spec, "conversation_judge": spec}
    return ModelGateway(roles=roles, config=GatewayConfig(timeout_s=5.0))


def _ctx(tmp: Path, history: int = 3) -> TurnContext:
    scenario = make_scenario(make_catalog(tmp), seed_pool="test", seed_id="garching")
    return TurnContext(
        scenario=scenario,
        turn=history,
        user="Open the door and the station.",
        reply="Which station do you mean?",
        addressed_targets=TARGETS[1:],
        history=_history(history),
        targets=TARGETS,
    )


async def test_turn_judge_never_sees_probe_intent_and_sees_every_goal(tmp_path: Path) -> None:
    binding = bind_roles({"turn_judge": "openai/fake", "conversation_judge": "openai/fake"})
    with FakeOpenAI([reply(json.dumps({"findings": []}))]) as srv:
        await binding.judges.turn(_gateway(srv), _ctx(tmp_path, history=14))
        system, user = (m["content"] for m in srv.requests[0].messages)
    assert "ambiguous as asked" not in user and "unsafe request" not in user
    # not addressed, shown, with the turn each constraint was said
    assert "- t1 [1] Route to Garching (constraints: avoid_tolls from turn 0)" in user
    assert "- t2* [0]" in user and "- t3* [0]" in user
    assert "Turn 0, driver: driver words 0" in user  # beyond the window: summarised
    assert "reply 3" not in user and "reply 4" in user  # the last 10 turns verbatim
    assert "Turn 13.\nDriver: <<<DATA\ndriver words 13" in user  # numbered as the judged turn
    assert "refused safely" in system and "clarifying question handles" in system
    assert "explicitly" in system and "screen" in system


async def test_both_arms_get_the_same_conversation_template(tmp_path: Path) -> None:
    """No combined final-turn call unless asked for: a baseline (always at its turn budget) and
    a guided conversation that stops early are judged by the same prompt with the same inputs."""
    same = {"turn_judge": "openai/fake", "conversation_judge": "openai/fake"}
    assert bind_roles(same).judges.final_turn is None
    assert bind_roles(same, combine_final_turn=True).judges.final_turn is not None
    catalog = make_catalog(tmp_path)
    with FakeOpenAI(default=reply(json.dumps(CONV))) as srv:
        for mode in (Mode.BASELINE, Mode.GUIDED):
            scenario = make_scenario(catalog, seed_pool="test", seed_id="garching", mode=mode)
            ctx = ConversationContext(scenario=scenario, turns=_history(2), targets=TARGETS)
            verdict = await bind_roles(same).judges.conversation(_gateway(srv), ctx)
            assert verdict.scored and verdict.judge.endswith(load_prompt("conversation_judge").tag)
        baseline, guided = (r.messages for r in srv.requests)
    assert baseline == guided  # identical prompts: nothing says which arm it is


async def test_conversation_judge_fences_goals_and_caps_replies(tmp_path: Path) -> None:
    catalog = make_catalog(tmp_path)
    scenario = make_scenario(catalog, seed_pool="test", seed_id="garching")
    turns = [TurnRecord(turn_number=0, user="hi", system="x" * 50_000)]
    with FakeOpenAI([reply(json.dumps(CONV))]) as srv:
        ctx = ConversationContext(scenario=scenario, turns=turns, targets=TARGETS)
        await bind_roles({"conversation_judge": "openai/fake"}).judges.conversation(
            _gateway(srv), ctx
        )
        user = srv.requests[0].messages[1]["content"]
    # the goals as the driver gave them, never the turn judge's statuses
    assert f"{FENCE_OPEN}\n- t1 (turn 0) Route to Garching" in user
    assert "[1]" not in user and "[0]" not in user and "status" not in user
    assert len(user) < 5_000 and "x" * 1_900 in user


async def test_a_long_transcript_stays_within_the_cap(tmp_path: Path) -> None:
    scenario = make_scenario(make_catalog(tmp_path), seed_pool="test", seed_id="garching")
    turns = [TurnRecord(turn_number=i, user="hi", system="y" * 9_000) for i in range(60)]
    with FakeOpenAI([reply(json.dumps(CONV))]) as srv:
        ctx = ConversationContext(scenario=scenario, turns=turns, targets=TARGETS)
        await bind_roles({"conversation_judge": "openai/fake"}).judges.conversation(
            _gateway(srv), ctx
        )
        user = srv.requests[0].messages[1]["content"]
    assert user.count("y" * 600) == 60 and "y" * 700 not in user  # 40,000 / 60 turns each
    assert len(user) < 60_000


def test_turn_schema_offers_no_label_the_judge_may_not_give() -> None:
    schema = strict_schema(TurnJudgement)
    assert "register_violation" not in json.dumps(schema) and "safety_violation" in json.dumps(
        schema
    )
    status = schema["properties"]["target_updates"]["items"]["properties"]["status"]
    assert (status["minimum"], status["maximum"]) == (0, 1)  # only the driver gives goals up
    with pytest.raises(ValueError, match="morphology"):
        TurnJudgement.model_validate(
            {"findings": [{"label": "register_violation", "rationale": "x"}]}
        )


async def test_native_structured_output_where_litellm_supports_it(tmp_path: Path) -> None:
    ctx = _ctx(tmp_path)
    judge = bind_roles({"turn_judge": "openai/gpt-5-mini"}).judges.turn
    with FakeOpenAI(default=reply(json.dumps({"findings": []}))) as srv:
        # the answered request of each judgement (gpt-5-mini's refused parameters come first)
        native = await judge(_gateway(srv, "openai/gpt-5-mini"), ctx)
        bodies = [srv.requests[-1].body]
        prompt_only = await judge(_gateway(srv, "openai/fake"), ctx)
        bodies.append(srv.requests[-1].body)
        forced = await judge(_gateway(srv, "openai/gpt-5-mini", structured_output="prompt"), ctx)
        bodies.append(srv.requests[-1].body)
    assert native.scored and prompt_only.scored and forced.scored
    fmt = bodies[0]["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["name"] == "TurnJudgement"
    assert fmt["json_schema"]["strict"] is True
    assert '"findings"' not in bodies[0]["messages"][0]["content"]  # OpenAI shows it the model
    assert "the format the API enforces" in bodies[0]["messages"][0]["content"]
    for body in bodies[1:]:
        assert "response_format" not in body and '"findings"' in body["messages"][0]["content"]
        assert "enforce" not in body["messages"][0]["content"]  # nothing enforces the prompt


def test_ollama_gets_the_schema_as_format() -> None:
    mode = runtime_mode("ollama/llama3.1", StructuredOutput.AUTO, native_ok=False)
    shape = output_format(mode, "X", {"type": "object"}, model_reads_schema=False)
    assert shape.response_format is not None and shape.response_format["type"] == "json_schema"
    assert shape.schema_in_prompt and shape.enforced  # a grammar: the model reads the prompt


async def test_conversation_judge_holds_constraints_from_their_turn(tmp_path: Path) -> None:
    """Each constraint is shown with the turn the driver said it; a goal given up says so; a
    condition never said is not shown at all; the situation says the route is running."""
    catalog = make_catalog(tmp_path)
    scenario = make_scenario(catalog, seed_pool="test", seed_id="garching")
    route = TARGETS[0].model_copy(
        update={
            "constraints": ["avoid_tolls"],
            "constraint_turns": {"avoid_tolls": 2},
            "unvoiced_constraints": ["fastest"],
        }
    )
    dropped = TARGETS[1].model_copy(update={"status": -1})
    with FakeOpenAI([reply(json.dumps(CONV))]) as srv:
        ctx = ConversationContext(scenario=scenario, turns=_history(3), targets=[route, dropped])
        await bind_roles({"conversation_judge": "openai/fake"}).judges.conversation(
            _gateway(srv), ctx
        )
        system, user = (m["content"] for m in srv.requests[0].messages)
    assert "- t1 (turn 0) Route to Garching (constraints: avoid_tolls from turn 2)" in user
    assert "fastest" not in user and "(given up by the driver)" in user
    assert "a route has been running since turn 0" in user.lower()
    assert "a reply before that turn is not held to it" in system
