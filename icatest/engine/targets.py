"""Target bookkeeping: apply what the simulator said and what the judge decided."""

from __future__ import annotations

import re

from icatest.contracts.labels import TargetStatus
from icatest.contracts.records import Target, TurnVerdict
from icatest.contracts.scenario import TargetSpec
from icatest.judges.rules.text import clock
from icatest.judges.rules.vocabulary import spoken_time
from icatest.simulator.policy import TurnPlan
from icatest.simulator.schema import ConstraintAddition, ConstraintVoicing, SimulatorTurn

DEADLINE_ROOM = 120  # minutes: a seed's deadline already past moves this far past the clock
LAST_DEADLINE = 23 * 60 + 30  # a same-day deadline; later there is none to give


def fit_to_clock(spec: TargetSpec, now_hhmm: str) -> TargetSpec:
    """A seed's goal as a driver at this clock time would have it: a deadline at or before now
    ('by 6pm' at 18:40) moves to DEADLINE_ROOM minutes ahead, on the half hour, and is left
    out when that is past LAST_DEADLINE. Seeds and contexts are sampled independently; a
    driver never asks to arrive before now."""
    now = clock(now_hhmm)
    deadlines = [c for c in spec.constraints if c.startswith("arrive_by:")]
    if now is None or not deadlines:
        return spec
    kept: list[str] = []
    description = spec.description
    for c in spec.constraints:
        when = clock(c.split(":", 1)[1]) if c in deadlines else None
        if when is None or when > now:
            kept.append(c)
            continue
        later = -(-(now + DEADLINE_ROOM) // 30) * 30
        old = spoken_time(c.split(":", 1)[1])
        if later > LAST_DEADLINE:
            description = re.sub(rf"\s*\bby {re.escape(old)}\b", "", description)
            continue
        new = f"{later // 60:02d}:{later % 60:02d}"
        kept.append(f"arrive_by:{new}")
        description = re.sub(rf"\b{re.escape(old)}\b", spoken_time(new), description)
    return spec.model_copy(update={"constraints": kept, "description": description})


def seed_targets(specs: list[TargetSpec]) -> list[Target]:
    """The goals a conversation starts with (ids t1, t2, ...): none of their conditions is said
    yet, so none is held until the driver voices it."""
    return [
        Target(
            id=f"t{i + 1}",
            introduced_turn=0,
            **s.model_dump(exclude={"constraints"}),
            constraints=[],
            constraint_turns={},
            unvoiced_constraints=list(s.constraints),
        )
        for i, s in enumerate(specs)
    ]


def _hold(t: Target, constraints: list[str], turn: int) -> None:
    """Hold `t` to the constraints from `turn` (those it already holds keep their turn)."""
    new = [c for c in dict.fromkeys(constraints) if c not in t.constraints]
    if not new:
        return
    t.constraints = [*t.constraints, *new]
    t.constraint_turns = {**t.constraint_turns, **dict.fromkeys(new, turn)}
    t.unvoiced_constraints = [c for c in t.unvoiced_constraints if c not in new]
    if t.status == TargetStatus.COMPLETED:  # a new condition reopens a completed goal
        t.status, t.completed_turn = TargetStatus.OPEN, None


def apply_simulator_turn(
    targets: list[Target],
    pending: list[TargetSpec],
    sim: SimulatorTurn,
    plan: TurnPlan,
    turn: int,
) -> tuple[list[Target], list[TargetSpec], list[str]]:
    """New targets get ids, voiced and added constraints are held from this turn (and reopen a
    completed target), drops are marked dropped. `sim` has been checked: what it declares as
    said, the utterance says (`icatest.simulator.voicing`)."""
    out = [t.model_copy() for t in targets]
    by_id = {t.id: t for t in out}
    addressed = [i for i in sim.addressed_target_ids if i in by_id]
    said_now: list[ConstraintVoicing | ConstraintAddition] = [
        *sim.voiced_constraints,
        *sim.constraint_additions,
    ]
    for said in said_now:
        t = by_id.get(said.target_id)
        if t is None:
            continue
        _hold(t, list(said.constraints), turn)
        if t.id not in addressed:  # the driver spoke of it
            addressed.append(t.id)
    for tid in sim.dropped_target_ids:
        if tid in by_id and by_id[tid].status == TargetStatus.OPEN:
            by_id[tid].status = TargetStatus.DROPPED
    for new in sim.new_targets:
        t = Target(
            id=f"t{len(out) + 1}",
            introduced_turn=turn,
            **new.model_dump(),
            constraint_turns=dict.fromkeys(new.constraints, turn),
        )
        out.append(t)
        by_id[t.id] = t
        addressed.append(t.id)
    for tid in addressed:
        by_id[tid].pushes += 1
    introduced = {s.description for s in plan.introduce}
    remaining = [p for p in pending if p.description not in introduced]
    return out, remaining, addressed


def apply_verdict(
    targets: list[Target], verdict: TurnVerdict | None, turn: int
) -> tuple[list[Target], bool]:
    """Mark targets completed by this turn; report whether any status changed."""
    if verdict is None or not verdict.scored:
        return targets, False
    out = [t.model_copy() for t in targets]
    by_id = {t.id: t for t in out}
    changed = False
    for u in verdict.target_updates:
        t = by_id.get(u.target_id)
        if t is None or t.status == u.status or t.status == TargetStatus.DROPPED:
            continue
        t.status = u.status
        t.completed_turn = turn if u.status == TargetStatus.COMPLETED else None
        changed = True
    return out, changed
