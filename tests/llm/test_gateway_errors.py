"""Model errors by kind: missing keys and refused keys are not retried and say so; outages are
retried; messages are kept whole up to a cap. Against the loopback fake provider."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from icatest.contracts import ModelErrorKind
from icatest.errors import MESSAGE_CAP, clip
from icatest.llm.gateway import GatewayConfig, ModelGateway, ModelSpec, credentials_problem
from icatest.serving import free_port
from icatest.testing import FakeOpenAI, status


class Echo(BaseModel):
    echo: str


def _gateway(spec: ModelSpec, seen: list[tuple[str, ModelErrorKind | None]]) -> ModelGateway:
    config = GatewayConfig(timeout_s=2.0, max_retries=2, backoff_base_s=0.01)
    return ModelGateway(
        roles={"turn_judge": spec}, config=config, on_call=lambda r, k: seen.append((r, k))
    )


async def _ask(gw: ModelGateway) -> object:
    return await gw.structured("turn_judge", "echo_test", {"text": "t"}, Echo, offline=dict)


async def test_missing_key_is_not_retried_and_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    seen: list[tuple[str, ModelErrorKind | None]] = []
    gw = _gateway(ModelSpec.parse("openai/gpt-4.1-mini"), seen)
    res = await _ask(gw)
    assert res.value is None  # type: ignore[attr-defined]
    assert res.error_kind is ModelErrorKind.MISSING_CREDENTIALS  # type: ignore[attr-defined]
    assert "OPENAI_API_KEY is not set" in res.error  # type: ignore[attr-defined]
    assert "not retried" in res.error  # type: ignore[attr-defined]
    assert gw.usage["turn_judge"].retries == 0 and gw.usage["turn_judge"].calls == 0
    assert seen == [("turn_judge", ModelErrorKind.MISSING_CREDENTIALS)]


def test_credentials_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("MY_JUDGE_KEY", raising=False)
    assert credentials_problem(ModelSpec.parse("offline")) is None
    assert credentials_problem(ModelSpec.parse("anthropic/claude-x")) == (
        "ANTHROPIC_API_KEY is not set"
    )
    assert credentials_problem(ModelSpec("openai/x", api_key_env="MY_JUDGE_KEY")) == (
        "MY_JUDGE_KEY is not set"
    )
    assert credentials_problem(ModelSpec.parse("openai/x@http://127.0.0.1:1/v1")) is None
    monkeypatch.setenv("MY_JUDGE_KEY", "k")
    assert credentials_problem(ModelSpec("openai/x", api_key_env="MY_JUDGE_KEY")) is None


async def test_refused_key_is_auth_and_not_retried() -> None:
    with FakeOpenAI(lambda msgs: status(401)) as fake:
        seen: list[tuple[str, ModelErrorKind | None]] = []
        res = await _ask(_gateway(ModelSpec.parse(f"openai/fake@{fake.base_url}/v1"), seen))
        assert len(fake.requests) == 1
    assert res.error_kind is ModelErrorKind.AUTH  # type: ignore[attr-defined]
    assert seen == [("turn_judge", ModelErrorKind.AUTH)]


async def test_server_errors_are_retried_then_named() -> None:
    with FakeOpenAI(lambda msgs: status(503)) as fake:
        seen: list[tuple[str, ModelErrorKind | None]] = []
        res = await _ask(_gateway(ModelSpec.parse(f"openai/fake@{fake.base_url}/v1"), seen))
        assert len(fake.requests) == 3
    assert res.error_kind is ModelErrorKind.SERVER  # type: ignore[attr-defined]
    assert res.error.startswith("model unavailable (server)")  # type: ignore[attr-defined]
    assert "(after 3 attempts)" in res.error  # type: ignore[attr-defined]


async def test_refused_connection_is_connection_not_500() -> None:
    seen: list[tuple[str, ModelErrorKind | None]] = []
    spec = ModelSpec.parse(f"openai/fake@http://127.0.0.1:{free_port()}/v1")
    res = await _ask(_gateway(spec, seen))
    assert res.error_kind is ModelErrorKind.CONNECTION  # type: ignore[attr-defined]
    assert seen == [("turn_judge", ModelErrorKind.CONNECTION)]


def test_messages_are_kept_whole_up_to_a_cap() -> None:
    short = "Missing credentials. Please set the OPENAI_API_KEY environment variable."
    assert clip(short) == short
    long = " ".join(f"word{i}" for i in range(400))
    out = clip(long)
    assert len(out) <= MESSAGE_CAP and out.endswith("…")
    assert long.startswith(out[:-1]) and long[len(out) - 1] == " "  # cut between words
    assert clip("a\nb\n  c") == "a b c"
