"""One conversation from CLI-level names: catalog, scenario, models, assistant, engine (wired by
the conversation builder, `icatest.engine.plan`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import JsonValue

from icatest.catalog import load_catalog
from icatest.catalog.scenarios import NEUTRAL_BY_LANGUAGE, make_scenario
from icatest.contracts.labels import Mode
from icatest.contracts.records import ConversationRecord
from icatest.engine.plan import AssistantLanguage, ConversationPlan, answers, open_conversation
from icatest.engine.run import run_conversation
from icatest.engine.runtime import CutSignal
from icatest.llm.settings import RoleSettings
from icatest.sut.options import SutOptions


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
    from icatest.sut.adapters import open_assistant

    plan = ConversationPlan(models=models, settings=settings or {})
    binding = plan.bind()  # a bad model string fails before the catalog is read
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
    told = AssistantLanguage.of(scenario)
    # free options, checked by the reference assistant's start_background (not by this seam)
    reference: Any = told.reference_options(reference_opts)
    async with open_assistant(
        sut,
        sut_config,
        options=sut_options,
        variables=told.variables(),
        **reference,
    ) as assistant, open_conversation(
        plan, scenario, assistant, catalog, binding=binding, cut=cut,
        assistant_up=lambda: answers(assistant),
    ) as runtime:
        return await run_conversation(scenario, runtime)
