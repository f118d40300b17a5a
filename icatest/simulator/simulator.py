"""The user simulator role: one structured call per turn, model-backed or offline."""

from __future__ import annotations

import re
from typing import Any

from icatest.contracts.labels import Role
from icatest.contracts.records import Target, TurnRecord, TurnVerdict
from icatest.contracts.scenario import Scenario, StrategySpec, TargetSpec
from icatest.llm.gateway import ModelGateway
from icatest.simulator.offline import offline_simulate
from icatest.simulator.persona import persona_instructions
from icatest.simulator.policy import TurnPlan
from icatest.simulator.schema import ExtractedTargets, NewTarget, SimulatorTurn

ROLE = Role.SIMULATOR
HISTORY_WINDOW = 6  # turns shown to a model simulator


class SimulatorFailed(Exception):
    """The simulator model gave no usable utterance after its retries."""


async def next_turn(
    gateway: ModelGateway,
    *,
    scenario: Scenario,
    targets: list[Target],
    plan: TurnPlan,
    strategy_specs: list[StrategySpec],
    history: list[TurnRecord],
    feedback: TurnVerdict | None,
) -> SimulatorTurn:
    """The driver's next utterance and goal changes for `plan`."""
    variables: dict[str, Any] = {
        "scenario": scenario,
        "persona": persona_instructions(scenario.persona),
        "targets": targets,
        "plan": plan,
        "strategy_specs": strategy_specs,
        "history": history[-HISTORY_WINDOW:],
        "feedback": feedback,
    }
    result = await gateway.structured(
        ROLE, "simulator_turn", variables, SimulatorTurn, offline=offline_simulate
    )
    if result.value is None or not result.value.utterance.strip():
        raise SimulatorFailed(result.error or "empty utterance")
    return result.value


async def initial_targets(gateway: ModelGateway, scenario: Scenario) -> list[TargetSpec]:
    """Targets of the seed: given in the seed file, or extracted from its phrase by the model."""
    if scenario.seed.targets:
        return list(scenario.seed.targets)
    result = await gateway.structured(
        ROLE,
        "extract_targets",
        {"seed_phrase": scenario.seed.phrase, "context": scenario.context},
        ExtractedTargets,
        offline=_offline_extract,
    )
    if result.value is None or not result.value.targets:
        return [TargetSpec(description=scenario.seed.phrase, kind="other")]
    return [TargetSpec(**t.model_dump()) for t in result.value.targets]


def _offline_extract(variables: dict[str, Any]) -> ExtractedTargets:
    """Offline: one target per clause joined by 'then'/'and' — crude, documented as such."""
    phrase: str = variables["seed_phrase"]
    clauses = [c.strip(" .") for c in re.split(r",? then |, and |; ", phrase) if c.strip(" .")]
    return ExtractedTargets(targets=[NewTarget(description=c[:1].upper() + c[1:]) for c in clauses])
