"""Generic HTTP JSON adapter against a real loopback server: templates, paths, faults, secrets."""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

import pytest
from sut_fault_server import ConverseServer, fast_policy

from icatest.errors import ConfigError
from icatest.sut.adapters import HttpAssistant, HttpSutConfig
from icatest.sut.adapters.config import load_sut_config
from icatest.testing import free_port

SECRET = "s3cr3t-token-value-42"


def _assistant(url: str, **kw: Any) -> HttpAssistant:
    cfg: dict[str, Any] = {"kind": "http", "url": url, **fast_policy(), **kw}
    return HttpAssistant(HttpSutConfig(**cfg))


async def test_sends_template_with_history_turn_and_context(converse: ConverseServer) -> None:
    body = {
        "session": "{{ session_id }}",
        "text": "{{ utterance }}",
        "history": "{{ history }}",
        "turn": "{{ turn }}",
        "meta": {"ctx": "{{ context }}", "label": "turn {{ turn }} of {{ session_id }}"},
    }
    assistant = _assistant(converse.url, body=body)
    session = assistant.session("conv-1", context={"location": "Garching", "time": "21:30"})
    first = await session.send("Take me to Munich Airport")
    second = await session.send('He said "quote"\nand a newline')
    await assistant.aclose()
    assert first.error is None and first.text == "echo: Take me to Munich Airport"
    assert second.text == 'echo: He said "quote"\nand a newline'
    b0, b1 = converse.requests[0]["body"], converse.requests[1]["body"]
    assert b0["session"] == "conv-1" and b0["turn"] == 0 and b0["history"] == []
    ctx = {"location": "Garching", "time": "21:30"}
    assert b0["meta"] == {"ctx": ctx, "label": "turn 0 of conv-1"}
    assert b1["turn"] == 1
    assert b1["history"] == [
        {"role": "user", "content": "Take me to Munich Airport"},
        {"role": "assistant", "content": "echo: Take me to Munich Airport"},
    ]
    assert first.latency_s > 0 and first.attempts == 1


async def test_reply_path_with_list_index(converse: ConverseServer) -> None:
    assistant = _assistant(converse.url, reply_path="choices.0.message.content")
    reply = await assistant.session("c").send("hi")
    await assistant.aclose()
    assert reply.text == "nested hi"


async def test_reply_path_missing_is_malformed(converse: ConverseServer) -> None:
    assistant = _assistant(converse.url, reply_path="choices.3.message.content")
    reply = await assistant.session("c").send("hi")
    await assistant.aclose()
    assert reply.text is None
    assert reply.error_kind == "malformed"
    assert "choices.3.message.content" in str(reply.error)


async def test_reply_path_pointing_at_object_is_malformed(converse: ConverseServer) -> None:
    assistant = _assistant(converse.url, reply_path="choices.0")
    reply = await assistant.session("c").send("hi")
    await assistant.aclose()
    assert reply.error == "malformed: reply at 'choices.0' is a dict, not text"


@pytest.mark.parametrize(
    ("faults", "kind", "attempts"),
    [
        (["500", "500", "500"], "http_status", 3),
        (["503", "503", "503"], "unavailable", 3),
        (["400"], "http_status", 1),
        (["401"], "auth", 1),
        (["malformed"], "malformed", 1),
        (["empty"], "empty", 1),
        (["no_reply"], "malformed", 1),
    ],
)
async def test_faults_become_errors(
    converse: ConverseServer, faults: list[str], kind: str, attempts: int
) -> None:
    converse.queue(*faults)
    assistant = _assistant(converse.url)
    session = assistant.session("c")
    reply = await session.send("hello")
    await assistant.aclose()
    assert reply.text is None
    assert reply.error_kind == kind, reply.error
    assert reply.attempts == attempts
    assert len(converse.requests) == attempts
    assert session.history.messages == []  # failed exchanges stay out of the history


async def test_500_then_success_is_retried(converse: ConverseServer) -> None:
    converse.queue("500", "503")
    assistant = _assistant(converse.url)
    reply = await assistant.session("c").send("hello")
    await assistant.aclose()
    assert reply.text == "echo: hello" and reply.attempts == 3


async def test_429_honours_retry_after(converse: ConverseServer) -> None:
    converse.queue("429:0.4")
    assistant = _assistant(converse.url)
    start = time.monotonic()
    reply = await assistant.session("c").send("hello")
    await assistant.aclose()
    assert reply.text == "echo: hello" and reply.attempts == 2
    assert time.monotonic() - start >= 0.4
    assert reply.latency_s >= 0.4


async def test_429_retry_after_is_capped(converse: ConverseServer) -> None:
    converse.queue("429:3600")
    assistant = _assistant(converse.url, retry_after_cap_s=0.2)
    start = time.monotonic()
    reply = await assistant.session("c").send("hello")
    await assistant.aclose()
    assert reply.text == "echo: hello"
    assert time.monotonic() - start < 2.0


