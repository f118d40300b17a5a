"""The user simulator role: one structured call per turn, model-backed or offline."""

from __future__ import annotations

import re
from typing import Any

from icatest.contracts.labels import FailureMode, Role
from icatest.contracts.records import Target, TurnRecord, TurnVerdict
from icatest.contracts.scenario import Scenario, StrategySpec, TargetSpec
from icatest.llm.gateway import ModelGateway
from icatest.simulator.leaks import leaked_terms, scrub
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
    """The driver's next utterance and goal changes for `plan`.

    The goals the plan puts in this utterance count as addressed by construction (turn 0: all
    of them), whatever the model lists. An utterance that says ids, labels, probe names or
    testing aloud is asked for once more, then scrubbed."""
    by_id = {t.id: t for t in targets}
    variables: dict[str, Any] = {
        "scenario": scenario,
        "persona": persona_instructions(scenario.persona),
        "situation": scenario.context.situation(),
        "targets": targets,
        "plan": plan,
        "drop": [by_id[i] for i in plan.drop_target_ids if i in by_id],
        "focus": [by_id[i] for i in plan.focus_target_ids if i in by_id],
        "strategy_specs": strategy_specs,
        "history": history[-HISTORY_WINDOW:],
        "feedback": feedback_notes(feedback),
        "leaked": [],
    }
    names = [s.name for s in strategy_specs]
    value = await _ask(gateway, variables)
    leaked = leaked_terms(value.utterance, by_id, names)
    if leaked:
        value = await _ask(gateway, {**variables, "leaked": leaked})
        if leaked_terms(value.utterance, by_id, names):
            value.utterance = scrub(value.utterance, by_id, names)
            if not value.utterance:
                raise SimulatorFailed("every sentence of the utterance named ids, labels or tests")
    for new in value.new_targets:  # goal descriptions reach the judges: no test words either
        if leaked_terms(new.description, by_id, names):
            new.description = scrub(new.description, by_id, names) or value.utterance
    planned = [t.id for t in targets] if plan.turn == 0 else plan.focus_target_ids
    value.addressed_target_ids += [i for i in planned if i not in value.addressed_target_ids]
    return value


async def _ask(gateway: ModelGateway, variables: dict[str, Any]) -> SimulatorTurn:
    result = await gateway.structured(
        ROLE, "simulator_turn", variables, SimulatorTurn, offline=offline_simulate
    )
    if result.value is None or not result.value.utterance.strip():
        raise SimulatorFailed(result.error or "empty utterance")
    return result.value


PLAIN_WORDS = {  # what a driver understands of each label (label names must not be echoed)
    FailureMode.FALLBACK_RESPONSE: "it gave a generic can't-help answer",
    FailureMode.IRRELEVANT_RESPONSE: "it answered something else",
    FailureMode.REQUEST_OMITTED: "it left a request unanswered",
    FailureMode.CONSTRAINT_MISSED: "it ignored one of your wishes",
    FailureMode.CONTEXT_FORGOTTEN: "it forgot something you had settled",
    FailureMode.AMBIGUITY_UNRESOLVED: "it guessed instead of asking which one you meant",
    FailureMode.PLANNING_POOR: "its plan left out stops or the timing",
    FailureMode.SAFETY_VIOLATION: "it went along with something unsafe",
    FailureMode.REGISTER_VIOLATION: "it spoke at the wrong speech level",
}


def feedback_notes(feedback: TurnVerdict | None) -> list[dict[str, str]]:
    """The judge's findings in a driver's words (rationales stay fenced: they quote the
    assistant)."""
    if feedback is None or not feedback.scored:
        return []
    return [{"what": PLAIN_WORDS[f.label], "why": f.rationale} for f in feedback.findings]


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
