"""Generic JSON-over-HTTP assistant described by a `kind: http` YAML file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from icatest.contracts.labels import SutErrorKind
from icatest.contracts.records import SutReply
from icatest.errors import ConfigError
from icatest.net.http import async_client
from icatest.net.limits import RateLimiter
from icatest.sut.adapters.common import History, failed_reply, finish_reply, limiter_for
from icatest.sut.adapters.config import HttpSutConfig, resolve_headers
from icatest.sut.adapters.template import (
    ASSISTANT_VARIABLES,
    extract,
    placeholders,
    render,
    unknown_placeholders,
)
from icatest.sut.adapters.transport import EventStream, Redactor, request_json


class HttpAssistant:
    """One shared client; secrets from ${VAR} headers are resolved here and redacted everywhere."""

    def __init__(
        self,
        config: HttpSutConfig,
        *,
        limiter: RateLimiter | None = None,
        source: str = "--sut-config",
        variables: Mapping[str, str | None] | None = None,
    ) -> None:
        unknown = unknown_placeholders(config.body)
        if unknown:
            names = ", ".join(sorted(unknown))
            raise ConfigError(source, f"unknown placeholder(s) {names}", "body")
        self.config = config
        self.name = f"http:{config.url}"
        given = dict(variables or {})
        self.variables = {name: given.get(name) for name in ASSISTANT_VARIABLES}
        self.carries_history = "history" in placeholders(config.body)
        self._headers, secrets = resolve_headers(config.headers, source=source)
        if "${" in config.url:  # HTTP client logs show URLs: secrets belong in headers
            raise ConfigError(source, "${VAR} is only allowed in header values", "url")
        self._url = config.url
        self._redact = Redactor(secrets)
        self._limiter = limiter or limiter_for(config)
        self._client = async_client(self._url)

    def session(
        self, conversation_id: str, *, context: Mapping[str, Any] | None = None
    ) -> HttpSession:
        return HttpSession(self, conversation_id, context)

    async def aclose(self) -> None:
        await self._client.aclose()


class HttpSession:
    def __init__(
        self, owner: HttpAssistant, conversation_id: str, context: Mapping[str, Any] | None
    ) -> None:
        self._owner = owner
        self.conversation_id = conversation_id
        self.context = dict(context) if context else {}
        self.history = History()

    def body_for(self, utterance: str) -> Any:
        return render(
            self._owner.config.body,
            {
                "session_id": self.conversation_id,
                "utterance": utterance,
                "history": list(self.history.messages),
                "turn": self.history.turn,
                "context": self.context,
                **self._owner.variables,
            },
        )

    def preload(self, messages: list[dict[str, str]]) -> bool:
        """Start from an earlier conversation; False when the body has no `{{ history }}`
        (a server that keeps its own sessions cannot be handed one)."""
        if not self._owner.carries_history:
            return False
        self.history.preload(messages)
        return True

    async def send(self, utterance: str) -> SutReply:
        owner, cfg = self._owner, self._owner.config
        outcome = await request_json(
            owner._client,
            cfg.method,
            owner._url,
            headers=owner._headers,
            body=self.body_for(utterance),
            policy=cfg,
            limiter=owner._limiter,
            redact=owner._redact,
        )
        if isinstance(outcome.data, EventStream):
            outcome.error_kind = SutErrorKind.MALFORMED
            outcome.error = (
                "malformed: the body is an event stream (text/event-stream); use "
                "`kind: openai` for OpenAI-compatible streams or a non-streaming endpoint"
            )
            reply = failed_reply(outcome)
        elif outcome.error is not None:
            reply = failed_reply(outcome)
        else:
            reply = finish_reply(
                extract(outcome.data, cfg.reply_path),
                latency_s=outcome.latency_s,
                attempts=outcome.attempts,
                max_chars=cfg.max_reply_chars,
                path=cfg.reply_path,
                redact=owner._redact,
            )
        self.history.record(utterance, reply)
        return reply

    async def close(self) -> None:
        """Server-held sessions expire on the server; nothing to release here."""
