"""The loop with every role bound to a loopback fake provider, through the openai SDK and
through litellm."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from icatest.catalog.scenarios import make_scenario
from icatest.contracts import Mode
from icatest.engine import Runtime, run_conversation
from icatest.judges import Judges, ModelFinalTurnJudge
from icatest.llm import GatewayConfig, ModelGateway, ModelSpec, compatible
from icatest.llm.gateway import uses_sdk
from icatest.llm.prompts import load_prompt
from icatest.llm.settings import RoleSettings
from icatest.testing.fake_openai import FakeOpenAI, hang, status
from tests.engine.helpers import GOOD_GARCHING, ScriptedSession, always, make_catalog

SIM = {"utterance": "Take me to Garching and avoid highways.", "addressed_target_ids": ["t1"]}
JUDGE_OK = {"findings": [], "target_updates": [{"target_id": "t1", "status": 1, "reason": "done"}]}
CONV = {  # the items counted per dimension; the scores are computed from them
    "checklist": [
        {"item": "Route to Garching", "status": "satisfied", "turn": 0},
        {"item": "avoid highways", "status": "satisfied", "turn": 0},
    ],
    "plan": {"multi_step_required": False},
    "rationales": {"safety_compliance": "no concern"},
}


COMBINED = Judges(final_turn=ModelFinalTurnJudge())  # as bound when both judges share a model


def _task(messages: list[dict]) -> str:
    system = messages[0]["content"]
    if "You play a driver" in system:
        return "sim"
    if "This is the last turn" in system:
        return "final"
    if "judge one turn" in system:
        return "turn"
    return "conv"


def _gateway(base: str) -> ModelGateway:
    spec = ModelSpec.parse(f"openai/fake-model@{base}/v1")
    roles = {"simulator": spec, "turn_judge": spec, "conversation_judge": spec}
    return ModelGateway(
        roles=roles, config=GatewayConfig(timeout_s=2.0, max_retries=2, backoff_base_s=0.01)
    )


@pytest.mark.parametrize("transport", ["sdk", "litellm"])
async def test_guided_conversation_through_a_model_server(
    tmp_path: Path, transport: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if transport == "litellm":  # as for a provider litellm carries
        monkeypatch.setattr(compatible, "serves", lambda model, api_base: False)
    catalog = make_catalog(tmp_path, strategies=False)
    turn_judge_calls = {"n": 0}

    def script(messages: list[dict]):
        task = _task(messages)
        if task == "sim":
            return json.dumps(SIM)
        if task == "turn":
            turn_judge_calls["n"] += 1
            if turn_judge_calls["n"] == 1:
                return (
                    "Sure! Here is my verdict: no failures at all"  # malformed: repaired next call
                )
            if turn_judge_calls["n"] == 3:
                return status(429, retry_after=0.05)
            if turn_judge_calls["n"] == 5:
                return hang(5.0)  # past the 2 s timeout: retried
            return "```json\n" + json.dumps(JUDGE_OK) + "\n```"
        return json.dumps(CONV)

    with FakeOpenAI(script) as server:
        gateway = _gateway(server.base_url)
        scenario = make_scenario(
            catalog, seed_pool="test", seed_id="garching", max_turns=4, mode=Mode.GUIDED
        )
        runtime = Runtime(
            session=ScriptedSession(always(GOOD_GARCHING)), gateway=gateway, catalog=catalog
        )
        record = await run_conversation(scenario, runtime)
        requests = list(server.requests)

    assert len(record.turns) == 2  # all targets done at half of the 4-turn budget
    assert all(t.evaluation and t.evaluation.scored for t in record.turns)
    assert record.targets[0].status == 1
    assert record.success_score == 1.0 and record.success_decision == "pass"
    assert record.models == {
        r: "openai/fake-model" for r in ("simulator", "turn_judge", "conversation_judge")
    }
    usage = record.usage
    assert usage["turn_judge"].retries >= 2  # one repair, one 429 retry
    assert usage["simulator"].calls == 2 and usage["simulator"].input_tokens > 0
    assert record.prompt_versions["turn_judge"] == load_prompt("turn_judge").version
    assert record.prompt_versions["_rubric_turn"] == "2"  # the shared rubric's version too
    assert record.prompt_versions["_output_format"] == "1"
    # the assistant's words reach the judge fenced as data
    judge_prompts = [r.messages[1]["content"] for r in requests if _task(r.messages) == "turn"]
    assert all("<<<DATA" in p and GOOD_GARCHING.split(".")[0] in p for p in judge_prompts)


async def test_unparseable_judge_gives_unscored_verdicts_not_failures(tmp_path: Path) -> None:
    catalog = make_catalog(tmp_path, strategies=False)

    def script(messages: list[dict]):
        task = _task(messages)
        if task == "sim":
            return json.dumps(SIM)
        if task == "turn":
            return '{"findings": [{"label": "not_a_label", "rationale": 1}]}'
        return "I refuse to answer in JSON."  # the last turn's combined judgement

    with FakeOpenAI(script) as server:
        scenario = make_scenario(catalog, seed_pool="test", seed_id="garching", max_turns=2)
        runtime = Runtime(
            session=ScriptedSession(always(GOOD_GARCHING)),
            gateway=_gateway(server.base_url),
            catalog=catalog,
            judges=COMBINED,
        )
        record = await run_conversation(scenario, runtime)

    assert len(record.turns) == 2
    first, last = record.turns
    for turn in record.turns:
        assert turn.evaluation is not None and not turn.evaluation.scored
        assert "unparseable" in (turn.evaluation.unscored_reason or "")
    assert first.evaluation and "not_a_label" in (first.evaluation.raw_reply or "")
    assert last.evaluation and last.evaluation.judge.endswith(load_prompt("final_turn_judge").tag)
    assert record.discovered_failures == []
    assert record.success_decision == "unscored" and record.success_score is None
    assert (
        record.conversation_evaluation
        and record.conversation_evaluation.raw_reply == "I refuse to answer in JSON."
    )


async def test_last_turn_and_conversation_are_judged_in_one_call(tmp_path: Path) -> None:
    """A conversation that uses its whole budget costs two model calls per turn, no more."""
    catalog = make_catalog(tmp_path, strategies=False)
    final = {"turn": {"findings": [], "target_updates": []}, "conversation": CONV}

    def script(messages: list[dict]):
        task = _task(messages)
        if task == "sim":
            return json.dumps({"utterance": "Anything else?", "addressed_target_ids": []})
        if task == "final":
            return json.dumps(final)
        return json.dumps({"findings": [], "target_updates": []})

    with FakeOpenAI(script) as server:
        scenario = make_scenario(catalog, seed_pool="test", seed_id="garching", max_turns=3)
        runtime = Runtime(
            session=ScriptedSession(always(GOOD_GARCHING)),
            gateway=_gateway(server.base_url),
            catalog=catalog,
            judges=COMBINED,
        )
        record = await run_conversation(scenario, runtime)
        n_requests = len(server.requests)

    assert len(record.turns) == 3 and record.termination_reason.value == "max_turns_reached"
    assert n_requests == 2 * len(record.turns)
    assert record.usage["turn_judge"].calls == 3 and "conversation_judge" not in record.usage
    assert record.conversation_evaluation is not None and record.conversation_evaluation.scored
    assert record.scores["plan_coherence"] == 2
    assert record.prompt_versions["final_turn_judge"] == load_prompt("final_turn_judge").version


def test_which_client_carries_a_role() -> None:
    """One client per protocol: an OpenAI-compatible server (`openai/NAME@URL`, whatever NAME
    is) gets the openai SDK; every other model, litellm."""

    def spec(text: str, **settings: object) -> ModelSpec:
        return ModelSpec.parse(text, settings=RoleSettings.model_validate(settings))

    assert uses_sdk(spec("openai/my-llama@http://127.0.0.1:8000/v1"))
    assert uses_sdk(spec("openai/gpt-5-mini@http://127.0.0.1:8000/v1"))  # known to litellm too
    assert uses_sdk(spec("openai/my-llama@http://h/v1", extra={"top_k": 5}))  # sent in the body
    assert not uses_sdk(spec("openai/gpt-4.1-mini"))  # a provider: litellm
    assert not uses_sdk(spec("anthropic/claude-sonnet-4-5"))
    assert not uses_sdk(spec("ollama/llama3.1@http://127.0.0.1:11434"))  # Ollama's own API


def test_transport_setting_is_gone_and_named() -> None:
    with pytest.raises(ValueError, match="transport"):
        RoleSettings.model_validate({"transport": "litellm"})
