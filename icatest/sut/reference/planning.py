"""Multi-stop trips: resolve each stop, drive them in order, check the arrival deadline."""

from __future__ import annotations

from icatest.sut.reference.navigation import _deadline, _options
from icatest.sut.reference.resolve import (
    Turn,
    clarify_or_pick,
    forgot_act,
    resolve_ref,
    spoken_place,
)
from icatest.sut.reference.search import Query, search
from icatest.sut.reference.slots import Request, StopRef
from icatest.sut.reference.state import Act, Named
from icatest.sut.reference.travel import Point, plan_trip
from icatest.sut.reference.world import Poi, coords, to_hhmm, to_minutes


def multi_stop(req: Request, turn: Turn) -> list[Act]:
    """Plan every stop in the order given; skip_stops drops those beyond the second."""
    stops = list(req.stops)
    if len(stops) < 2:
        return [Act("clarify", {"topic": "stops", "options": []})]
    if len(stops) >= 3 and turn.dice.wants("skip_stops"):
        dropped = [_describe(s) for s in stops[2:]]
        stops = stops[:2]
        turn.dice.fire(
            "skip_stops", f"planned 2 of {len(req.stops)} stops, dropped {', '.join(dropped)}"
        )
    targets: list[Named] = []
    here: Point = turn.ctx.location
    for i, stop in enumerate(stops):
        target, act = _resolve_stop(stop, here, _next_named(stops[i + 1 :]), req, turn)
        if act is not None:
            return [act]
        assert target is not None
        targets.append(target)
        here = coords(target)
    return [trip_act(targets, req.constraints, turn)]


def _describe(stop: StopRef) -> str:
    if stop.named is not None:
        return stop.named.name
    return stop.category or (stop.ref[1] if stop.ref else "a stop")


def _next_named(rest: list[StopRef]) -> Point | None:
    """Where the drive goes after a category stop, so the stop is picked on the way there."""
    return next((coords(s.named) for s in rest if s.named is not None), None)


def _resolve_stop(
    stop: StopRef, here: Point, final: Point | None, req: Request, turn: Turn
) -> tuple[Named | None, Act | None]:
    if stop.named is not None:
        return stop.named, None
    if stop.ref is not None:
        res = resolve_ref(stop.ref, turn)
        if res.options:
            return clarify_or_pick("place", res.options, turn)
        return (res.item, None) if res.item else (None, forgot_act(stop.ref))
    category = stop.category or "restaurant"
    constraints = [c for c in req.constraints if not c.startswith("arrive_by")]
    if final is not None:
        constraints.append("along_route")
    q = Query(category, here, constraints, turn.ctx.minute, turn.ctx.weekday, final)
    hit = search(turn.world.in_category(category), q)
    if hit is None:
        return None, Act("no_poi", {"category": category})
    turn.memory.remember_poi(hit.poi)
    return hit.poi, None


def trip_act(targets: list[Named], constraints: list[str], turn: Turn) -> Act:
    plan = plan_trip(turn.ctx.location, targets, turn.ctx.minute, _options(constraints))
    deadline = _deadline(constraints)
    final = plan.stops[-1]
    turn.memory.destination, turn.memory.arrival = final.target, final.arrive
    turn.memory.arrive_by = deadline
    turn.memory.trip, turn.memory.route_constraints = list(targets), list(constraints)
    stops = [
        {
            "name": s.target.name,
            "category": s.target.category if isinstance(s.target, Poi) else None,
            "arrive": to_hhmm(s.arrive),
        }
        for s in plan.stops
    ]
    honoured = [c for c in ("avoid_highways", "avoid_tolls", "fastest") if c in constraints]
    return Act(
        "trip",
        {
            "stops": stops,
            "km": plan.km,
            "deadline": deadline,
            "feasible": deadline is None or final.arrive <= to_minutes(deadline),
            "honoured": honoured,
        },
    )


def add_stop(req: Request, turn: Turn) -> list[Act]:
    """Insert a remembered or named place before the current destination."""
    stop = spoken_place(req, turn)
    if isinstance(stop, Act):
        return [stop]
    if stop is None:
        return [Act("clarify", {"topic": "stop", "options": []})]
    dest = turn.memory.destination
    if dest is None or dest.id == stop.id:
        return [Act("clarify", {"topic": "destination", "options": []})]
    deadline = turn.memory.arrive_by
    constraints = [f"arrive_by:{deadline}"] if deadline else []
    return [trip_act([stop, dest], constraints + req.constraints, turn)]
