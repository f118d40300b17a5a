"""Strategy manager: which probes to inject this turn, EXPLOIT vs EXPLORE, and retirement.

Pure functions over a `StrategyState`; the graph keeps the state, nothing here holds any.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from pydantic import BaseModel, Field

from icatest.contracts.labels import FailureMode, StrategyMode, TargetStatus
from icatest.contracts.records import LabelFinding, StrategyStats, Target, TurnRecord
from icatest.contracts.scenario import StrategySpec

STALL_TURNS = 2  # goals unchanged this many turns -> EXPLORE
# how many strategies to inject per turn: 0, 1 or 2 with these weights
STRATEGY_COUNT_WEIGHTS = (0.2, 0.5, 0.3)


class StrategyState(BaseModel):
    """Per-conversation bookkeeping: retired probes, consecutive uses, usage statistics."""

    retired: dict[str, str] = Field(default_factory=dict, description="strategy -> failure mode")
    consecutive: dict[str, int] = Field(default_factory=dict)
    stats: dict[str, StrategyStats] = Field(default_factory=dict)
    last_progress_turn: int = 0  # last turn a target changed status or was introduced


class StrategyChoice(BaseModel):
    mode: StrategyMode
    strategies: list[str]
    stalled_goals: list[str]


def choose(
    specs: Mapping[str, StrategySpec],
    state: StrategyState,
    targets: Sequence[Target],
    turn: int,
    rng: random.Random,
    language: str = "en",
    garbling: bool = False,
) -> StrategyChoice:
    """Pick EXPLOIT/EXPLORE and 0–2 strategies for `turn` (turn >= 1); probes that need a
    channel that garbles words (`fires_on`) only when `garbling`."""
    open_targets = [t for t in targets if t.status == TargetStatus.OPEN]
    stalled = turn - state.last_progress_turn >= STALL_TURNS
    mode = StrategyMode.EXPLORE if (stalled or not open_targets) else StrategyMode.EXPLOIT
    stalled_goals = [t.description for t in open_targets] if stalled else []
    eligible = [
        name
        for name, spec in sorted(specs.items())
        if name not in state.retired
        and language in spec.languages
        and state.consecutive.get(name, 0) < spec.max_consecutive
        and (garbling or spec.fires_on is None)
    ]
    k = rng.choices((0, 1, 2), weights=STRATEGY_COUNT_WEIGHTS)[0]
    picked = rng.sample(eligible, min(k, len(eligible)))
    return StrategyChoice(mode=mode, strategies=sorted(picked), stalled_goals=stalled_goals)


def record_turn(
    specs: Mapping[str, StrategySpec],
    state: StrategyState,
    turn: TurnRecord,
    progressed: bool,
) -> StrategyState:
    """Account uses and triggers, retire probes whose failure mode fired, track progress."""
    # a new state; the old one is left as it was (copied where this turn changes it)
    new = state.model_copy(update={"retired": dict(state.retired),
                                   "consecutive": dict(state.consecutive),
                                   "stats": dict(state.stats)})
    used = set(turn.strategies)
    for name in specs:
        new.consecutive[name] = new.consecutive.get(name, 0) + 1 if name in used else 0
    scored = turn.evaluation is not None and turn.evaluation.scored
    findings = turn.evaluation.findings if turn.evaluation and scored else []
    for name in used:
        old = new.stats.get(name)
        stats = old.model_copy(deep=True) if old is not None else StrategyStats()
        new.stats[name] = stats
        stats.times_used += 1
        stats.turns_used.append(turn.turn_number)
        if _fired(specs[name], findings):
            stats.times_triggered += 1
            stats.turns_triggered.append(turn.turn_number)
    for name, spec in specs.items():
        if name not in new.retired and (label := _fired(spec, findings)):
            new.retired[name] = label
    if progressed:
        new.last_progress_turn = turn.turn_number + 1
    return new


def _fired(spec: StrategySpec, findings: Sequence[LabelFinding]) -> str | None:
    """The label that fires `spec` among the turn's findings: its failure mode, or for a probe
    that fires on a cause (noisy_moment: misheard) the label of a finding with that cause."""
    for f in findings:
        if (f.cause is spec.fires_on) if spec.fires_on else (f.label is spec.failure_mode):
            return f.label.value
    return None


def failure_mode_of(specs: Mapping[str, StrategySpec], name: str) -> FailureMode:
    return specs[name].failure_mode
