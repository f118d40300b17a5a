"""What every adapter's session shares: the history it keeps and how a reply is finished."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from icatest.contracts.labels import SutErrorKind
from icatest.contracts.records import SutReply
from icatest.net.limits import RateLimiter
from icatest.sut.adapters.config import CallPolicy
from icatest.sut.adapters.transport import Outcome

Message = dict[str, str]


def context_message(context: Mapping[str, Any] | None) -> Message | None:
    """The optional first system message carrying location, date, time and vehicle state."""
    if not context:
        return None
    return {"role": "system", "content": "CONTEXT: " + json.dumps(context, sort_keys=True)}


def finish_reply(
    text: Any,
    *,
    latency_s: float,
    attempts: int,
    max_chars: int,
    path: str = "reply",
    redact: Callable[[str], str] = str,
) -> SutReply:
    """A successful exchange, or a `malformed:` error when the text is missing or not text.

    `redact` scrubs known secrets from the text: an assistant that echoes its API key or a
    ${VAR} header back must not put it into records (or into the judge's prompt).
    """
    if isinstance(text, bool) or text is None or isinstance(text, dict | list):
        what = "missing" if text is None else f"a {type(text).__name__}, not text"
        return SutReply(
            error=f"malformed: reply at {path!r} is {what}",
            error_kind=SutErrorKind.MALFORMED,
            latency_s=latency_s,
            attempts=attempts,
        )
    value = redact(text if isinstance(text, str) else str(text))
    truncated = len(value) > max_chars
    return SutReply(
        text=value[:max_chars] if truncated else value,
        latency_s=latency_s,
        attempts=attempts,
        truncated=truncated,
    )


def failed_reply(outcome: Outcome) -> SutReply:
    """An exchange the transport gave up on: its message, its kind, the time and attempts spent."""
    return SutReply(
        error=outcome.error,
        error_kind=outcome.error_kind,
        latency_s=outcome.latency_s,
        attempts=outcome.attempts,
    )


class History:
    """User/assistant messages of one session, in OpenAI chat format (oldest first)."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.turn = 0  # 0-based index of the next user message

    def preload(self, messages: list[Message]) -> None:
        """Earlier user/assistant turns the assistant did not produce itself (a given history)."""
        self.messages = [dict(m) for m in messages]
        self.turn = sum(1 for m in messages if m["role"] == "user")

    def record(self, utterance: str, reply: SutReply) -> None:
        """Successful exchanges join the history; failed ones leave it unchanged."""
        if reply.error is None and reply.text is not None:
            self.messages.append({"role": "user", "content": utterance})
            self.messages.append({"role": "assistant", "content": reply.text})
        self.turn += 1


def limiter_for(policy: CallPolicy) -> RateLimiter | None:
    """The endpoint's own limiter when its config sets max_concurrent or rpm."""
    if policy.max_concurrent is None and policy.rpm is None:
        return None
    return RateLimiter(max_concurrent=policy.max_concurrent, rpm=policy.rpm)
