"""The offline simulator: deterministic, seedable rendering of the turn plan into words."""

from __future__ import annotations

import random
from typing import Any

from icatest.contracts.records import Target
from icatest.contracts.scenario import Scenario, StrategySpec
from icatest.simulator.coherence import fits, named_before
from icatest.simulator.persona import style_utterance
from icatest.simulator.policy import TurnPlan
from icatest.simulator.probes import realise
from icatest.simulator.render import (
    goal_phrase,
    render_condition,
    render_request,
    render_requests,
)
from icatest.simulator.schema import ConstraintVoicing, NewTarget, SimulatorTurn
from icatest.simulator.voicing import carries

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
    voice = {v.target_id: list(v.constraints) for v in plan.voice if v.target_id in by_id}
    if plan.turn == 0:  # every goal, with the conditions the plan says now
        opening = [t.model_copy(update={"constraints": voice.get(t.id, [])}) for t in targets]
        parts.append(render_requests(opening, scenario.language))
        out.addressed_target_ids = [t.id for t in targets]
        out.voiced_constraints = [
            ConstraintVoicing(target_id=t.id, constraints=said)
            for t in opening
            if (said := _said(t, scenario.language))
        ]
    for tid in plan.drop_target_ids:
        earlier = variables.get("said_before", [])
        gone = "그건 됐어요." if scenario.language == "ko" else _forget(by_id[tid], earlier)
        parts.append(gone)
        out.dropped_target_ids.append(tid)
    for tid in plan.focus_target_ids:
        prefix = rng.choice(PUSH_PREFIXES_KO if scenario.language == "ko" else PUSH_PREFIXES)
        parts.append(f"{prefix} {render_request(by_id[tid], scenario.language)}")
        out.addressed_target_ids.append(tid)
    if plan.turn > 0:
        for tid, constraints in voice.items():
            parts.append(render_condition(by_id[tid], constraints, scenario.language))
            out.voiced_constraints.append(ConstraintVoicing(target_id=tid, constraints=constraints))
    for request in plan.introduce:  # said with the conditions that can belong to it
        goal = Target(id="new", **request.model_dump())
        said = [c for c in goal.constraints if fits(c, goal)]
        goal = goal.model_copy(update={"constraints": said})
        parts.append(render_request(goal, scenario.language))
        fields = request.model_dump(exclude={"constraints"})
        out.new_targets.append(NewTarget(**fields, constraints=said))
    kept = [t for t in targets if t.id not in plan.drop_target_ids]  # not the goal given up
    for spec in strategies:
        effect = realise(spec, kept, scenario.context, rng)
        if effect is None or any(effect.utterance in p for p in parts):
            continue  # said already this turn (a pushed goal can be the probe's own words)
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


def _forget(target: Target, earlier: list[str]) -> str:
    """Give up on a goal by the name the driver used for it (never a name not said yet)."""
    phrase = goal_phrase(target)
    return f"Forget about {phrase}." if named_before(phrase, earlier) else "Forget about that one."


def _said(target: Target, language: str) -> list[str]:
    """The goal's conditions its own request says: those planned, and those its wording carries
    already ('a charging station on the way to Augsburg' says `along_route`)."""
    sentence = render_request(target, language)
    also = [c for c in target.unvoiced_constraints if carries(c, sentence)]
    return [*target.constraints, *(c for c in also if c not in target.constraints)]
