"""The assistant of a campaign: one shared endpoint, sessions opened per conversation.

For `reference[:PROFILE]` the campaign starts ONE reference server on loopback and every
conversation (local lanes or Dask workers) talks to it through /api/converse, so its oracle log
sees every session id.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

from icatest.campaigns.config import CampaignConfig
from icatest.errors import ConfigError
from icatest.limits import RateLimiter

# loaded with the campaign, not at its first conversation: every campaign talks to its assistant
# over HTTP, and the HTTP stack takes ~0.15 s to import (with its TLS and async backends)
from icatest.sut.adapters import HttpAssistant, open_assistant, reference_http_config


def check_sut(config: CampaignConfig) -> None:
    """Validate the assistant's files (adapter config, ${VAR} headers, fault profile) up front."""
    if config.sut_config is not None:
        from icatest.sut.adapters.config import load_sut_config, resolve_headers

        sut = load_sut_config(config.sut_config)
        resolve_headers(sut.headers, source=str(config.sut_config))
    elif config.is_reference():
        from icatest.sut.reference.faults import load_profile

        load_profile((config.sut or "").partition(":")[2] or "default")
    elif (config.sut or "").startswith("python:"):
        from icatest.sut.adapters.inprocess import load_python_target

        load_python_target(config.sut or "")  # import errors name the module before the run
    elif not (config.sut or "").startswith(("http://", "https://")):
        from icatest.sut.adapters.opening import SUT_FORMS

        raise ConfigError("--sut", f"expected {SUT_FORMS}, got {config.sut!r}")


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
async def reference_client(url: str, limiter: RateLimiter | None) -> AsyncIterator[Any]:
    assistant = HttpAssistant(reference_http_config(url), limiter=limiter)
    try:
        yield assistant
    finally:
        await assistant.aclose()


DEFAULT_OPENER = "icatest.campaigns.sut:default_opener"  # a dotted path: crosses processes


@contextlib.asynccontextmanager
async def default_opener(config: CampaignConfig, limiter: RateLimiter | None) -> AsyncIterator[Any]:
    """The campaign's assistant: the shared reference server, a URL or a --sut-config file."""
    if config.is_reference():
        async with shared_reference(config) as url:
            assert url is not None
            async with reference_client(url, limiter) as assistant:
                yield assistant
        return
    async with open_assistant(config.sut, config.sut_config, limiter=limiter) as assistant:
        yield assistant
