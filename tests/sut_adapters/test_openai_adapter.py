"""OpenAI-compatible adapter against the loopback fake OpenAI server."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest
from sut_fault_server import fast_policy

from icatest.sut.adapters import OpenAIAssistant, OpenAISutConfig
from icatest.testing import (
    FakeOpenAI,
    empty_choices,
    free_port,
    hang,
    malformed_body,
    reply,
    status,
    streamed,
)

KEY = "sk-live-very-secret-123"


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as srv:
        yield srv


def _assistant(url: str, **kw: object) -> OpenAIAssistant:
    return OpenAIAssistant(OpenAISutConfig(kind="openai", url=url, **{**fast_policy(), **kw}))


async def test_history_context_header_and_key(
    fake: FakeOpenAI, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ICATEST_SUT_API_KEY", KEY)
    fake.set_script(["Route to Munich Airport: 38 km.", "Setting the temperature to 21 degrees."])
    assistant = _assistant(fake.base_url + "/v1", model="ica-1")
    ctx = {"location": "Marienplatz", "time": "22:10", "vehicle": {"speed_kmh": "50"}}
    session = assistant.session("conv-9", context=ctx)
    r1 = await session.send("Take me to Munich Airport")
    r2 = await session.send("Set the temperature to 21 degrees")
    await assistant.aclose()
    assert r1.text == "Route to Munich Airport: 38 km." and r2.error is None
    req = fake.requests[1]
    assert req.path == "/v1/chat/completions" and req.model == "ica-1"
    assert req.headers["x-conversation-id"] == "conv-9" and req.body["user"] == "conv-9"
    assert req.headers["authorization"] == f"Bearer {KEY}"
    system = req.messages[0]
    assert system["role"] == "system" and system["content"].startswith("CONTEXT: ")
    assert json.loads(system["content"].removeprefix("CONTEXT: ")) == ctx
    assert [m["role"] for m in req.messages] == ["system", "user", "assistant", "user"]
    assert req.messages[2]["content"] == "Route to Munich Airport: 38 km."
    assert req.messages[3]["content"] == "Set the temperature to 21 degrees"


async def test_no_context_no_system_message(fake: FakeOpenAI) -> None:
    assistant = _assistant(fake.base_url + "/v1")
    await assistant.session("c").send("hi")
    await assistant.aclose()
    assert [m["role"] for m in fake.requests[0].messages] == ["user"]


@pytest.mark.parametrize(
    ("script", "kind", "attempts"),
    [
        ([status(500)] * 3, "http_status", 3),
        ([status(503)] * 3, "unavailable", 3),
        ([status(502)] * 3, "unavailable", 3),
        ([status(401)], "auth", 1),
        ([malformed_body()], "malformed", 1),
        ([malformed_body("")], "empty", 1),
        ([empty_choices()], "malformed", 1),
        ([reply("")], None, 1),
    ],
)
async def test_faults(fake: FakeOpenAI, script: list, kind: str | None, attempts: int) -> None:
    fake.set_script(script)
    assistant = _assistant(fake.base_url + "/v1")
    result = await assistant.session("c").send("hello")
    await assistant.aclose()
    assert result.error_kind == kind, result.error
    assert result.attempts == attempts and len(fake.requests) == attempts


async def test_429_then_success(fake: FakeOpenAI) -> None:
    fake.set_script([status(429, retry_after=0.3), reply("fine")])
    assistant = _assistant(fake.base_url + "/v1")
    start = time.monotonic()
    result = await assistant.session("c").send("hello")
    await assistant.aclose()
    assert result.text == "fine" and result.attempts == 2
    assert time.monotonic() - start >= 0.3


async def test_hang_past_timeout(fake: FakeOpenAI) -> None:
    fake.set_script([hang(5), hang(5)])
    assistant = _assistant(fake.base_url + "/v1", timeout_s=0.3, retries=1)
    start = time.monotonic()
    result = await assistant.session("c").send("hello")
    await assistant.aclose()
    assert result.error_kind.unreachable and result.error_kind == "timeout"
    assert time.monotonic() - start < 2.0


async def test_refused_connection() -> None:
    assistant = _assistant(f"http://127.0.0.1:{free_port()}/v1", retries=1)
    result = await assistant.session("c").send("hello")
    await assistant.aclose()
    assert result.error_kind == "connection" and result.attempts == 2


async def test_key_never_in_errors(fake: FakeOpenAI, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MY_KEY", KEY)
    fake.set_script([malformed_body(f"<html>auth was Bearer {KEY}</html>")])
    assistant = _assistant(fake.base_url + "/v1", api_key_env="MY_KEY")
    result = await assistant.session("c").send("hello")
    await assistant.aclose()
    assert fake.requests[0].headers["authorization"] == f"Bearer {KEY}"
    assert result.error is not None and KEY not in result.error and "[redacted]" in result.error


async def test_event_stream_reply_is_assembled(fake: FakeOpenAI) -> None:
    fake.set_script([streamed("Route to Munich Airport: 38 km, 34 min via A9.")])
    assistant = _assistant(fake.base_url + "/v1")
    session = assistant.session("c")
    result = await session.send("hello")
    await assistant.aclose()
    assert result.error is None, result.error
    assert result.text == "Route to Munich Airport: 38 km, 34 min via A9."
    assert session.history.messages[-1]["content"] == result.text


def test_event_stream_parsing_edge_cases() -> None:
    from icatest.sut.adapters.transport import FinalError, parse_event_stream

    chunk = 'data: {"choices": [{"delta": {"content": "a"}}]}'
    text = chunk + "\r\n\r\n: keep-alive\n\ndata: [DONE]\n\n"
    assert parse_event_stream(text).events == [{"choices": [{"delta": {"content": "a"}}]}]
    with pytest.raises(FinalError, match="malformed"):
        parse_event_stream("data: {not json\n\n")
    with pytest.raises(FinalError, match="without data"):
        parse_event_stream(": only comments\n\n")
