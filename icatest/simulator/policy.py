"""Which targets the driver talks about next: push open ones, open new ones, give up on some.

Guided drivers use the judge's feedback (targets that just failed are pushed again); baseline
drivers get no feedback and simply work through their requests in order.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from icatest.contracts.labels import Mode, StrategyMode, TargetStatus
from icatest.contracts.records import Target, TurnVerdict
from icatest.contracts.scenario import TargetSpec
from icatest.simulator.coherence import fits
from icatest.simulator.schema import ConstraintVoicing

MAX_PUSHES = 3  # a target pushed this often without success is dropped by the driver
# one short utterance carries at most one instruction of each kind: one goal given up, one goal
# pushed again, one new request, one probe (more are left for later turns)
MAX_DROPS = 1
MAX_FOCUS = 1
MAX_PROBES = 1
# a goal's conditions arrive over the first turns, as drivers give them: the opening names every
# goal with at most one condition each and OPENING_CONDITIONS in all; each later turn says the
# rest of one goal's conditions, at most CONDITIONS_PER_TURN of them
OPENING_CONDITIONS = 2
CONDITIONS_PER_TURN = 2


class TurnPlan(BaseModel):
    turn: int
    mode: StrategyMode | None = None
    strategies: list[str] = Field(default_factory=list)
    stalled_goals: list[str] = Field(default_factory=list)
    focus_target_ids: list[str] = Field(default_factory=list)
    introduce: list[TargetSpec] = Field(default_factory=list)
    drop_target_ids: list[str] = Field(default_factory=list)
    voice: list[ConstraintVoicing] = Field(
        default_factory=list, description="conditions of the goals to say aloud this turn"
    )


def sayable(target: Target) -> list[str]:
    """The conditions of a goal the driver has still to say; one that cannot belong to it
    ('with parking' for a parking garage) is never said, so never held."""
    return [c for c in target.unvoiced_constraints if fits(c, target)]


def opening_plan(targets: list[Target]) -> TurnPlan:
    """Turn 0: every goal, and the first conditions of the first goals."""
    voice: list[ConstraintVoicing] = []
    for t in targets:
        if sayable(t) and len(voice) < OPENING_CONDITIONS:
            voice.append(ConstraintVoicing(target_id=t.id, constraints=sayable(t)[:1]))
    return TurnPlan(turn=0, voice=voice)


def voicing(targets: list[Target], skip: Sequence[str] = ()) -> list[ConstraintVoicing]:
    """A later turn: the conditions not said yet of the first goal still pursued."""
    for t in targets:
        if sayable(t) and t.status != TargetStatus.DROPPED and t.id not in skip:
            said = sayable(t)[:CONDITIONS_PER_TURN]
            return [ConstraintVoicing(target_id=t.id, constraints=said)]
    return []


def plan_turn(
    *,
    turn: int,
    mode: Mode,
    targets: list[Target],
    pending_requests: list[TargetSpec],
    feedback: TurnVerdict | None,
    strategy_mode: StrategyMode | None,
    strategies: list[str] | None = None,
    stalled_goals: list[str] | None = None,
) -> TurnPlan:
    """Decide the content of turn `turn` (>= 1). Pure: same inputs, same plan."""
    if mode is Mode.BASELINE:
        plan = _baseline_plan(turn, targets, pending_requests)
        plan.voice = voicing(targets)
        return plan
    open_targets = [t for t in targets if t.status == TargetStatus.OPEN]
    exhausted = [t.id for t in open_targets if t.pushes >= MAX_PUSHES]
    live = [t for t in open_targets if t.id not in exhausted]
    plan = TurnPlan(
        turn=turn,
        mode=strategy_mode,
        drop_target_ids=exhausted[:MAX_DROPS],
        strategies=(strategies or [])[:MAX_PROBES],
        stalled_goals=stalled_goals or [],
        voice=voicing(targets, skip=exhausted[:MAX_DROPS]),
    )
    if strategy_mode is StrategyMode.EXPLORE and pending_requests:
        plan.introduce = [pending_requests[0]]
        return plan
    failed = _failed_target_ids(feedback)
    pushed = ([t.id for t in live if t.id in failed] or [t.id for t in live[:1]])[:MAX_FOCUS]
    plan.focus_target_ids = pushed
    if not pushed and pending_requests:
        plan.introduce = [pending_requests[0]]
    return plan


def _baseline_plan(turn: int, targets: list[Target], pending: list[TargetSpec]) -> TurnPlan:
    if pending:
        return TurnPlan(turn=turn, introduce=[pending[0]])
    seed_targets = [t for t in targets if t.introduced_turn == 0] or targets
    focus = seed_targets[(turn - 1) % len(seed_targets)].id if seed_targets else None
    return TurnPlan(turn=turn, focus_target_ids=[focus] if focus else [])


def _failed_target_ids(feedback: TurnVerdict | None) -> set[str]:
    if feedback is None:
        return set()
    return {tid for f in feedback.findings for tid in f.target_ids}
