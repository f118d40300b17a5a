"""The fake OpenAI-compatible server, exercised through litellm itself over loopback HTTP."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from icatest.testing import FakeOpenAI, empty_choices, hang, malformed_body, reply, status

os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"
import litellm  # noqa: E402

litellm.telemetry = False
litellm.suppress_debug_info = True


@pytest.fixture
def server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as srv:
        yield srv


async def _ask(srv: FakeOpenAI, text: str = "hello", **kw: Any) -> Any:
    return await litellm.acompletion(
        model="openai/fake",
        api_base=srv.base_url + "/v1",
        api_key="sk-test",
        messages=[{"role": "user", "content": text}],
        num_retries=0,
        **kw,
    )


async def test_queue_replies_in_order_and_records_requests(server: FakeOpenAI) -> None:
    server.set_script([reply('{"a": 1}'), "second"])
    first = await _ask(server, "one two three")
    second = await _ask(server, "again")
    third = await _ask(server, "falls back to default")
    assert first.choices[0].message.content == '{"a": 1}'
    assert second.choices[0].message.content == "second"
    assert third.choices[0].message.content == "OK"
    assert [r.messages[-1]["content"] for r in server.requests] == [
        "one two three",
        "again",
        "falls back to default",
    ]
    assert server.requests[0].path == "/v1/chat/completions"
    assert server.requests[0].model == "fake"
    assert server.requests[0].headers["authorization"] == "Bearer sk-test"
    assert first.usage.prompt_tokens == 3
    assert first.usage.completion_tokens == 2


async def test_function_script_sees_messages(server: FakeOpenAI) -> None:
    server.set_script(lambda msgs: reply(f"you said {len(msgs)} messages"))
    resp = await _ask(server)
    assert resp.choices[0].message.content == "you said 1 messages"


async def test_status_429_carries_retry_after(server: FakeOpenAI) -> None:
    server.set_script([status(429, retry_after=1.5)])
    with pytest.raises(litellm.RateLimitError) as info:
        await _ask(server)
    assert info.value.response.headers["retry-after"] == "1.5"


@pytest.mark.parametrize("code", [500, 503])
async def test_server_errors(server: FakeOpenAI, code: int) -> None:
    server.set_script([status(code)])
    with pytest.raises(Exception) as info:
        await _ask(server)
    assert getattr(info.value, "status_code", None) == code


async def test_hang_trips_client_timeout(server: FakeOpenAI) -> None:
    server.set_script([hang(3.0)])
    start = time.monotonic()
    with pytest.raises(litellm.Timeout):
        await _ask(server, timeout=0.3)
    assert time.monotonic() - start < 2.5


async def test_empty_choices(server: FakeOpenAI) -> None:
    server.set_script([empty_choices()])
    resp = await _ask(server)
    assert not resp.choices


async def test_malformed_body_is_not_json() -> None:
    with FakeOpenAI([malformed_body()]) as srv:
        r = httpx.post(srv.base_url + "/chat/completions", json={"messages": []}, timeout=5)
    assert r.status_code == 200
    with pytest.raises(ValueError):
        r.json()


async def test_fixed_latency_is_applied() -> None:
    with FakeOpenAI(latency_s=0.3) as srv:
        start = time.monotonic()
        await _ask(srv)
        assert time.monotonic() - start >= 0.3


def test_stop_frees_the_port() -> None:
    srv = FakeOpenAI().start()
    url = srv.base_url
    srv.stop()
    with pytest.raises(httpx.ConnectError):
        httpx.post(url + "/v1/chat/completions", json={}, timeout=2)
