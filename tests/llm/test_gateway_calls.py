"""ModelGateway end to end against the loopback fake OpenAI server, through both clients (the
openai SDK and litellm: tests/llm/conftest.py)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from pydantic import BaseModel

from icatest.contracts import ModelErrorKind
from icatest.llm.gateway import GatewayConfig, ModelGateway, ModelSpec
from icatest.llm.prompts import FENCE_OPEN
from icatest.testing import (
    FakeOpenAI,
    empty_choices,
    filtered,
    hang,
    malformed_body,
    null_content,
    refusal,
    reply,
    status,
    streamed,
)


class Echo(BaseModel):
    echo: str


@pytest.fixture
def server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as srv:
        yield srv


def _gateway(srv: FakeOpenAI, **cfg: float) -> ModelGateway:
    spec = ModelSpec.parse(f"openai/fake@{srv.base_url}/v1")
    config = GatewayConfig(
        timeout_s=cfg.get("timeout_s", 5.0),
        max_retries=int(cfg.get("max_retries", 2)),
        backoff_base_s=0.01,
        backoff_max_s=cfg.get("backoff_max_s", 2.0),
    )
    return ModelGateway(roles={"turn_judge": spec, "simulator": spec}, config=config)


async def _echo(gw: ModelGateway, role: str = "turn_judge", text: str = "hello") -> object:
    return await gw.structured(role, "echo_test", {"text": text}, Echo, offline=lambda v: {})


async def test_valid_structured_output(server: FakeOpenAI) -> None:
    server.set_script([reply('{"echo": "hello"}')])
    gw = _gateway(server)
    res = await gw.structured("turn_judge", "echo_test", {"text": "hello"}, Echo, offline=dict)
    assert res.value == Echo(echo="hello")
    assert res.error is None and res.model == "openai/fake" and res.prompt_version == "1"
    assert gw.prompt_versions == {"echo_test": "1"}
    msgs = server.requests[0].messages
    assert msgs[0]["role"] == "system" and '"echo"' in msgs[0]["content"]
    assert FENCE_OPEN in msgs[1]["content"] and "hello" in msgs[1]["content"]


async def test_fenced_json_is_accepted(server: FakeOpenAI) -> None:
    server.set_script([reply('Sure:\n```json\n{"echo": "x"}\n```')])
    res = await _echo(_gateway(server))
    assert res.value == Echo(echo="x")  # type: ignore[attr-defined]


async def test_malformed_then_repaired(server: FakeOpenAI) -> None:
    server.set_script([reply("not json at all"), reply('{"echo": "fixed"}')])
    gw = _gateway(server)
    res = await gw.structured("turn_judge", "echo_test", {"text": "t"}, Echo, offline=dict)
    assert res.value == Echo(echo="fixed")
    repair = server.requests[1].messages
    assert repair[-2] == {"role": "assistant", "content": "not json at all"}
    assert "could not be used" in repair[-1]["content"]
    assert gw.usage["turn_judge"].retries == 1


async def test_malformed_twice_is_unscored_with_raw_kept(server: FakeOpenAI) -> None:
    server.set_script([reply("nope"), reply('{"wrong": 1}')])
    gw = _gateway(server)
    res = await gw.structured("turn_judge", "echo_test", {"text": "t"}, Echo, offline=dict)
    assert res.value is None
    assert res.raw == '{"wrong": 1}'
    assert res.error is not None and res.error.startswith("unparseable output: echo")
    assert gw.usage["turn_judge"].failures == 1
    assert len(server.requests) == 2


async def test_429_then_success_honours_retry_after(server: FakeOpenAI) -> None:
    server.set_script([status(429, retry_after=0.3), reply('{"echo": "ok"}')])
    gw = _gateway(server)
    start = time.monotonic()
    res = await gw.structured("turn_judge", "echo_test", {"text": "t"}, Echo, offline=dict)
    assert res.value == Echo(echo="ok")
    assert time.monotonic() - start >= 0.3
    assert gw.usage["turn_judge"].retries == 1
    assert len(server.requests) == 2


async def test_timeout_then_success(server: FakeOpenAI) -> None:
    server.set_script([hang(3.0), reply('{"echo": "late but fine"}')])
    gw = _gateway(server, timeout_s=0.4)
    start = time.monotonic()
    res = await gw.structured("turn_judge", "echo_test", {"text": "t"}, Echo, offline=dict)
    assert res.value == Echo(echo="late but fine")
    assert time.monotonic() - start < 3.0


async def test_persistent_500_is_model_unavailable(server: FakeOpenAI) -> None:
    server.set_script(lambda msgs: status(500))
    gw = _gateway(server, max_retries=2)
    res = await gw.structured("turn_judge", "echo_test", {"text": "t"}, Echo, offline=dict)
    assert res.value is None
    assert res.error is not None and res.error.startswith("model unavailable")
    assert len(server.requests) == 3
    assert gw.usage["turn_judge"].failures == 1


async def test_empty_choices_retried_then_success(server: FakeOpenAI) -> None:
    server.set_script([empty_choices(), reply('{"echo": "ok"}')])
    res = await _echo(_gateway(server))
    assert res.value == Echo(echo="ok")  # type: ignore[attr-defined]


async def test_empty_choices_forever_is_named_no_content(server: FakeOpenAI) -> None:
    server.set_script(lambda msgs: empty_choices())
    gw = _gateway(server, max_retries=1)
    res = await _echo(gw)
    assert res.value is None  # type: ignore[attr-defined]
    assert res.error_kind is ModelErrorKind.NO_CONTENT  # type: ignore[attr-defined]
    assert res.error == "no content: the answer carried no choice (asked 2 times)"  # type: ignore[attr-defined]
    assert len(server.requests) == 2  # asked once more, not `max_retries` times, not repaired


async def test_empty_reply_is_asked_once_more_then_named(server: FakeOpenAI) -> None:
    server.set_script(lambda msgs: reply("  "))
    gw = _gateway(server, max_retries=3)
    res = await _echo(gw)
    assert res.error_kind is ModelErrorKind.EMPTY_REPLY  # type: ignore[attr-defined]
    assert (res.error or "").startswith("empty reply: the model answered with no text")  # type: ignore[attr-defined]
    assert "EOF" not in (res.error or "") and "JSON" not in (res.error or "")  # type: ignore[attr-defined]
    assert len(server.requests) == 2
    assert server.requests[0].messages == server.requests[1].messages  # the same question


async def test_null_content_is_named_and_then_answered(server: FakeOpenAI) -> None:
    server.set_script([null_content(), reply('{"echo": "ok"}')])
    res = await _echo(_gateway(server))
    assert res.value == Echo(echo="ok")  # type: ignore[attr-defined]
    server.set_script(lambda msgs: null_content())
    res = await _echo(_gateway(server))
    assert res.error_kind is ModelErrorKind.NO_CONTENT  # type: ignore[attr-defined]
    assert "content is null" in (res.error or "")  # type: ignore[attr-defined]


async def test_a_refusal_is_named_with_its_words_and_not_asked_again(server: FakeOpenAI) -> None:
    server.set_script(lambda msgs: refusal("I can't help with that request."))
    seen: list[ModelErrorKind | None] = []
    gw = _gateway(server)
    gw.on_call = lambda role, kind: seen.append(kind)
    res = await _echo(gw)
    assert res.value is None  # type: ignore[attr-defined]
    assert res.error_kind is ModelErrorKind.REFUSED  # type: ignore[attr-defined]
    assert res.error == "the model refused: I can't help with that request."  # type: ignore[attr-defined]
    assert len(server.requests) == 1 and seen == [ModelErrorKind.REFUSED]
    assert gw.usage["turn_judge"].calls == 1 and gw.usage["turn_judge"].failures == 1


async def test_a_content_filter_stop_is_a_refusal(server: FakeOpenAI) -> None:
    server.set_script(lambda msgs: filtered())
    res = await _echo(_gateway(server))
    assert res.error_kind is ModelErrorKind.REFUSED  # type: ignore[attr-defined]
    assert res.error == "the model refused: the provider's content filter stopped the reply"  # type: ignore[attr-defined]
    assert len(server.requests) == 1


async def test_token_usage_accumulated_per_role(server: FakeOpenAI) -> None:
    server.set_script(lambda msgs: reply('{"echo": "a b c"}'))
    gw = _gateway(server)
    await _echo(gw, "turn_judge")
    await _echo(gw, "turn_judge")
    await _echo(gw, "simulator")
    judge, sim = gw.usage["turn_judge"], gw.usage["simulator"]
    expected_in = sum(len(str(m["content"]).split()) for m in server.requests[0].messages)
    assert judge.calls == 2 and sim.calls == 1
    assert judge.input_tokens == 2 * expected_in
    assert judge.output_tokens == 2 * len('{"echo": "a b c"}'.split())
    assert sim.input_tokens == expected_in
    assert gw.models() == {"turn_judge": "openai/fake", "simulator": "openai/fake"}


async def test_text_call(server: FakeOpenAI) -> None:
    server.set_script([reply("  Take me home.  ")])
    gw = _gateway(server)
    res = await gw.text("simulator", "echo_test", {"text": "t", "output_schema": {}}, offline=str)
    assert res.raw == "Take me home."


async def test_a_server_that_always_streams(server: FakeOpenAI) -> None:
    """An event stream nobody asked for is no chat completion to either client: unscored with
    the reason, never a verdict."""
    server.set_script(lambda msgs: streamed('{"echo": "streamed"}'))
    res = await _echo(_gateway(server, max_retries=0))
    assert res.value is None and res.error  # type: ignore[attr-defined]


async def test_a_body_that_is_no_completion_is_retried_then_unscored(server: FakeOpenAI) -> None:
    server.set_script(lambda msgs: malformed_body())
    gw = _gateway(server, max_retries=1)
    res = await _echo(gw)
    assert res.value is None  # type: ignore[attr-defined]
    assert (res.error or "").startswith("model unavailable")  # type: ignore[attr-defined]
    assert len(server.requests) == 2 and gw.usage["turn_judge"].failures == 1


def test_a_raw_line_break_inside_a_json_string_is_read_as_its_escape() -> None:
    """llama.cpp's JSON grammar lets a raw newline into a string; the verdict is still read,
    while JSON that is broken otherwise stays a validation error."""
    from pydantic import BaseModel, ValidationError

    from icatest.llm.replies import parse_output

    class Out(BaseModel):
        text: str

    assert parse_output(Out, '{"text": "one\nline two"}').text == "one\nline two"
    with pytest.raises(ValidationError):
        parse_output(Out, '{"text": "unclosed}')
    with pytest.raises(ValidationError):
        parse_output(Out, '{"other": "x"}')
