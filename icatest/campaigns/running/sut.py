"""The assistant of a campaign: one shared endpoint, sessions opened per conversation.

For `reference[:PROFILE]` the campaign starts ONE reference server on loopback and every
conversation (local lanes or Dask workers) talks to it through /api/converse, so its oracle log
sees every session id. For `llm:NAME_OR_GGUF` it starts ONE llama.cpp server (icatest.sut.local_llm)
that every conversation talks to as an OpenAI-compatible endpoint; it answers one request at a
time, the others wait their turn.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

from icatest.campaigns.config import CampaignConfig
from icatest.errors import ConfigError
from icatest.net.limits import RateLimiter

# loaded with the campaign, not at its first conversation: every campaign talks to its assistant
# over HTTP, and the HTTP stack takes ~0.15 s to import (with its TLS and async backends)
from icatest.sut.adapters import HttpAssistant, open_assistant, reference_http_config
from icatest.sut.adapters.opening import sent
from icatest.sut.local_llm import is_local_llm


def check_sut(config: CampaignConfig) -> None:
    """Validate the assistant's files (adapter config, ${VAR} headers, fault profile) up front."""
    if config.sut_config is not None:
        from icatest.sut.adapters.config import load_sut_config, resolve_headers

        sut = load_sut_config(config.sut_config)
        resolve_headers(sut.headers, source=str(config.sut_config))
    elif config.is_reference():
        from icatest.sut.reference.faults import load_profile

        load_profile((config.sut or "").partition(":")[2] or "default")
    elif is_local_llm(config.sut):
        from icatest.sut.local_llm import model_file

        model_file(config.sut or "")  # the extra and the model file, before the run directory
    elif (config.sut or "").startswith("python:"):
        from icatest.sut.adapters.inprocess import load_python_target

        load_python_target(config.sut or "")  # import errors name the module before the run
    elif not (config.sut or "").startswith(("http://", "https://")):
        from icatest.sut.adapters.opening import SUT_FORMS

        raise ConfigError("--sut", f"expected {SUT_FORMS}, got {config.sut!r}")
    sut_sent(config)  # options the assistant's form cannot take are refused here


def sut_sent(config: CampaignConfig) -> dict[str, Any]:
    """What the campaign's assistant is sent besides the conversation (for the manifest)."""
    return sent(
        config.sut, config.sut_config, config.sut_options, config.assistant_variables()
    )


@contextlib.asynccontextmanager
async def shared_reference(config: CampaignConfig) -> AsyncIterator[str | None]:
    """Start the reference server when the campaign targets it; yields its base URL (or None)."""
    if not config.is_reference():
        yield None
        return
    from icatest.sut.reference import start_background

    profile = (config.sut or "").partition(":")[2] or "default"
    running = await asyncio.to_thread(
        start_background, profile=profile, **config.reference_start_options()
    )
    try:
        yield str(running.base_url)
    finally:
        await asyncio.to_thread(running.stop)


@contextlib.asynccontextmanager
async def shared_local_llm(config: CampaignConfig) -> AsyncIterator[CampaignConfig]:
    """For `llm:`, start its server here and yield the config that reaches it by URL (for Dask
    workers, which must not start servers of their own); other configs pass unchanged."""
    if not is_local_llm(config.sut):
        yield config
        return
    from icatest.sut.local_llm import acquire_local, chat_config, release_local
    from icatest.sut.options import SutOptions

    server = await asyncio.to_thread(acquire_local, config.sut or "")
    try:
        chat = chat_config(server.base_url, config.sut_options, config.assistant_variables())
        options = SutOptions(
            model=chat["model"],
            params=chat["params"],
            system_message=chat["system_message"],
            timeout_s=chat["timeout_s"],
            retries=chat["retries"],
        )
        yield config.model_copy(update={"sut": chat["url"], "sut_options": options})
    finally:
        release_local(server)


@contextlib.asynccontextmanager
async def reference_client(
    url: str, limiter: RateLimiter | None, config: CampaignConfig | None = None
) -> AsyncIterator[Any]:
    policy = config.sut_options.policy() if config is not None else {}
    assistant = HttpAssistant(reference_http_config(url, **policy), limiter=limiter)
    try:
        yield assistant
    finally:
        await assistant.aclose()


# opens a campaign's assistant; a module-level function, so it crosses to Dask workers
AssistantOpener = Callable[[CampaignConfig, RateLimiter | None], AbstractAsyncContextManager[Any]]


@contextlib.asynccontextmanager
async def default_opener(config: CampaignConfig, limiter: RateLimiter | None) -> AsyncIterator[Any]:
    """The campaign's assistant: the shared reference server, a URL, a local llm: server (one
    per model file, shared) or a --sut-config file."""
    if config.is_reference():
        async with shared_reference(config) as url:
            assert url is not None
            async with reference_client(url, limiter, config) as assistant:
                yield assistant
        return
    async with open_assistant(
        config.sut,
        config.sut_config,
        limiter=limiter,
        options=config.sut_options,
        variables=config.assistant_variables(),
    ) as assistant:
        yield assistant
