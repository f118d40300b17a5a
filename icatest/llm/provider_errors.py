"""Provider errors: what kind each is (`ModelErrorKind`), how it is described, and the few
facts a retry needs (Retry-After, a refused optional parameter, a deadline of our own).

Kinds come from exception types, HTTP status codes and the structured error body (`type`,
`code`, `param`), innermost cause first, never from searching message text. The one exception
is a 5xx whose only account of the problem is a validation error list printed into its message
(llama-cpp-python's server answers a request its schema rejects with HTTP 500, type
`internal_server_error`, `param` and `code` null): that list is parsed, not searched.
"""

from __future__ import annotations

import ast
import asyncio
import re
import sys
from typing import Any

from icatest.contracts.labels import ModelErrorKind
from icatest.errors import clip
from icatest.llm.settings import OPTIONAL_PARAMS
from icatest.net.retry import retry_after_s

INVALID_REQUEST = "invalid_request_error"  # OpenAI's error `type` for a request it will not take
CONTEXT_EXCEEDED = "context_length_exceeded"  # OpenAI's error `code` (llama-cpp-python's too)


class ModelError(Exception):
    """A call that gave no answer: its kind, and a message naming the cause."""

    def __init__(self, kind: ModelErrorKind, message: str, attempts: int = 1) -> None:
        self.kind = kind
        self.detail = message
        self.attempts = attempts
        super().__init__(_text(kind, message, attempts))


def _text(kind: ModelErrorKind, message: str, attempts: int) -> str:
    asked = f" (asked {attempts} times)" if attempts > 1 else ""
    if kind is ModelErrorKind.PROMPT_TOO_LONG:
        return f"prompt too long: {message}"
    if kind is ModelErrorKind.BAD_REQUEST:
        return f"bad request (not retried): {message}"
    if kind is ModelErrorKind.REFUSED:
        return f"the model refused: {message}"
    if kind in (ModelErrorKind.EMPTY_REPLY, ModelErrorKind.NO_CONTENT):
        return f"{kind.value.replace('_', ' ')}: {message}{asked}"
    if kind.retryable:
        text = f"model unavailable ({kind.value}): {message}"
        return text + (f" (after {attempts} attempts)" if attempts > 1 else "")
    return f"model error ({kind.value}, not retried): {message}"


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

    openai = sys.modules.get("openai")  # loaded by whichever client sent the request
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
    body = error_body(err)
    if body is not None and body.get("code") == CONTEXT_EXCEEDED:
        return ModelErrorKind.PROMPT_TOO_LONG
    if status in (401, 403):
        return ModelErrorKind.AUTH
    if status == 429:
        return ModelErrorKind.RATE_LIMITED
    if status == 408:
        return ModelErrorKind.TIMEOUT
    if status >= 500 and not invalid_request(err):
        return ModelErrorKind.SERVER
    return ModelErrorKind.BAD_REQUEST


def error_body(exc: BaseException) -> dict[str, Any] | None:
    """The provider's error object (`{"message", "type", "param", "code"}`), if it sent one.
    The openai SDK keeps it as `body` (already the inner `error`); litellm's errors keep it
    on the SDK error they wrap, found by `classify`'s walk of the cause chain."""
    body = getattr(exc, "body", None)
    if isinstance(body, dict) and isinstance(body.get("error"), dict):
        body = body["error"]
    return body if isinstance(body, dict) else None


def invalid_request(exc: BaseException) -> bool:
    """Whether the server says the request itself is wrong, whatever its status: the error
    `type` is `invalid_request_error`, or the message is a validation error list about the
    request body (llama-cpp-python's HTTP 500 for a field its schema rejects)."""
    body = error_body(exc)
    if body is None:
        return False
    if body.get("type") == INVALID_REQUEST or body.get("code") == INVALID_REQUEST:
        return True
    return bool(validation_errors(body.get("message")))


def validation_errors(message: Any) -> list[str]:
    """`['body.response_format.type: Input should be ...']` from a pydantic validation error as
    FastAPI prints it (the list's repr, or "1 validation error:" and one dict per line, then the
    endpoint's file and route), when every entry is about the request body; [] otherwise."""
    if not isinstance(message, str):
        return []
    text = message.strip()
    lines = text.splitlines()
    if text.startswith("["):
        candidates = [text]
    elif lines and re.fullmatch(r"\d+ validation errors?:", lines[0].strip()):
        candidates = []
        for line in lines[1:]:
            if not line.strip().startswith("{"):
                break  # the endpoint context ("File ..., in create_chat_completion") follows
            candidates.append(line.strip())
    else:
        return []
    entries: list[Any] = []
    for item in candidates:
        try:
            value = ast.literal_eval(item)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            return []
        entries.extend(value if isinstance(value, list) else [value])
    found = []
    for entry in entries:
        loc = entry.get("loc") if isinstance(entry, dict) else None
        if not isinstance(loc, list | tuple) or not loc or loc[0] != "body":
            return []
        found.append(f"{'.'.join(map(str, loc))}: {entry.get('msg', '')}")
    return found


def describe(exc: BaseException) -> str:
    status = getattr(exc, "status_code", None)
    body = error_body(exc)
    listed = validation_errors(body.get("message")) if body else []
    text = "; ".join(listed) if listed else str(exc)
    text = re.sub(r"(sk|key)[-_][A-Za-z0-9_-]{6,}", "[redacted]", text)
    return clip(f"{type(exc).__name__}{f' {status}' if status else ''}: {text}")


def retry_after(exc: Exception | None) -> float | None:
    """Seconds the provider asked to wait (Retry-After, or OpenAI's retry-after-ms)."""
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None)
    return retry_after_s(headers) if headers is not None else None


class RefusedParamError(Exception):
    def __init__(self, param: str) -> None:
        super().__init__(param)
        self.param = param


def refused_param(exc: Exception) -> str | None:
    """The optional parameter a provider's 400 names in its structured error body, if any."""
    if getattr(exc, "status_code", None) != 400:
        return None
    param = getattr(exc, "param", None)  # the openai SDK's typed field
    if param is None:
        body = error_body(exc)
        param = body.get("param") if body else None
    return param if param in OPTIONAL_PARAMS else None
