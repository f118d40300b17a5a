"""OpenAI-compatible chat servers (`openai/NAME@URL`: OpenAI itself, vLLM, llama.cpp, Ollama's
`/v1`, a local proxy) through the openai SDK's `AsyncOpenAI`.

One pooled client per (base URL, key) per event loop: a campaign makes a gateway per
conversation, and their calls share the connections. The SDK's own retries are off
(`max_retries=0`): the gateway keeps the one retry policy, and reads the SDK's typed errors
(`status_code`, `body` with `type`/`code`/`param`, the response headers for Retry-After). Every
other model goes through litellm (`icatest/llm/gateway.py`).

The SDK is imported with this module (~0.6 s of CPU), as the HTTP stack is (`icatest/net/http.py`):
loaded inside a run, it would stall the first conversations of a campaign.
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from typing import Any

from openai import AsyncOpenAI, DefaultAsyncHttpxClient
from openai.types.chat import ChatCompletion

from icatest.contracts.labels import ModelErrorKind
from icatest.llm import model_map
from icatest.llm.replies import Completion, read_completion

PROVIDER = "openai/"
LITELLM_ONLY = frozenset({"drop_params", "num_ctx"})  # litellm's own parameters, never sent

with contextlib.suppress(ImportError):  # the SDK's HTTP core (openai 3.x), else loaded by the
    import httpcore2  # noqa: F401  first client inside a run (~0.1 s: trio, h2, truststore)

_clients: weakref.WeakKeyDictionary[
    asyncio.AbstractEventLoop, dict[tuple[str, str], AsyncOpenAI]
] = weakref.WeakKeyDictionary()


class MalformedReplyError(Exception):
    """A 2xx answer that is not a chat completion (retried as a server fault)."""

    kind = ModelErrorKind.SERVER


def serves(model: str, api_base: str | None) -> bool:
    """Whether this client carries the model: `openai/NAME` with an API base of its own."""
    return bool(api_base) and model.startswith(PROVIDER)


async def complete(
    model: str,
    api_base: str,
    api_key: str,
    messages: list[dict[str, str]],
    params: dict[str, Any],
    timeout_s: float,
) -> Completion:
    """One chat completion; raises the SDK's errors or MalformedReplyError.

    Sent with the client's `post` (the SDK's way to a route with a body of one's own): the
    body is already JSON-ready, and `chat.completions.create` would walk every message and the
    schema again to transform them (~0.7 ms of CPU per call, a third of the call's cost)."""
    body = {
        "model": model.removeprefix(PROVIDER),
        "messages": messages,
        **{k: v for k, v in params.items() if k not in LITELLM_ONLY},
    }
    try:
        response = await _client(api_base, api_key).post(
            "/chat/completions", cast_to=ChatCompletion, body=body, options={"timeout": timeout_s}
        )
    except ValueError as exc:  # a 2xx body that is not JSON
        raise MalformedReplyError(f"not a chat completion ({exc})") from None
    if not isinstance(response, ChatCompletion):  # e.g. an event stream nobody asked for
        raise MalformedReplyError(f"not a chat completion: {str(response)[:200]!r}")
    answer = read_completion(response)
    answer.cost_usd = model_map.facts(model).cost(
        answer.input_tokens, answer.output_tokens, answer.cached_tokens
    )
    return answer


def _client(api_base: str, api_key: str) -> AsyncOpenAI:
    clients = _clients.setdefault(asyncio.get_running_loop(), {})
    key = (api_base, api_key)
    if key not in clients:
        # plain http (a loopback or in-house server): no TLS context, whose CA bundle costs
        # ~100 ms per client and is never used there (as icatest.net.http.async_client does)
        plain = api_base.startswith("http://")
        clients[key] = AsyncOpenAI(
            base_url=api_base.rstrip("/").removesuffix("/chat/completions"),
            api_key=api_key,
            max_retries=0,
            http_client=DefaultAsyncHttpxClient(verify=False) if plain else None,
        )
    return clients[key]
