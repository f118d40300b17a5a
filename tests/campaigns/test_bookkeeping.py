"""A campaign's bookkeeping (run id, scenario index, trial, assistant) goes into the record as the
engine builds it: the record the campaign writes is the engine's own, never a stamped copy."""

from __future__ import annotations

import importlib
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from campaign_helpers import config

from icatest.campaigns import ScenarioSampler
from icatest.campaigns.running.conversation import ConversationEnv, cut_record, run_planned
from icatest.campaigns.running.scripted import ScriptedAssistant, run_scripted_conversation
from icatest.catalog import load_catalog
from icatest.contracts import ConversationRecord, Scenario, TerminationReason
from icatest.engine.plan import ConversationPlan
from icatest.engine.run import run_conversation
from icatest.engine.runtime import Runtime

Engine = Callable[[Scenario, Runtime], Awaitable[ConversationRecord]]
RETURNED: list[ConversationRecord] = []  # what the engine below returned, in its own module


async def keeping_engine(scenario: Scenario, runtime: Runtime) -> ConversationRecord:
    record = await run_scripted_conversation(scenario, runtime)
    vars(importlib.import_module(__name__))["RETURNED"].append(record)
    return record


async def forgetful_engine(scenario: Scenario, runtime: Runtime) -> ConversationRecord:
    """Builds its record without the runtime's bookkeeping (a broken engine)."""
    record = await run_scripted_conversation(scenario, runtime)
    return record.model_copy(update={"scenario_index": None, "run_id": None})


def _setup(data_dir: Path, engine: Engine) -> tuple[ScenarioSampler, ConversationEnv]:
    cfg = config(data_dir, max_conversations=4, trials=2, rng_seed=5)
    catalog = load_catalog(cfg.data_dir, only_user_data=True)
    plan = ConversationPlan(models=cfg.roles(), settings=cfg.model_settings)
    env = ConversationEnv(catalog=catalog, assistant=ScriptedAssistant(0.0), conversation=plan,
                          engine=engine, run_id="run-7")  # fmt: skip
    return ScenarioSampler(cfg, catalog, "run-7"), env


def _kept(record: ConversationRecord, **expected: Any) -> None:
    got = {k: getattr(record, k) for k in ("run_id", "scenario_index", "trial", "sut")}
    assert got == {"run_id": "run-7", "sut": "scripted", **expected}


async def test_the_campaign_writes_the_engines_own_record(
    data_dir: Path, scripted: dict[str, str]
) -> None:
    sampler, env = _setup(data_dir, keeping_engine)
    record = await run_planned(sampler.plan(3), env, lambda: None)  # scenario 1, trial 1
    returned = importlib.import_module(__name__).RETURNED
    assert record is returned[-1]  # not a copy stamped after the engine built it
    _kept(record, scenario_index=1, trial=1)
    assert record.is_complete is (record.termination_reason is TerminationReason.MAX_TURNS_REACHED)


async def test_the_real_engine_builds_its_record_with_the_bookkeeping(data_dir: Path) -> None:
    sampler, env = _setup(data_dir, run_conversation)
    record = await run_planned(sampler.plan(2), env, lambda: None)  # scenario 1, trial 0
    assert record.turns and record.termination_reason is not TerminationReason.INTERNAL_ERROR
    _kept(record, scenario_index=1, trial=0)


async def test_an_engine_that_drops_the_bookkeeping_ends_as_an_internal_error(
    data_dir: Path, scripted: dict[str, str]
) -> None:
    sampler, env = _setup(data_dir, forgetful_engine)
    record = await run_planned(sampler.plan(5), env, lambda: None)
    assert record.termination_reason is TerminationReason.INTERNAL_ERROR
    assert "left out the campaign's run_id, scenario_index" in (record.error or "")
    _kept(record, scenario_index=2, trial=1)  # the error record still carries it
    assert record.is_complete is False


def test_a_cut_record_is_built_with_the_bookkeeping(data_dir: Path) -> None:
    sampler, env = _setup(data_dir, keeping_engine)
    record = cut_record(env.catalog, sampler.plan(1), "run-7", TerminationReason.BUDGET_EXHAUSTED,
                        "the worker never reported")  # fmt: skip
    assert (record.run_id, record.scenario_index, record.trial) == ("run-7", 0, 1)
    assert record.is_complete is False and record.error == "the worker never reported"
