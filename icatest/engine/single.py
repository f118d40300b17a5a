"""One conversation from CLI-level names: catalog, scenario, models, assistant, engine."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import JsonValue

from icatest.catalog import load_catalog
from icatest.catalog.scenarios import NEUTRAL_BY_LANGUAGE, make_scenario
from icatest.contracts.documents import JsonObject
from icatest.contracts.labels import Mode
from icatest.contracts.records import ConversationRecord
from icatest.contracts.scenario import Scenario
from icatest.engine.run import run_conversation
from icatest.engine.runtime import CutSignal, Runtime
from icatest.llm.gateway import ModelGateway
from icatest.llm.settings import RoleSettings
from icatest.sut.base import Assistant
from icatest.sut.options import SutOptions

PROBE_UTTERANCE = "Hello, can you hear me?"


async def answers(assistant: Assistant) -> bool:
    """One exchange with the assistant in a fresh session; False only when it could not be
    reached (a broken answer is still an answer: the assistant is up)."""
    import uuid

    session = assistant.session(f"probe-{uuid.uuid4().hex[:8]}")
    try:
        reply = await session.send(PROBE_UTTERANCE)
    finally:
        await session.close()
    return reply.error_kind is None or not reply.error_kind.unreachable


def assistant_context(scenario: Scenario) -> JsonObject:
    """The situation as the assistant is told it (location, date, time, vehicle state)."""
    ctx = scenario.context.model_dump(exclude={"id"})
    return {k: v for k, v in ctx.items() if v not in ({}, None, "")}


async def converse_once(
    *,
    sut: str | None,
    sut_config: Path | None,
    models: dict[str, str],
    settings: dict[str, RoleSettings] | None = None,
    mode: Mode,
    persona: str | None,
    seed_pool: str,
    seed_id: str | None,
    context_id: str | None,
    max_turns: int,
    rng_seed: int,
    data_dir: Path | None,
    only_user_data: bool = False,
    reference_opts: Mapping[str, JsonValue] | None = None,
    sut_options: SutOptions | None = None,
    cut: CutSignal | None = None,
    channel: str = "text",
) -> ConversationRecord:
    """`cut` ends the conversation at once with the reason it returns (Ctrl-C in `converse`):
    the record keeps the turns done so far."""
    from icatest.channel import open_channel
    from icatest.judges.setup import bind_roles
    from icatest.locar.speech_level import TURN_CHECKS
    from icatest.sut.adapters import open_assistant

    binding = bind_roles(models, settings, turn_checks=TURN_CHECKS)
    catalog = load_catalog(data_dir, only_user_data=only_user_data)
    if mode == Mode.GUIDED:
        catalog.require_strategies()
    language = catalog.seed_pool(seed_pool).language
    scenario = make_scenario(
        catalog,
        seed_pool=seed_pool,
        seed_id=seed_id,
        persona=persona or NEUTRAL_BY_LANGUAGE[language],  # a Korean pool: a Korean driver
        language=language,
        mode=mode,
        max_turns=max_turns,
        context_id=context_id,
        rng_seed=rng_seed,
        channel=channel,
    )
    opts = dict(reference_opts or {})
    if scenario.language == "ko":  # the reference assistant answers in the driver's language
        opts.setdefault("lang", "ko")
        if scenario.speech_level:
            opts.setdefault("register", scenario.speech_level)
    told = {"language": scenario.language, "speech_level": scenario.speech_level}
    # free options, checked by the reference assistant's start_background (not by this seam)
    free: Any = opts
    async with open_assistant(
        sut, sut_config, options=sut_options, variables=told, **free
    ) as assistant:
        session = assistant.session(scenario.conversation_id, context=assistant_context(scenario))
        try:
            runtime = Runtime(
                session=session,
                gateway=ModelGateway(roles=binding.roles),
                catalog=catalog,
                judges=binding.judges,
                cut=cut,
                assistant_up=lambda: answers(assistant),
                channel=open_channel(channel),
            )
            return await run_conversation(scenario, runtime)
        finally:
            await session.close()
