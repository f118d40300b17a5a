"""One HTTP exchange with timeout, retries, backoff, Retry-After and measured latency.

Never raises for transport problems: the outcome says what went wrong, with secrets redacted,
and its `error_kind` (a SutErrorKind set right where the error arises) lets the engine tell an
unreachable assistant from a broken one without reading the message. Error texts start with the
kind's name for people reading records.

A 2xx answer sent as `text/event-stream` is returned as an EventStream of its `data:` payloads;
the adapter that knows the protocol assembles it (the OpenAI adapter joins the chunk deltas).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager, nullcontext
from dataclasses import dataclass
from typing import Any

import httpx

from icatest.contracts.labels import SutErrorKind
from icatest.net.limits import RateLimiter
from icatest.net.retry import retry_after_s
from icatest.net.sse import event_payloads
from icatest.sut.adapters.config import CallPolicy

UNAVAILABLE_STATUSES = frozenset({429, 502, 503, 504})
AUTH_STATUSES = frozenset({401, 403})


@dataclass
class Outcome:
    """Parsed JSON body, or the error and its kind; latency covers every attempt and backoff."""

    data: Any = None
    error: str | None = None
    attempts: int = 1
    latency_s: float = 0.0
    error_kind: SutErrorKind | None = None


@dataclass
class EventStream:
    """The JSON `data:` payloads of a `text/event-stream` body, in order (`[DONE]` dropped)."""

    events: list[Any]


class Redactor:
    """Replaces known secret values in any text that may reach a record or a log."""

    def __init__(self, secrets: Sequence[str] = ()) -> None:
        self._secrets = sorted({s for s in secrets if len(s) >= 3}, key=len, reverse=True)

    def __call__(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, "[redacted]")
        return text


class RetryableError(Exception):
    """Raised inside a call to ask `with_retries` for another attempt."""

    def __init__(self, message: str, kind: SutErrorKind, retry_after: float | None = None) -> None:
        super().__init__(f"{kind.value}: {message}")
        self.kind = kind
        self.retry_after = retry_after


class FinalError(Exception):
    """Raised inside a call when retrying cannot help."""

    def __init__(self, message: str, kind: SutErrorKind) -> None:
        super().__init__(f"{kind.value}: {message}")
        self.kind = kind


async def request_json(
    client: httpx.AsyncClient,
    method: str,
    url: str,
    *,
    headers: dict[str, str],
    body: Any,
    policy: CallPolicy,
    limiter: RateLimiter | None = None,
    redact: Callable[[str], str] = str,
) -> Outcome:
    """Send `body` as JSON and parse the JSON answer, retrying transient failures."""

    async def once() -> Any:
        kwargs: dict[str, Any] = {"headers": headers, "timeout": policy.timeout_s}
        if method == "GET":
            kwargs["params"] = body if isinstance(body, dict) else None
        else:
            kwargs["json"] = body
        response = await client.request(method, url, **kwargs)
        return _parse(response, redact)

    return await with_retries(once, policy, limiter=limiter, redact=redact)


async def with_retries(
    once: Callable[[], Awaitable[Any]],
    policy: CallPolicy,
    *,
    limiter: RateLimiter | None = None,
    redact: Callable[[str], str] = str,
    grace_s: float = 1.0,
) -> Outcome:
    """Run `once` until it succeeds, fails for good, or retries run out.

    Each attempt is bounded by `policy.timeout_s + grace_s` (the grace lets an HTTP client's own
    timeout fire first, with its clearer message).
    """
    start = time.monotonic()
    last = "no attempt made"
    kind = SutErrorKind.EXCEPTION
    attempts = 0
    for attempt in range(policy.retries + 1):
        attempts = attempt + 1
        try:
            gate: AbstractAsyncContextManager[Any] = limiter or nullcontext()
            async with gate:
                data = await asyncio.wait_for(once(), timeout=policy.timeout_s + grace_s)
            return Outcome(data, None, attempts, time.monotonic() - start)
        except FinalError as exc:
            last, kind = str(exc), exc.kind
            break
        except RetryableError as exc:
            last, kind = str(exc), exc.kind
            wait = policy.backoff.wait_s(attempt + 1, exc.retry_after)
        except (httpx.TimeoutException, TimeoutError):
            last, kind = f"timeout: no reply within {policy.timeout_s:g}s", SutErrorKind.TIMEOUT
            if not policy.retry_on_timeout:
                break
            wait = policy.backoff.wait_s(attempt + 1)
        except httpx.TransportError as exc:
            kind = SutErrorKind.CONNECTION
            last = f"connection: {_connection_cause(exc)}"
            wait = policy.backoff.wait_s(attempt + 1)
        if attempt < policy.retries:
            await asyncio.sleep(wait)
    message = redact(last)
    if attempts > 1:
        message += f" (after {attempts} attempts)"
    return Outcome(None, message, attempts, time.monotonic() - start, kind)


def _parse(response: httpx.Response, redact: Callable[[str], str] = str) -> Any:
    """JSON of a 2xx answer; any body text quoted in an error is redacted before it is cut."""
    code = response.status_code
    what = f"HTTP {code}{_snippet(response, redact)}"
    if code in UNAVAILABLE_STATUSES:
        retry_after = retry_after_s(response.headers) if code in (429, 503) else None
        raise RetryableError(what, SutErrorKind.UNAVAILABLE, retry_after)
    if code == 408:
        raise RetryableError(what, SutErrorKind.TIMEOUT)
    if code >= 500:
        raise RetryableError(what, SutErrorKind.HTTP_STATUS)
    if code in AUTH_STATUSES:
        raise FinalError(f"{what}: the assistant refused the credentials", SutErrorKind.AUTH)
    if code >= 400:
        raise FinalError(what, SutErrorKind.HTTP_STATUS)
    if not response.content.strip():
        raise FinalError(f"HTTP {code} with an empty body", SutErrorKind.EMPTY)
    if response.headers.get("content-type", "").startswith("text/event-stream"):
        return parse_event_stream(response.text, lambda: _snippet(response, redact))
    try:
        return json.loads(response.content)
    except ValueError:
        raise FinalError(
            f"body is not JSON{_snippet(response, redact)}", SutErrorKind.MALFORMED
        ) from None


def parse_event_stream(text: str, snippet: Callable[[], str] = str) -> EventStream:
    """Server-sent events -> their JSON `data:` payloads (multi-line data joined per event)."""
    try:
        return EventStream(event_payloads(text))
    except ValueError as exc:
        raise FinalError(f"{exc}{snippet()}", SutErrorKind.MALFORMED) from None


def _snippet(response: httpx.Response, redact: Callable[[str], str], limit: int = 120) -> str:
    text = redact(response.text).strip().replace("\n", " ")
    return f" ({text[:limit]})" if text else ""


def _connection_cause(exc: httpx.TransportError) -> str:
    """'connection refused at URL' when the OS refused it, else the client's own words."""
    cause = f"{type(exc).__name__}: {_first_line(exc)}"
    inner: BaseException | None = exc
    for _ in range(10):
        inner = inner.__cause__ or inner.__context__ if inner is not None else None
        if isinstance(inner, ConnectionRefusedError):
            cause = "connection refused"
            break
    try:
        return f"{cause} at {exc.request.url}"
    except RuntimeError:  # no request attached
        return cause


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0][:200] if text else "no detail"
