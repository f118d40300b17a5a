"""`open_assistant`: one entry point from CLI options to a ready Assistant, closed afterwards.

`sut` is an OpenAI-compatible base URL; `reference` / `reference:PROFILE`, which starts the
reference assistant on a free loopback port for the duration and stops it after; `llm:NAME_OR_GGUF`,
which does the same with a llama.cpp server (icatest.sut.local_llm); or
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
from icatest.net.limits import RateLimiter
from icatest.sut.adapters.config import (
    DEFAULT_API_KEY_ENV,
    CallPolicy,
    HttpSutConfig,
    OpenAISutConfig,
    load_sut_config,
)
from icatest.sut.adapters.http_json import HttpAssistant
from icatest.sut.adapters.inprocess import InProcessAssistant, is_python_spec, load_python_target
from icatest.sut.adapters.openai_chat import OpenAIAssistant, sent_fields
from icatest.sut.base import Assistant
from icatest.sut.local_llm import acquire_local, is_local_llm, release_local
from icatest.sut.local_llm import chat_config as local_chat_config
from icatest.sut.options import SutForm, SutOptions
from icatest.sut.prompts import prompt_tag

ContextMode = Literal["auto", "send", "omit"]
REFERENCE = "reference"
SUT_FORMS = "an http(s) URL, reference[:PROFILE], llm:NAME_OR_GGUF or python:MODULE:ATTRIBUTE"
LOCAL_URL = "http://127.0.0.1:0"  # stands for the port a local server gets when it starts


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


def sut_form(sut: str | None, config: HttpSutConfig | OpenAISutConfig | None = None) -> SutForm:
    """Which form `--sut` names (a loaded --sut-config decides by its kind)."""
    if config is not None:
        return SutForm.HTTP_CONFIG if isinstance(config, HttpSutConfig) else SutForm.OPENAI_CONFIG
    if sut and (sut == REFERENCE or sut.startswith(REFERENCE + ":")):
        return SutForm.REFERENCE
    if sut and sut.startswith(("http://", "https://")):
        return SutForm.URL
    if sut and is_python_spec(sut):
        return SutForm.PYTHON
    if is_local_llm(sut):
        return SutForm.LOCAL_LLM
    problem = f"expected {SUT_FORMS}, got {sut!r}" if sut else f"give --sut {SUT_FORMS}"
    raise ConfigError("--sut", problem + " (or --sut-config FILE)")


def chat_config(
    sut: str | None,
    config: HttpSutConfig | OpenAISutConfig | None,
    options: SutOptions,
    *,
    api_key_env: str = DEFAULT_API_KEY_ENV,
    base_url: str | None = None,
    variables: Mapping[str, str | None] | None = None,
) -> OpenAISutConfig | None:
    """The chat endpoint these options make, for a URL, a kind: openai file or llm: (whose
    server runs at `base_url`); None for the other forms."""
    form = sut_form(sut, config)
    options.check(form, str(sut) if config is None else "--sut-config")
    if form is SutForm.LOCAL_LLM:
        return OpenAISutConfig(**local_chat_config(base_url or LOCAL_URL, options, variables))
    if form is SutForm.URL:
        config = OpenAISutConfig(kind="openai", url=str(sut), api_key_env=api_key_env)
    if not isinstance(config, OpenAISutConfig):
        return None
    update: dict[str, Any] = {**options.policy()}
    if options.model is not None:
        update["model"] = options.model
    if options.params:
        update["params"] = {**config.params, **options.params}
    if options.system_message is not None:
        update["system_message"] = options.system_message
    return config.model_copy(update=update)


def sent(
    sut: str | None,
    sut_config: Path | None,
    options: SutOptions | None = None,
    variables: Mapping[str, str | None] | None = None,
) -> dict[str, Any]:
    """What the assistant is sent besides the conversation (model, params, system message),
    for manifests; nothing is started or called."""
    options = options or SutOptions()
    config = load_sut_config(sut_config) if sut_config is not None else None
    chat = chat_config(sut, config, options, variables=variables)
    out: dict[str, Any] = {"form": sut_form(sut, config).value}
    if chat is None:
        return {**out, **options.policy()}
    out.update(sent_fields(chat, variables))
    if is_local_llm(sut) and options.system_message is None:
        out["system_prompt"] = prompt_tag()
    return out


@asynccontextmanager
async def open_assistant(
    sut: str | None,
    sut_config: Path | None = None,
    *,
    context_mode: ContextMode = "auto",
    limiter: RateLimiter | None = None,
    options: SutOptions | None = None,
    model: str | None = None,
    api_key_env: str = DEFAULT_API_KEY_ENV,
    timeout_s: float | None = None,
    retries: int | None = None,
    variables: Mapping[str, str | None] | None = None,
    system_message: str | None = None,
    **reference_opts: Any,
) -> AsyncIterator[Assistant]:
    """Yield an Assistant for `--sut` / `--sut-config`; everything started here is stopped after.

    `options` carry --sut-model, --sut-param, --sut-system-message, --sut-timeout and
    --sut-retries (`model`, `timeout_s`, `retries`, `system_message` given here win over them).
    `context_mode`: `omit` never passes the scenario context to the assistant, `send` and `auto`
    pass whatever the engine gives to `session(..., context=...)`. `reference_opts` go to the
    reference assistant's `start_background` (profile, lang, register, latency_ms, error rates,
    oracle_log); for `llm:` only lang and register count (they choose the system prompt's
    language and speech level). `variables` (`language`, `speech_level`) fill those
    placeholders of an HTTP body or an OpenAI system message.
    """
    opts = (options or SutOptions()).merged(
        model=model, timeout_s=timeout_s, retries=retries, system_message=system_message
    )
    policy = opts.policy()
    if sut_config is not None and sut:
        raise ConfigError("--sut", "give either --sut or --sut-config, not both")
    running: Any = None
    local: Any = None
    assistant: HttpAssistant | OpenAIAssistant | InProcessAssistant
    file_config = load_sut_config(sut_config) if sut_config is not None else None
    form = sut_form(sut, file_config)
    opts.check(form, "--sut-config" if sut_config is not None else str(sut))
    if form is SutForm.HTTP_CONFIG:
        assert file_config is not None
        config = file_config.model_copy(update=policy) if policy else file_config
        assistant = build_assistant(
            config, limiter=limiter, source=str(sut_config), variables=variables
        )
    elif form is SutForm.REFERENCE:
        assert sut is not None
        profile = sut.partition(":")[2] or reference_opts.pop("profile", "default")
        running = await asyncio.to_thread(_start_reference, profile, reference_opts)
        config = reference_http_config(running.base_url, **policy)
        assistant = HttpAssistant(config, limiter=limiter)
        assistant.name = f"reference:{profile}"
    elif form is SutForm.PYTHON:
        assert sut is not None
        call_policy = CallPolicy(**{"timeout_s": 60.0, "retries": 1, "backoff_base_s": 0.2,
                                    **policy})  # fmt: skip
        assistant = InProcessAssistant(
            load_python_target(sut), policy=call_policy, limiter=limiter, name=sut
        )
    else:
        told = dict(variables or {})
        if form is SutForm.LOCAL_LLM:
            told = _local_variables(told, reference_opts)
            local = await asyncio.to_thread(acquire_local, str(sut))
        chat = chat_config(
            sut, file_config, opts, api_key_env=api_key_env, variables=told,
            base_url=local.base_url if local is not None else None,
        )  # fmt: skip
        assert chat is not None
        source = str(sut_config) if sut_config is not None else "--sut"
        try:
            assistant = OpenAIAssistant(chat, limiter=limiter, source=source, variables=told)
        except BaseException:
            if local is not None:
                release_local(local)
            raise
        if local is not None:
            assistant.name = str(sut)
    wrapped: Assistant = _ContextFilter(assistant) if context_mode == "omit" else assistant
    try:
        yield wrapped
    finally:
        try:
            await assistant.aclose()
        finally:
            if running is not None:
                await asyncio.to_thread(running.stop)
            if local is not None:  # not in a thread: a cancelled await must not skip the stop
                release_local(local)


def _local_variables(
    variables: dict[str, str | None], reference_opts: dict[str, Any]
) -> dict[str, str | None]:
    """The language and speech level of an llm: prompt, from variables or lang/register."""
    unknown = sorted(set(reference_opts) - {"lang", "register"})
    if unknown:
        raise ConfigError("--sut", f"llm: takes no reference options ({', '.join(unknown)})")
    out = dict(variables)
    if reference_opts.get("lang"):
        out.setdefault("language", reference_opts["lang"])
    if reference_opts.get("register"):
        out.setdefault("speech_level", reference_opts["register"])
    return out


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
