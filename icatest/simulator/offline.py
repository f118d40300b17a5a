"""The offline simulator: deterministic, seedable rendering of the turn plan into words."""

from __future__ import annotations

import random
from typing import Any

from icatest.contracts.records import Target
from icatest.contracts.scenario import Scenario, StrategySpec
from icatest.simulator.persona import style_utterance
from icatest.simulator.policy import TurnPlan
from icatest.simulator.probes import realise
from icatest.simulator.render import render_request, render_requests, subject_of
from icatest.simulator.schema import NewTarget, SimulatorTurn

PUSH_PREFIXES = ("I asked for this:", "Again:", "You didn't answer this:", "Still waiting:")
PUSH_PREFIXES_KO = ("다시 말할게요.", "아직 답을 못 들었어요.", "아까 부탁한 거요.")


def turn_rng(scenario: Scenario, turn: int) -> random.Random:
    """Randomness of one turn depends only on the scenario seed, its id and the turn."""
    return random.Random(f"{scenario.rng_seed}:{scenario.conversation_id}:{turn}")


def offline_simulate(variables: dict[str, Any]) -> SimulatorTurn:
    scenario: Scenario = variables["scenario"]
    targets: list[Target] = variables["targets"]
    plan: TurnPlan = variables["plan"]
    strategies: list[StrategySpec] = variables["strategy_specs"]
    rng = turn_rng(scenario, plan.turn)
    by_id = {t.id: t for t in targets}
    parts: list[str] = []
    out = SimulatorTurn(utterance="")
    if plan.turn == 0:
        parts.append(render_requests(targets, scenario.language))
        out.addressed_target_ids = [t.id for t in targets]
    for tid in plan.drop_target_ids:
        gone = "그건 됐어요." if scenario.language == "ko" else _forget(by_id[tid])
        parts.append(gone)
        out.dropped_target_ids.append(tid)
    for tid in plan.focus_target_ids:
        prefix = rng.choice(PUSH_PREFIXES_KO if scenario.language == "ko" else PUSH_PREFIXES)
        parts.append(f"{prefix} {render_request(by_id[tid], scenario.language)}")
        out.addressed_target_ids.append(tid)
    for request in plan.introduce:
        new = NewTarget(**request.model_dump())
        parts.append(render_request(Target(id="new", **request.model_dump()), scenario.language))
        out.new_targets.append(new)
    for spec in strategies:
        effect = realise(spec, targets, scenario.context, rng)
        if effect is None:
            continue
        parts.append(effect.utterance)
        out.new_targets += effect.new_targets
        out.constraint_additions += effect.additions
        out.addressed_target_ids += [
            t for t in effect.addressed if t not in out.addressed_target_ids
        ]
    if not parts:
        parts.append(_small_talk(scenario, out, rng))
    out.utterance = style_utterance(" ".join(parts), scenario.persona, rng)
    return out


SMALL_TALK = (
    ("weather", "What's the weather in {place} later today?"),
    ("traffic", "How is the traffic around {place} right now?"),
    ("weather", "Will it rain in {place} this evening?"),
)
SMALL_TALK_KO = (("weather", "{place} 날씨 어때요?"), ("traffic", "{place} 근처 교통 상황 어때요?"))


def _small_talk(scenario: Scenario, out: SimulatorTurn, rng: random.Random) -> str:
    """Nothing left to ask: open a light information request, as drivers do."""
    place = scenario.context.location.split(",")[0]
    topic, template = rng.choice(SMALL_TALK_KO if scenario.language == "ko" else SMALL_TALK)
    question = template.format(place=place)
    out.new_targets.append(
        NewTarget(description=question, kind="info", slots={"topic": topic, "place": place})
    )
    return question


def _forget(target: Target) -> str:
    subject = subject_of(target)
    if subject == target.description:  # no short name for it
        return "Forget about that one."
    return f"Forget about the {subject}."
