"""Model errors by kind: missing keys, refused keys and refused requests are not retried and say
so; outages are retried, as often and as long as the role's settings say; messages are kept whole
up to a cap. Against the loopback fake provider."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from icatest.contracts import ModelErrorKind
from icatest.errors import MESSAGE_CAP, clip
from icatest.llm.gateway import GatewayConfig, ModelGateway, ModelSpec, credentials_problem
from icatest.llm.provider_errors import validation_errors
from icatest.llm.settings import RoleSettings
from icatest.net.retry import retry_after_s
from icatest.net.serving import free_port
from icatest.testing import FakeOpenAI, error, hang, reply, status, validation_500


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


async def test_a_refused_request_is_a_bad_request_with_the_providers_words() -> None:
    """A 4xx other than 401/403/408/429 is not retried: the same request fails the same way."""
    body = {"message": "The model `nope` does not exist", "type": "invalid_request_error",
            "param": None, "code": "model_not_found"}  # fmt: skip
    with FakeOpenAI(lambda msgs: error(404, body)) as fake:
        seen: list[tuple[str, ModelErrorKind | None]] = []
        res = await _ask(_gateway(ModelSpec.parse(f"openai/nope@{fake.base_url}/v1"), seen))
        assert len(fake.requests) == 1
    assert res.error_kind is ModelErrorKind.BAD_REQUEST  # type: ignore[attr-defined]
    assert res.error.startswith("bad request (not retried): ")  # type: ignore[attr-defined]
    assert "The model `nope` does not exist" in res.error  # type: ignore[attr-defined]
    assert seen == [("turn_judge", ModelErrorKind.BAD_REQUEST)]


async def test_a_5xx_that_says_invalid_request_is_a_bad_request() -> None:
    body = {"message": "response_format json_schema is not supported by this server",
            "type": "invalid_request_error", "param": "response_format", "code": None}  # fmt: skip
    with FakeOpenAI(lambda msgs: error(500, body)) as fake:
        res = await _ask(_gateway(ModelSpec.parse(f"openai/m@{fake.base_url}/v1"), []))
        assert len(fake.requests) == 1
    assert res.error_kind is ModelErrorKind.BAD_REQUEST  # type: ignore[attr-defined]
    assert "json_schema is not supported" in res.error  # type: ignore[attr-defined]


async def test_llama_cpp_python_500_for_a_rejected_field_is_a_bad_request() -> None:
    """llama-cpp-python answers a `response_format` its schema rejects with HTTP 500 and the
    validation error printed into the message: parsed, named, not retried four times."""
    refusal = validation_500(
        ("response_format", "type"), "Input should be 'text' or 'json_object'", "json_schema"
    )
    with FakeOpenAI(lambda msgs: refusal) as fake:
        seen: list[tuple[str, ModelErrorKind | None]] = []
        res = await _ask(_gateway(ModelSpec.parse(f"openai/smollm2@{fake.base_url}/v1"), seen))
        assert len(fake.requests) == 1
    assert res.error_kind is ModelErrorKind.BAD_REQUEST  # type: ignore[attr-defined]
    assert res.error.startswith("bad request (not retried): ")  # type: ignore[attr-defined]
    assert (
        "body.response_format.type: Input should be 'text' or 'json_object'" in res.error  # type: ignore[attr-defined]
    )
    assert "model unavailable" not in res.error  # type: ignore[attr-defined]


def test_only_a_validation_error_list_about_the_body_counts() -> None:
    assert validation_errors("1 validation error:\n  {'loc': ('body', 'seed'), 'msg': 'bad'}") == [
        "body.seed: bad"
    ]
    assert validation_errors("[{'loc': ['body', 'n'], 'msg': 'too big', 'type': 'x'}]") == [
        "body.n: too big"
    ]
    # the message of llama-cpp-python 0.3.36's HTTP 500, as its server sent it
    real = (
        "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', "
        "'type'), 'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema', "
        "'ctx': {'expected': \"'text' or 'json_object'\"}}\n\n  File \"/venv/lib/python3.11/"
        "site-packages/llama_cpp/server/app.py\", line 376, in create_chat_completion\n"
        "    POST /v1/chat/completions"
    )
    assert validation_errors(real) == [
        "body.response_format.type: Input should be 'text' or 'json_object'"
    ]
    assert validation_errors("CUDA out of memory") == []
    assert validation_errors("1 validation error:\n  {'loc': ('response',), 'msg': 'x'}") == []
    assert validation_errors("[1, 2") == []
    assert validation_errors(None) == []


async def test_role_retries_setting_replaces_the_default() -> None:
    with FakeOpenAI(lambda msgs: status(503)) as fake:
        spec = ModelSpec.parse(
            f"openai/fake@{fake.base_url}/v1", settings=RoleSettings(retries=0)
        )
        res = await _ask(_gateway(spec, []))  # the gateway's default: 2 retries
        assert len(fake.requests) == 1
    assert res.error_kind is ModelErrorKind.SERVER  # type: ignore[attr-defined]


async def test_role_timeout_setting_replaces_the_default() -> None:
    import time

    with FakeOpenAI(lambda msgs: hang(3.0)) as fake:
        spec = ModelSpec.parse(
            f"openai/fake@{fake.base_url}/v1", settings=RoleSettings(timeout_s=0.3, retries=1)
        )
        gw = _gateway(spec, [])  # the gateway's default: 2 s per attempt
        start = time.monotonic()
        res = await _ask(gw)
        took = time.monotonic() - start
    assert res.error_kind is ModelErrorKind.TIMEOUT  # type: ignore[attr-defined]
    assert took < 2.0 and gw.usage["turn_judge"].retries == 1


async def test_retry_after_through_the_sdk_error_headers() -> None:
    import time

    with FakeOpenAI([status(503, retry_after=0.4), reply('{"echo": "ok"}')]) as fake:
        gw = _gateway(ModelSpec.parse(f"openai/fake@{fake.base_url}/v1"), [])
        start = time.monotonic()
        res = await _ask(gw)
        took = time.monotonic() - start
    assert res.value == Echo(echo="ok")  # type: ignore[attr-defined]
    assert took >= 0.4  # the backoff alone would have waited ~0.01 s


def test_retry_after_forms() -> None:
    import email.utils
    import time

    assert retry_after_s({"retry-after": "2"}) == 2.0
    assert retry_after_s({"retry-after-ms": "250", "retry-after": "9"}) == 0.25
    when = email.utils.formatdate(time.time() + 30, usegmt=True)
    assert 25 <= (retry_after_s({"retry-after": when}) or 0) <= 31
    assert retry_after_s({"retry-after": "soon"}) is None
    assert retry_after_s({}) is None


def test_timeout_and_retries_from_the_command_line() -> None:
    from icatest.campaigns.config import CampaignConfig
    from icatest.cli.options import role_settings

    raw = role_settings(["turn_judge.timeout_s=20", "simulator.retries=0"])
    config = CampaignConfig.model_validate(
        {"sut": "reference", "max_conversations": 1, "model_settings": raw}
    )
    assert config.model_settings["turn_judge"].timeout_s == 20
    assert config.model_settings["simulator"].retries == 0
    with pytest.raises(ValueError, match="retries"):
        RoleSettings.model_validate({"retries": -1})
