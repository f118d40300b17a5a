"""OpenAI-compatible chat endpoint: the whole history is sent every turn (stateless server)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from icatest.contracts.records import SutReply
from icatest.net.http import async_client, chat_url
from icatest.net.limits import RateLimiter
from icatest.net.sse import first_choices, joined_content
from icatest.sut.adapters.common import (
    History,
    Message,
    context_message,
    failed_reply,
    finish_reply,
    limiter_for,
)
from icatest.sut.adapters.config import OpenAISutConfig, resolve_headers
from icatest.sut.adapters.template import ASSISTANT_VARIABLES, render
from icatest.sut.adapters.transport import EventStream, Redactor, request_json
from icatest.sut.options import message_summary


class OpenAIAssistant:
    """Sessions over one shared HTTP client; the key comes from `api_key_env` if it is set."""

    def __init__(
        self,
        config: OpenAISutConfig,
        *,
        limiter: RateLimiter | None = None,
        source: str = "--sut",
        variables: Mapping[str, str | None] | None = None,
    ) -> None:
        self.config = config
        text = system_text(config, variables)
        self.system: Message | None = {"role": "system", "content": text} if text else None
        self.name = f"openai:{config.url}"
        headers, secrets = resolve_headers(config.headers, source=source)
        key = os.environ.get(config.api_key_env)
        if key:
            headers.setdefault("Authorization", f"Bearer {key}")
            secrets.append(key)
        self._headers = headers
        self._redact = Redactor(secrets)
        self._url = chat_url(config.url)
        self._limiter = limiter or limiter_for(config)
        self._client = async_client(self._url)

    def session(
        self, conversation_id: str, *, context: Mapping[str, Any] | None = None
    ) -> OpenAISession:
        return OpenAISession(self, conversation_id, context)

    async def aclose(self) -> None:
        await self._client.aclose()


class OpenAISession:
    def __init__(
        self, owner: OpenAIAssistant, conversation_id: str, context: Mapping[str, Any] | None
    ) -> None:
        self._owner = owner
        self.conversation_id = conversation_id
        self._context = context_message(context)
        self.history = History()

    def preload(self, messages: list[Message]) -> bool:
        """Start from an earlier conversation (sent as history with every later turn)."""
        self.history.preload(messages)
        return True

    def messages_for(self, utterance: str) -> list[dict[str, str]]:
        prefix = [m for m in (self._owner.system, self._context) if m]
        return [*prefix, *self.history.messages, {"role": "user", "content": utterance}]

    async def send(self, utterance: str) -> SutReply:
        owner, cfg = self._owner, self._owner.config
        body: dict[str, Any] = {
            "model": cfg.model,
            "messages": self.messages_for(utterance),
            "user": self.conversation_id,
            **cfg.body_fields(),
        }
        outcome = await request_json(
            owner._client,
            "POST",
            owner._url,
            headers={**owner._headers, "X-Conversation-Id": self.conversation_id},
            body=body,
            policy=cfg,
            limiter=owner._limiter,
            redact=owner._redact,
        )
        if outcome.error is not None:
            reply = failed_reply(outcome)
        else:
            reply = finish_reply(
                _content(outcome.data),
                latency_s=outcome.latency_s,
                attempts=outcome.attempts,
                max_chars=cfg.max_reply_chars,
                path="choices.0.message.content",
                redact=owner._redact,
            )
        self.history.record(utterance, reply)
        return reply

    async def close(self) -> None:
        """Nothing to release: the server keeps no session."""


def system_text(
    config: OpenAISutConfig, variables: Mapping[str, str | None] | None = None
) -> str | None:
    """The system message as sent: the config's template with language and speech level."""
    if not config.system_message:
        return None
    given = dict(variables or {})
    values = {name: given.get(name) or "" for name in ASSISTANT_VARIABLES}
    return str(render(config.system_message, values))


def sent_fields(
    config: OpenAISutConfig, variables: Mapping[str, str | None] | None = None
) -> dict[str, Any]:
    """What every request carries besides the conversation: for manifests and records."""
    return {
        "model": config.model,
        "params": config.body_fields(),
        "system_message": message_summary(system_text(config, variables)),
        "timeout_s": config.timeout_s,
        "retries": config.retries,
    }


def _content(data: Any) -> Any:
    """The reply text of a chat completion, or of a streamed one (chunk deltas joined)."""
    if isinstance(data, EventStream):
        return joined_content(first_choices(data.events))
    try:
        return data["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        return None
