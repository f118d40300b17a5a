"""A lean client for self-hosted OpenAI-compatible chat servers (`openai/NAME@http://host/v1`).

For a model litellm does not know, litellm sends the request unchanged but adds ~6 ms of CPU per
call (logging, pricing, its provider layer) and ~200 MB at import. The gateway uses this client
there instead (setting `transport: auto`, the default); litellm keeps every other provider, every
model in its map (it knows their refused parameters and prices), roles with `extra` parameters,
and any role set to `transport: litellm`. Both give the gateway a `Completion`; errors carry the
HTTP status, Retry-After and the provider's error body, so the gateway sorts them into the same
`ModelErrorKind`s either way.
"""

from __future__ import annotations

import asyncio
import json
import weakref
from typing import Any

import httpx

from icatest.contracts.labels import ModelErrorKind
from icatest.http import async_client, chat_url
from icatest.llm import model_map
from icatest.llm.replies import Completion
from icatest.sse import event_payloads, first_choices, joined_content

PROVIDER = "openai/"
LITELLM_ONLY = frozenset({"drop_params", "num_ctx"})  # litellm's own parameters, not sent

# pooled clients per event loop, one for plain http and one for https (a campaign makes a
# gateway per conversation; its calls share the connections); clients die with their loop
_clients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[bool, httpx.AsyncClient]] = (
    weakref.WeakKeyDictionary()
)


class ProviderHTTPError(Exception):
    """A non-2xx answer: its status, the provider's `error` object and the response headers."""

    def __init__(self, status_code: int, message: str, body: Any, response: httpx.Response):
        super().__init__(message)
        self.status_code = status_code
        self.body = body
        self.response = response
        if isinstance(body, dict) and body.get("code") == "context_length_exceeded":
            self.kind = ModelErrorKind.PROMPT_TOO_LONG  # OpenAI's structured code for it


class MalformedReplyError(Exception):
    """A 2xx answer that is not a chat completion (retried as a server fault)."""

    kind = ModelErrorKind.SERVER


def serves(model: str, api_base: str | None) -> bool:
    """Whether the direct client can carry this model: an OpenAI-compatible server's model
    that litellm's map does not know."""
    return bool(api_base) and model.startswith(PROVIDER) and not model_map.known(model)


async def complete(
    model: str,
    api_base: str,
    api_key: str,
    messages: list[dict[str, str]],
    params: dict[str, Any],
    timeout_s: float,
) -> Completion:
    """One chat completion; raises httpx errors, ProviderHTTPError or MalformedReplyError."""
    body = {
        "model": model.removeprefix(PROVIDER),
        "messages": messages,
        **{k: v for k, v in params.items() if k not in LITELLM_ONLY},
    }
    url = chat_url(api_base)
    response = await _client(url).post(
        url,
        content=json.dumps(body),
        headers={"Authorization": f"Bearer {api_key}", "Content-Type": "application/json"},
        timeout=timeout_s,
    )
    if response.status_code >= 400:
        raise _http_error(response)
    return _completion(response)


def _client(url: str) -> httpx.AsyncClient:
    clients = _clients.setdefault(asyncio.get_running_loop(), {})
    tls = url.startswith("https://")
    if tls not in clients:
        limits = httpx.Limits(max_connections=None, max_keepalive_connections=64)
        clients[tls] = async_client(url, limits=limits)
    return clients[tls]


def _http_error(response: httpx.Response) -> ProviderHTTPError:
    try:
        data = response.json()
    except ValueError:
        data = None
    error = data.get("error") if isinstance(data, dict) else None
    body = error if isinstance(error, dict) else data
    detail = body.get("message") if isinstance(body, dict) else None
    text = str(detail) if detail else response.text[:300]
    return ProviderHTTPError(response.status_code, text, body, response)


def _completion(response: httpx.Response) -> Completion:
    if response.headers.get("content-type", "").startswith("text/event-stream"):
        try:
            events = event_payloads(response.text)
        except ValueError as exc:
            raise MalformedReplyError(f"HTTP {response.status_code}: {exc}") from None
        choices = first_choices(events)
        usage = next((e["usage"] for e in reversed(events) if _has_usage(e)), None)
        reasons = [c.get("finish_reason") for c in choices if c.get("finish_reason")]
        return _read(joined_content(choices), reasons[-1] if reasons else None, usage)
    try:
        data = response.json()
        choices = data["choices"]
        choice = choices[0] if choices else {}  # no choice: the gateway retries, then says so
        content = (choice.get("message") or {}).get("content")
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        raise MalformedReplyError(
            f"HTTP {response.status_code}: not a chat completion: {response.text[:200]!r}"
        ) from None
    return _read(content, choice.get("finish_reason"), data.get("usage"))


def _has_usage(event: Any) -> bool:
    return isinstance(event, dict) and isinstance(event.get("usage"), dict)


def _read(content: Any, reason: Any, usage: Any) -> Completion:
    """A Completion with the server's token counts; no price: a model litellm's map does not
    know has none (litellm would record 0 too)."""
    usage = usage if isinstance(usage, dict) else {}
    details = usage.get("prompt_tokens_details")
    cached = details.get("cached_tokens") if isinstance(details, dict) else 0
    return Completion(
        content=content if isinstance(content, str) else None,
        finish_reason=reason if isinstance(reason, str) else None,
        input_tokens=int(usage.get("prompt_tokens") or 0),
        output_tokens=int(usage.get("completion_tokens") or 0),
        cached_tokens=int(cached or 0),
    )
