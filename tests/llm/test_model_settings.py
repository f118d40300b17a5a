"""Per-role settings and provider quirks, through litellm against the loopback fake provider:
a reasoning model's parameter rules, a provider that refuses a parameter by name, a reply cut at
max_tokens, a prompt over the context window, an empty reply before a repair."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pydantic import BaseModel

from icatest.llm.gateway import GatewayConfig, ModelGateway, ModelSpec
from icatest.llm.settings import ReasoningEffort, RoleSettings, request_params
from icatest.testing import FakeOpenAI, reply


class Echo(BaseModel):
    echo: str


@pytest.fixture
def server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI(strict_models={"my-reasoner"}, context_limit=400) as srv:
        yield srv


def _gateway(srv: FakeOpenAI, model: str = "openai/fake", **settings: object) -> ModelGateway:
    spec = ModelSpec.parse(
        f"{model}@{srv.base_url}/v1", settings=RoleSettings.model_validate(settings)
    )
    config = GatewayConfig(timeout_s=5.0, max_retries=1, backoff_base_s=0.01)
    return ModelGateway(roles={"turn_judge": spec, "simulator": spec}, config=config)


async def _echo(gw: ModelGateway, text: str = "hello") -> object:
    return await gw.structured("turn_judge", "echo_test", {"text": text}, Echo, offline=dict)


async def test_gpt5_mini_rules_temperature_dropped_not_fatal(
    server: FakeOpenAI, transport: str
) -> None:
    """The fake refuses temperature != 1 and max_tokens for gpt-5*, as OpenAI does. litellm
    knows the model's rules (drop_params); the SDK client learns them from the two 400s, which
    name the parameter. Either way the call is valid, with the role's default output cap, and
    the SDK's drops are recorded for the role."""
    server.set_script([reply('{"echo": "hello"}')])
    gw = _gateway(server, "openai/gpt-5-mini")
    res = await _echo(gw)
    assert res.value == Echo(echo="hello")  # type: ignore[attr-defined]
    body = server.requests[-1].body
    assert "temperature" not in body and "max_tokens" not in body
    assert body["max_completion_tokens"] == 4096  # turn judge default, room for reasoning
    if transport == "sdk":
        assert len(server.requests) == 3
        assert gw.usage["turn_judge"].dropped_params == ["max_tokens", "temperature"]
    else:
        assert len(server.requests) == 1


async def test_parameter_refused_by_provider_is_dropped_for_the_role(server: FakeOpenAI) -> None:
    """A model litellm has no rules for: the provider's 400 names `temperature`, then
    `max_tokens`; the gateway drops the first, renames the second (max_completion_tokens) for
    this role and repeats the call; later calls no longer send them."""
    server.set_script([reply('{"echo": "a"}'), reply('{"echo": "b"}')])
    gw = _gateway(server, "openai/my-reasoner", temperature=0.2)
    first = await _echo(gw)
    second = await _echo(gw)
    assert first.value == Echo(echo="a") and second.value == Echo(echo="b")  # type: ignore[attr-defined]
    sent = [(r.body.get("temperature"), "max_tokens" in r.body) for r in server.requests]
    assert sent == [(0.2, True), (None, True), (None, False), (None, False)]
    assert server.requests[-1].body["max_completion_tokens"] == 4096
    assert gw.dropped["turn_judge"] == frozenset({"temperature", "max_tokens"})


async def test_cut_reply_is_detected_and_asked_again_with_more_room(server: FakeOpenAI) -> None:
    long_json = '{"echo": "' + " ".join(["word"] * 20) + '"}'
    server.set_script(lambda msgs: reply(long_json))
    gw = _gateway(server, max_tokens=16)
    res = await _echo(gw)
    assert res.value is not None and res.value.echo.count("word") == 20  # type: ignore[attr-defined]
    caps = [r.body["max_tokens"] for r in server.requests]
    assert caps == [16, 32]
    assert gw.usage["turn_judge"].truncated == 1


async def test_reply_cut_even_at_the_limit_is_unscored_with_the_reason(server: FakeOpenAI) -> None:
    huge = '{"echo": "' + " ".join(["word"] * 200) + '"}'
    server.set_script(lambda msgs: reply(huge))
    gw = ModelGateway(
        roles={
            "turn_judge": ModelSpec.parse(
                f"openai/fake@{server.base_url}/v1", settings=RoleSettings(max_tokens=16)
            )
        },
        config=GatewayConfig(timeout_s=5.0, repair_attempts=0),
    )
    res = await _echo(gw)
    assert res.value is None  # type: ignore[attr-defined]
    assert "cut at the output cap" in (res.error or "")  # type: ignore[attr-defined]
    assert [r.body["max_tokens"] for r in server.requests] == [16, 32, 64]  # 4x the cap at most


async def test_a_cut_reply_costs_at_most_four_calls_repair_at_the_last_cap(
    server: FakeOpenAI,
) -> None:
    """Growth (16, 32, 64) and the repair share one budget of four calls; the repair asks at
    the last cap and does not send the cut JSON back. More repair attempts change nothing."""
    huge = '{"echo": "' + " ".join(["word"] * 200) + '"}'
    server.set_script(lambda msgs: reply(huge))
    gw = ModelGateway(
        roles={
            "turn_judge": ModelSpec.parse(
                f"openai/fake@{server.base_url}/v1", settings=RoleSettings(max_tokens=16)
            )
        },
        config=GatewayConfig(timeout_s=5.0, repair_attempts=3),
    )
    res = await _echo(gw)
    assert res.value is None  # type: ignore[attr-defined]
    assert [r.body["max_tokens"] for r in server.requests] == [16, 32, 64, 64]
    first, repair = server.requests[0].messages, server.requests[-1].messages
    assert repair[: len(first)] == first and len(repair) == len(first) + 1
    assert repair[-1]["role"] == "user" and "did not fit" in repair[-1]["content"]
    assert all('"echo": "word' not in m["content"] for m in repair)  # no cut JSON sent back
    assert gw.usage["turn_judge"].truncated == 4


