"""Provider errors: what kind each is (`ModelErrorKind`), how it is described, and the few
facts a retry needs (Retry-After, a refused optional parameter, a deadline of our own).

Kinds come from exception types and HTTP status codes, innermost cause first, never from
searching message text.
"""

from __future__ import annotations

import asyncio
import re
import sys
from typing import Any

from icatest.contracts.labels import ModelErrorKind
from icatest.errors import clip
from icatest.llm.settings import OPTIONAL_PARAMS


class ModelError(Exception):
    """A call that gave no answer: its kind, and a message naming the cause."""

    def __init__(self, kind: ModelErrorKind, message: str, attempts: int = 1) -> None:
        self.kind = kind
        self.detail = message
        self.attempts = attempts
        if kind is ModelErrorKind.PROMPT_TOO_LONG:
            text = f"prompt too long: {message}"
        elif kind.retryable:
            text = f"model unavailable ({kind.value}): {message}"
            text += f" (after {attempts} attempts)" if attempts > 1 else ""
        else:
            text = f"model error ({kind.value}, not retried): {message}"
        super().__init__(text)


async def with_deadline(coro: Any, timeout_s: float) -> Any:
    try:
        return await asyncio.wait_for(coro, timeout=timeout_s + 1.0)
    except TimeoutError:
        raise DeadlineError(f"no answer within {timeout_s:g}s") from None


class DeadlineError(Exception):
    pass


def classify(exc: BaseException) -> ModelErrorKind:
    """The kind of a provider error, from its type and status, innermost cause first.

    litellm reports a refused connection and a client without a key as "500": the cause chain
    holds the real error (a ConnectError, or the client's own configuration error).
    """
    chain: list[BaseException] = []
    cur: BaseException | None = exc
    while cur is not None and cur not in chain and len(chain) < 10:
        chain.append(cur)
        cur = cur.__cause__ or cur.__context__
    for err in reversed(chain):
        kind = _kind_of(err)
        if kind is not None:
            return kind
    return ModelErrorKind.BAD_REQUEST


def _kind_of(err: BaseException) -> ModelErrorKind | None:
    import httpx

    # the openai SDK's errors exist only where litellm loaded it; the direct client never does
    openai = sys.modules.get("openai")
    own = getattr(err, "kind", None)
    if isinstance(own, ModelErrorKind):  # set where the error arose
        return own
    if isinstance(err, DeadlineError | TimeoutError | httpx.TimeoutException) or (
        openai is not None and isinstance(err, openai.APITimeoutError)
    ):
        return ModelErrorKind.TIMEOUT
    if isinstance(err, ConnectionError | httpx.TransportError) or (
        openai is not None and isinstance(err, openai.APIConnectionError)
    ):
        return ModelErrorKind.CONNECTION
    if openai is not None and type(err) is openai.OpenAIError:  # the client's own, pre-request
        return ModelErrorKind.CLIENT
    status = getattr(err, "status_code", None)
    if not isinstance(status, int):
        return None
    if status in (401, 403):
        return ModelErrorKind.AUTH
    if status == 429:
        return ModelErrorKind.RATE_LIMITED
    if status == 408:
        return ModelErrorKind.TIMEOUT
    return ModelErrorKind.SERVER if status >= 500 else ModelErrorKind.BAD_REQUEST


def describe(exc: BaseException) -> str:
    status = getattr(exc, "status_code", None)
    text = re.sub(r"(sk|key)[-_][A-Za-z0-9_-]{6,}", "[redacted]", str(exc))
    return clip(f"{type(exc).__name__}{f' {status}' if status else ''}: {text}")


def retry_after(exc: Exception | None) -> float | None:
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None)
    if headers is None:
        return None
    value = headers.get("retry-after") or headers.get("Retry-After")
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None


class RefusedParamError(Exception):
    def __init__(self, param: str) -> None:
        super().__init__(param)
        self.param = param


def refused_param(exc: Exception) -> str | None:
    """The optional parameter a provider's 400 names in its structured error body, if any."""
    if getattr(exc, "status_code", None) != 400:
        return None
    body = getattr(exc, "body", None)
    param = body.get("param") if isinstance(body, dict) else None
    return param if param in OPTIONAL_PARAMS else None
