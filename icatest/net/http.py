"""HTTP clients for the endpoints icatest talks to (assistants, OpenAI-compatible model servers).
A server's request to wait (Retry-After) is read by the retry policy, `icatest/net/retry.py`."""

from __future__ import annotations

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

