"""The user simulator role: one structured call per turn, model-backed or offline."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from icatest.contracts.labels import FailureMode, Role, SimulatorFaultKind
from icatest.contracts.records import (
    SimulatorFault,
    Target,
    TurnRecord,
    TurnVerdict,
    route_running_since,
)
from icatest.contracts.scenario import Scenario, StrategySpec, TargetSpec
from icatest.llm.gateway import ModelGateway
from icatest.simulator.faults import turn_faults
from icatest.simulator.leaks import copied_example, examples_of, leaked_terms, scrub
from icatest.simulator.offline import offline_simulate
from icatest.simulator.persona import persona_instructions
from icatest.simulator.policy import TurnPlan
from icatest.simulator.schema import ExtractedTargets, NewTarget, SimulatorTurn
from icatest.simulator.voicing import check_voicing

ROLE = Role.SIMULATOR
HISTORY_WINDOW = 6  # turns shown to a model simulator
LEAKED, COPIED = SimulatorFaultKind.LEAKED_TERMS, SimulatorFaultKind.COPIED_EXAMPLE


class SimulatorFailed(Exception):
    """The simulator model gave no usable utterance after its retries."""


@dataclass(frozen=True)
class SpokenTurn:
    """A driver turn as checked: what it says and declares, and the simulator's faults in it."""

    turn: SimulatorTurn
    faults: list[SimulatorFault] = field(default_factory=list)


def move_examples(
    scenario: Scenario, turn: int, specs: list[StrategySpec]
) -> list[dict[str, str | None]]:
    """Each probe's instruction with one of its abstract examples, rotated per conversation and
    turn (the same example every turn is what a model starts to parrot)."""
    out: list[dict[str, str | None]] = []
    for spec in specs:
        rng = random.Random(f"{scenario.rng_seed}:{scenario.conversation_id}:{turn}:{spec.name}")
        example = rng.choice(spec.driver_examples) if spec.driver_examples else None
        out.append({"move": spec.driver_move or spec.description, "example": example})
    return out


def _examples(specs: list[StrategySpec]) -> list[str]:
    return [
        e for s in specs for e in [*s.driver_examples, *examples_of(s.driver_move or s.description)]
    ]


async def next_turn(
    gateway: ModelGateway,
    *,
    scenario: Scenario,
    targets: list[Target],
    plan: TurnPlan,
    strategy_specs: list[StrategySpec],
    history: list[TurnRecord],
    feedback: TurnVerdict | None,
) -> SpokenTurn:
    """The driver's next utterance and goal changes for `plan`, checked.

    The goals the plan puts in this utterance count as addressed by construction (turn 0: all
    of them), whatever the model lists. An utterance that says ids, labels, probe names or
    testing aloud, or repeats a probe example, is asked for once more; leaked words are then
    scrubbed. A declared condition the utterance does not say is not counted. Each of these is
    a simulator fault of the turn, and so are an utterance without words, in another language,
    asking again for a goal given up, or starting the conversation over (faults.py)."""
    by_id = {t.id: t for t in targets}
    variables: dict[str, Any] = {
        "scenario": scenario,
        "persona": persona_instructions(scenario.persona),
        "situation": scenario.context.situation(route_running_since(targets)),
        "targets": targets,
        "plan": plan,
        "drop": [by_id[i] for i in plan.drop_target_ids if i in by_id],
        "focus": [by_id[i] for i in plan.focus_target_ids if i in by_id],
        "voice": [(by_id[v.target_id], v.constraints) for v in plan.voice if v.target_id in by_id],
        "strategy_specs": strategy_specs,
        "moves": move_examples(scenario, plan.turn, strategy_specs),
        "history": history[-HISTORY_WINDOW:],
        "said_before": [h.user for h in history],  # every earlier driver utterance
        "feedback": feedback_notes(feedback),
        "leaked": [],
        "copied": None,
    }
    names = [s.name for s in strategy_specs]
    examples = _examples(strategy_specs)
    faults: list[SimulatorFault] = []
    value = await _ask(gateway, variables)
    leaked = leaked_terms(value.utterance, by_id, names)
    copied = copied_example(value.utterance, examples)
    if leaked or copied:
        value = await _ask(gateway, {**variables, "leaked": leaked, "copied": copied})
        leaked = leaked_terms(value.utterance, by_id, names)
        copied = copied_example(value.utterance, examples)
        if leaked:
            faults.append(SimulatorFault(kind=LEAKED, detail=f"scrubbed: {', '.join(leaked)}"))
            value.utterance = scrub(value.utterance, by_id, names)
            if not value.utterance:
                raise SimulatorFailed("every sentence of the utterance named ids, labels or tests")
        if copied:
            faults.append(SimulatorFault(kind=COPIED, detail=f"repeats the example {copied!r}"))
    for new in value.new_targets:  # goal descriptions reach the judges: no test words either
        if leaked_terms(new.description, by_id, names):
            new.description = scrub(new.description, by_id, names) or value.utterance
    voiced, added, fresh, unsaid = check_voicing(
        value.utterance,
        value.voiced_constraints,
        value.constraint_additions,
        value.new_targets,
        targets,
    )
    value = value.model_copy(
        update={"voiced_constraints": voiced, "constraint_additions": added, "new_targets": fresh}
    )
    faults += turn_faults(
        turn=plan.turn, language=scenario.language, value=value, history=history, targets=targets
    )
    planned = [t.id for t in targets] if plan.turn == 0 else plan.focus_target_ids
    value.addressed_target_ids += [i for i in planned if i not in value.addressed_target_ids]
    return SpokenTurn(value, [*faults, *unsaid])


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
