"""Target bookkeeping: apply what the simulator said and what the judge decided."""

from __future__ import annotations

from icatest.contracts.labels import TargetStatus
from icatest.contracts.records import Target, TurnVerdict
from icatest.contracts.scenario import TargetSpec
from icatest.simulator.policy import TurnPlan
from icatest.simulator.schema import SimulatorTurn


def apply_simulator_turn(
    targets: list[Target],
    pending: list[TargetSpec],
    sim: SimulatorTurn,
    plan: TurnPlan,
    turn: int,
) -> tuple[list[Target], list[TargetSpec], list[str]]:
    """New targets get ids, added constraints reopen a target, drops are marked dropped."""
    out = [t.model_copy() for t in targets]
    by_id = {t.id: t for t in out}
    addressed = [i for i in sim.addressed_target_ids if i in by_id]
    for add in sim.constraint_additions:
        t = by_id.get(add.target_id)
        if t is None:
            continue
        t.constraints = [*t.constraints, *(c for c in add.constraints if c not in t.constraints)]
        if t.status == TargetStatus.COMPLETED:  # new constraints reopen a completed goal
            t.status, t.completed_turn = TargetStatus.OPEN, None
        if t.id not in addressed:
            addressed.append(t.id)
    for tid in sim.dropped_target_ids:
        if tid in by_id and by_id[tid].status == TargetStatus.OPEN:
            by_id[tid].status = TargetStatus.DROPPED
    for new in sim.new_targets:
        t = Target(id=f"t{len(out) + 1}", introduced_turn=turn, **new.model_dump())
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