async def test_a_repair_after_growth_starts_at_the_grown_cap(server: FakeOpenAI) -> None:
    """A reply that fits at 32 but is invalid is repaired at 32, not at the base cap of 16."""
    long_bad = '{"wrong": "' + " ".join(["word"] * 20) + '"}'
    server.set_script([reply(long_bad), reply(long_bad), reply('{"echo": "ok"}')])
    res = await _echo(_gateway(server, max_tokens=16))
    assert res.value == Echo(echo="ok")  # type: ignore[attr-defined]
    assert [r.body["max_tokens"] for r in server.requests] == [16, 32, 32]


async def test_context_window_400_is_unscored_not_a_crash(server: FakeOpenAI) -> None:
    res = await _echo(_gateway(server), text="long " * 500)
    assert res.value is None  # type: ignore[attr-defined]
    assert (res.error or "").startswith("prompt too long")  # type: ignore[attr-defined]
    assert len(server.requests) == 1  # not retried: the same prompt cannot fit next time


async def test_an_empty_reply_is_asked_again_never_sent_back(server: FakeOpenAI) -> None:
    """The question is asked once more unchanged: no empty assistant message (Anthropic refuses
    those) and no repair request about a JSON parse error."""
    server.set_script([reply(""), reply('{"echo": "ok"}')])
    res = await _echo(_gateway(server))
    assert res.value == Echo(echo="ok")  # type: ignore[attr-defined]
    assert server.requests[1].messages == server.requests[0].messages
    assert all(m["content"] for r in server.requests for m in r.messages)


async def test_settings_reach_the_request(server: FakeOpenAI) -> None:
    server.set_script([reply('{"echo": "x"}')])
    gw = _gateway(server, temperature=0.3, seed=7, max_tokens=500, extra={"top_p": 0.5})
    await _echo(gw)
    body = server.requests[0].body
    assert (body["temperature"], body["seed"], body["max_tokens"], body["top_p"]) == (
        0.3,
        7,
        500,
        0.5,
    )


def test_ollama_gets_a_context_window_and_reasoning_effort_passes() -> None:
    params = request_params(
        "ollama/llama3.1", RoleSettings(reasoning_effort=ReasoningEffort.LOW), 2048, frozenset()
    )
    assert params["num_ctx"] == 16384 and params["reasoning_effort"] == "low"
    assert params["drop_params"] is True
    assert "num_ctx" not in request_params("openai/x", RoleSettings(), 10, frozenset())
    own = request_params("ollama/x", RoleSettings(context_window=4096), 10, frozenset())
    assert own["num_ctx"] == 4096


def test_settings_from_the_command_line_and_the_config() -> None:
    from icatest.campaigns.config import CampaignConfig
    from icatest.cli.options import role_settings

    raw = role_settings(
        ["turn_judge.max_tokens=8000", "turn_judge.extra.top_p=0.9", "simulator.temperature=0.7"]
    )
    assert raw == {
        "turn_judge": {"max_tokens": 8000, "extra": {"top_p": 0.9}},
        "simulator": {"temperature": 0.7},
    }
    config = CampaignConfig.model_validate(
        {"sut": "reference", "max_conversations": 1, "model_settings": raw}
    )
    assert config.model_settings["turn_judge"].max_tokens == 8000
    with pytest.raises(ValueError, match="unknown role"):
        CampaignConfig.model_validate(
            {"sut": "reference", "max_conversations": 1, "model_settings": {"judge": {}}}
        )
    with pytest.raises(ValueError, match="reasoning_effort"):
        CampaignConfig.model_validate(
            {
                "sut": "reference",
                "max_conversations": 1,
                "model_settings": {"turn_judge": {"reasoning_effort": "huge"}},
            }
        )


def test_bad_model_setting_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    from icatest.cli import main

    argv = ["converse", "--sut", "reference", "--model-setting", "turn_judge.max_tokens=-5"]
    assert main(argv) == 2
    assert "turn_judge.max_tokens" in capsys.readouterr().err
    # the former `transport` setting is named as unknown (one client per protocol now)
    argv = ["converse", "--sut", "reference", "--model-setting", "turn_judge.transport=litellm"]
    assert main(argv) == 2
    assert "turn_judge.transport: unknown field" in capsys.readouterr().err


def test_ollama_request_keeps_its_context_window_and_gets_the_schema_as_format() -> None:
    """What litellm makes of our Ollama parameters: num_ctx survives, the schema is `format`."""
    from icatest.llm.gateway import _litellm
    from icatest.llm.settings import StructuredOutput, output_format, runtime_mode

    schema = {"type": "object", "properties": {}, "required": [], "additionalProperties": False}
    mode = runtime_mode("ollama/llama3.1", StructuredOutput.AUTO, native_ok=False)
    fmt = output_format(mode, "X", schema, model_reads_schema=False).response_format
    params = request_params("ollama/llama3.1", RoleSettings(), 2048, frozenset(), fmt)
    params.pop("drop_params")
    sent = _litellm().utils.get_optional_params(
        model="llama3.1", custom_llm_provider="ollama_chat", drop_params=True, **params
    )
    assert (sent["num_ctx"], sent["format"], sent["num_predict"]) == (16384, schema, 2048)