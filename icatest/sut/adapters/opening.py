"""`open_assistant`: one entry point from CLI options to a ready Assistant, closed afterwards.

`sut` is an OpenAI-compatible base URL; `reference` / `reference:PROFILE`, which starts the
reference assistant on a free loopback port for the duration and stops it after; or
`python:MODULE:ATTRIBUTE`, an assistant living in this process (a callable, a LangChain Runnable
or a compiled LangGraph graph).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

from icatest.errors import ConfigError
from icatest.limits import RateLimiter
from icatest.sut.adapters.config import (
    DEFAULT_API_KEY_ENV,
    CallPolicy,
    HttpSutConfig,
    OpenAISutConfig,
    load_sut_config,
)
from icatest.sut.adapters.http_json import HttpAssistant
from icatest.sut.adapters.inprocess import InProcessAssistant, is_python_spec, load_python_target
from icatest.sut.adapters.openai_chat import OpenAIAssistant
from icatest.sut.base import Assistant

ContextMode = Literal["auto", "send", "omit"]
REFERENCE = "reference"
SUT_FORMS = "an http(s) URL, reference[:PROFILE] or python:MODULE:ATTRIBUTE"


def reference_http_config(base_url: str, **policy: Any) -> HttpSutConfig:
    """The reference assistant through /api/converse: the server keys its oracle on our ids."""
    return HttpSutConfig(
        kind="http",
        url=base_url.rstrip("/") + "/api/converse",
        body={"session": "{{ session_id }}", "text": "{{ utterance }}", "context": "{{ context }}"},
        reply_path="reply",
        **policy,
    )


def build_assistant(
    config: HttpSutConfig | OpenAISutConfig,
    *,
    limiter: RateLimiter | None = None,
    source: str = "--sut-config",
    variables: Mapping[str, str | None] | None = None,
) -> HttpAssistant | OpenAIAssistant:
    if isinstance(config, HttpSutConfig):
        return HttpAssistant(config, limiter=limiter, source=source, variables=variables)
    return OpenAIAssistant(config, limiter=limiter, source=source, variables=variables)


@asynccontextmanager
async def open_assistant(
    sut: str | None,
    sut_config: Path | None = None,
    *,
    context_mode: ContextMode = "auto",
    limiter: RateLimiter | None = None,
    model: str | None = None,
    api_key_env: str = DEFAULT_API_KEY_ENV,
    timeout_s: float | None = None,
    retries: int | None = None,
    variables: Mapping[str, str | None] | None = None,
    system_message: str | None = None,
    **reference_opts: Any,
) -> AsyncIterator[Assistant]:
    """Yield an Assistant for `--sut` / `--sut-config`; everything started here is stopped after.

    `context_mode`: `omit` never passes the scenario context to the assistant, `send` and `auto`
    pass whatever the engine gives to `session(..., context=...)`. `reference_opts` go to the
    reference assistant's `start_background` (profile, lang, register, latency_ms, error rates,
    oracle_log). `variables` (`language`, `speech_level`) fill those placeholders of an HTTP
    body or an OpenAI system message; `system_message` sets (or replaces) the system message of
    an OpenAI-compatible endpoint.
    """
    policy = {k: v for k, v in (("timeout_s", timeout_s), ("retries", retries)) if v is not None}
    if sut_config is not None and sut:
        raise ConfigError("--sut", "give either --sut or --sut-config, not both")
    running: Any = None
    assistant: HttpAssistant | OpenAIAssistant | InProcessAssistant
    if sut_config is not None:
        config = load_sut_config(sut_config)
        if policy:
            config = config.model_copy(update=policy)
        if system_message is not None:
            if not isinstance(config, OpenAISutConfig):
                raise ConfigError(
                    str(sut_config), "a system message needs kind: openai", "system_message"
                )
            config = config.model_copy(update={"system_message": system_message})
        assistant = build_assistant(
            config, limiter=limiter, source=str(sut_config), variables=variables
        )
    elif sut and (sut == REFERENCE or sut.startswith(REFERENCE + ":")):
        profile = sut.partition(":")[2] or reference_opts.pop("profile", "default")
        running = await asyncio.to_thread(_start_reference, profile, reference_opts)
        config = reference_http_config(running.base_url, **policy)
        assistant = HttpAssistant(config, limiter=limiter)
        assistant.name = f"reference:{profile}"
    elif sut and sut.startswith(("http://", "https://")):
        config = OpenAISutConfig(
            kind="openai",
            url=sut,
            model=model or "assistant",
            api_key_env=api_key_env,
            system_message=system_message,
            **policy,
        )
        assistant = OpenAIAssistant(config, limiter=limiter, source="--sut", variables=variables)
    elif sut and is_python_spec(sut):
        call_policy = CallPolicy(**{"timeout_s": 60.0, "retries": 1, "backoff_base_s": 0.2,
                                    **policy})  # fmt: skip
        assistant = InProcessAssistant(
            load_python_target(sut), policy=call_policy, limiter=limiter, name=sut
        )
    else:
        problem = f"expected {SUT_FORMS}, got {sut!r}" if sut else f"give --sut {SUT_FORMS}"
        raise ConfigError("--sut", problem + " (or --sut-config FILE)")
    wrapped: Assistant = _ContextFilter(assistant) if context_mode == "omit" else assistant
    try:
        yield wrapped
    finally:
        await assistant.aclose()
        if running is not None:
            await asyncio.to_thread(running.stop)


def _start_reference(profile: str, opts: dict[str, Any]) -> Any:
    try:
        from icatest.sut.reference import start_background
    except ImportError as exc:
        raise ConfigError(
            "--sut reference", f"the reference assistant is not available ({exc})"
        ) from None
    return start_background(profile=profile, **opts)


class _ContextFilter:
    """Drops the scenario context (for assistants that must not receive it)."""

    def __init__(self, inner: HttpAssistant | OpenAIAssistant | InProcessAssistant) -> None:
        self._inner = inner
        self.name = inner.name

    def session(self, conversation_id: str, *, context: Any = None) -> Any:
        return self._inner.session(conversation_id)

    async def aclose(self) -> None:
        await self._inner.aclose()
