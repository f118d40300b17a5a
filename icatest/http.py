"""HTTP clients for the endpoints icatest talks to (assistants, OpenAI-compatible model servers),
and the one reading of a server's request to wait (Retry-After)."""

from __future__ import annotations

import email.utils
import time
from collections.abc import Mapping
from typing import Any

import httpcore  # noqa: F401  (httpx loads it at the first client: ~0.1 s inside a run)
import httpx


def async_client(url: str, **kwargs: Any) -> httpx.AsyncClient:
    """A pooled client for `url`'s endpoint. For plain `http://` (a loopback or in-house server)
    no TLS context is built: loading the CA bundle costs ~100 ms per client, and a client that
    only speaks plain HTTP never uses it."""
    if url.startswith("http://"):
        kwargs.setdefault("verify", False)
    return httpx.AsyncClient(**kwargs)


def chat_url(base: str) -> str:
    """`http://host/v1` -> `http://host/v1/chat/completions` (a full URL is kept)."""
    base = base.rstrip("/")
    return base if base.endswith("/chat/completions") else base + "/chat/completions"


def retry_after_s(headers: Mapping[str, str]) -> float | None:
    """Seconds to wait as the server asked: `retry-after-ms` (OpenAI's), else `Retry-After` in
    seconds or as an HTTP date; None when it did not ask (or said something unreadable)."""
    millis = headers.get("retry-after-ms")
    if millis is not None:
        try:
            return max(0.0, float(millis) / 1000.0)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())