async def test_persistent_429_is_an_error(converse: ConverseServer) -> None:
    converse.queue("429:0.01", "429:0.01", "429:0.01")
    assistant = _assistant(converse.url)
    reply = await assistant.session("c").send("hello")
    await assistant.aclose()
    assert reply.error is not None and reply.error.startswith("unavailable: HTTP 429")
    assert reply.error_kind == "unavailable" and reply.error_kind.unreachable
    assert "after 3 attempts" in reply.error


async def test_hang_past_timeout(converse: ConverseServer) -> None:
    converse.queue("hang", "hang")
    assistant = _assistant(converse.url, timeout_s=0.3, retries=1)
    start = time.monotonic()
    reply = await assistant.session("c").send("hello")
    await assistant.aclose()
    assert time.monotonic() - start < 2.0
    assert reply.error_kind == "timeout" and reply.error_kind.unreachable
    assert reply.attempts == 2


async def test_hang_without_timeout_retry(converse: ConverseServer) -> None:
    converse.queue("hang")
    assistant = _assistant(converse.url, timeout_s=0.3, retries=2, retry_on_timeout=False)
    reply = await assistant.session("c").send("hello")
    await assistant.aclose()
    assert reply.error_kind == "timeout" and reply.attempts == 1


async def test_refused_connection() -> None:
    assistant = _assistant(f"http://127.0.0.1:{free_port()}/api/converse", retries=1)
    reply = await assistant.session("c").send("hello")
    await assistant.aclose()
    assert reply.error_kind == "connection" and reply.error_kind.unreachable
    assert reply.attempts == 2


async def test_long_reply_is_truncated(converse: ConverseServer) -> None:
    converse.queue("long")
    assistant = _assistant(converse.url, max_reply_chars=20_000)
    reply = await assistant.session("c").send("hello")
    await assistant.aclose()
    assert reply.truncated and reply.text is not None and len(reply.text) == 20_000


async def test_secrets_never_leak(
    converse: ConverseServer, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("ICA_TOKEN", SECRET)
    caplog.set_level(logging.DEBUG)
    converse.queue("500", "500", "500")
    assistant = _assistant(converse.url, headers={"Authorization": "Bearer ${ICA_TOKEN}"})
    reply = await assistant.session("c").send("hello")
    await assistant.aclose()
    # the server did get the secret, and echoed it back in its error page
    assert converse.requests[0]["headers"]["authorization"] == f"Bearer {SECRET}"
    assert reply.error is not None and "Bearer [redac" in reply.error  # cut after redaction
    assert "s3cr" not in reply.error
    assert SECRET not in reply.model_dump_json()
    assert SECRET not in caplog.text
    assert SECRET not in repr(assistant.config) and "${ICA_TOKEN}" in str(assistant.config.headers)


def test_missing_env_var_is_a_config_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ICA_TOKEN_MISSING", raising=False)
    cfg = HttpSutConfig(
        kind="http", url="http://127.0.0.1:1/x", headers={"X-Key": "${ICA_TOKEN_MISSING}"}
    )
    with pytest.raises(ConfigError) as info:
        HttpAssistant(cfg, source="sut.yaml")
    assert "ICA_TOKEN_MISSING" in str(info.value)
    assert info.value.field == "headers.X-Key" and info.value.source == "sut.yaml"


def test_unknown_placeholder_is_a_config_error() -> None:
    cfg = HttpSutConfig(kind="http", url="http://127.0.0.1:1/x", body={"t": "{{ utterence }}"})
    with pytest.raises(ConfigError, match="utterence"):
        HttpAssistant(cfg)


def test_yaml_file_loads(tmp_path: Path) -> None:
    path = tmp_path / "sut.yaml"
    path.write_text(
        "kind: http\nurl: http://127.0.0.1:8700/api/converse\n"
        'headers: {Authorization: "Bearer ${ICA_TOKEN}"}\n'
        'body: {"session": "{{ session_id }}", "text": "{{ utterance }}"}\n'
        "reply_path: reply\ntimeout_s: 30\nretries: 3\n"
    )
    cfg = load_sut_config(path)
    assert isinstance(cfg, HttpSutConfig)
    assert cfg.method == "POST" and cfg.retries == 3 and cfg.body["text"] == "{{ utterance }}"


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("kind: http\nurl: http://x\nreply_pth: reply\n", "reply_pth"),
        ("kind: http\nreply_path: reply\n", "url"),
        ("kind: http\nurl: http://x\ntimeout_s: soon\n", "timeout_s"),
        ("kind: carrier-pigeon\nurl: http://x\n", "kind"),
        ("kind: http\nurl: [unclosed\n", "line"),
    ],
)
def test_bad_yaml_names_file_and_field(tmp_path: Path, text: str, needle: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError) as info:
        load_sut_config(path)
    message = str(info.value)
    assert str(path) in message and needle in message, message
