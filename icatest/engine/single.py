"""One conversation from CLI-level names: catalog, scenario, models, assistant, engine."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from icatest.catalog import load_catalog
from icatest.catalog.scenarios import NEUTRAL_BY_LANGUAGE, make_scenario
from icatest.contracts.labels import Mode
from icatest.contracts.records import ConversationRecord
from icatest.contracts.scenario import Scenario
from icatest.engine.run import run_conversation
from icatest.engine.runtime import Runtime
from icatest.llm.gateway import ModelGateway
from icatest.llm.settings import RoleSettings


def assistant_context(scenario: Scenario) -> dict[str, Any]:
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
    reference_opts: dict[str, Any] | None = None,
) -> ConversationRecord:
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
    )
    opts = dict(reference_opts or {})
    if scenario.language == "ko":  # the reference assistant answers in the driver's language
        opts.setdefault("lang", "ko")
        if scenario.speech_level:
            opts.setdefault("register", scenario.speech_level)
    async with open_assistant(sut, sut_config, **opts) as assistant:
        session = assistant.session(scenario.conversation_id, context=assistant_context(scenario))
        try:
            runtime = Runtime(
                session=session,
                gateway=ModelGateway(roles=binding.roles),
                catalog=catalog,
                judges=binding.judges,
            )
            return await run_conversation(scenario, runtime)
        finally:
            await session.close()
