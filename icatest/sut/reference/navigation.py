"""Handlers for places and routes: find_poi, navigate, multi_stop, add_stop, recall_arrival."""

from __future__ import annotations

import re
from typing import Any

from icatest.sut.reference.resolve import (
    Turn,
    clarify_or_pick,
    forgot_act,
    recall_place,
    resolve_ref,
    spoken_place,
)
from icatest.sut.reference.search import Query, search
from icatest.sut.reference.slots import Request
from icatest.sut.reference.state import Act, Named, Search
from icatest.sut.reference.travel import RouteOptions, leg, plan_trip
from icatest.sut.reference.world import (
    Poi,
    coords,
    haversine_km,
    normalize,
    to_hhmm,
    to_minutes,
)

FAR_KM = 20.0
NEAR_ME = r"\bnearby\b|near\s+me|close\s+by|around\s+here|\bnearest\b|\bclosest\b"
Data = dict[str, Any]


def _deadline(constraints: list[str]) -> str | None:
    return next((c.split(":", 1)[1] for c in constraints if c.startswith("arrive_by:")), None)


def _options(constraints: list[str]) -> RouteOptions:
    return RouteOptions(
        "avoid_highways" in constraints, "avoid_tolls" in constraints, "fastest" in constraints
    )


def find_poi(req: Request, turn: Turn) -> list[Act]:
    """Find one POI of the asked category honouring the constraints, or ask where."""
    if req.ref and not req.category:
        recalled = recall_place(req.ref, turn)
        if isinstance(recalled, Act):
            return [recalled]
        return [_found_named(recalled, turn)]
    if req.named and not req.category:  # 'Find Café Lichtspiel': that very place
        if isinstance(req.named[0], Poi):
            turn.memory.remember_poi(req.named[0])
        return [_found_named(req.named[0], turn)]
    category = req.category or "restaurant"
    dest = None
    if "along_route" in req.constraints:
        dest = req.along_to or _memory_destination(turn)
        if dest is None:
            return [Act("clarify", {"topic": "along", "options": []})]
    hits = _search(category, req, turn, dest)
    if hits is None:
        return [Act("no_poi", {"category": category})]
    return [hits]


def _memory_destination(turn: Turn) -> Named | None:
    res = resolve_ref(("destination", ""), turn)
    return res.item


def _search(category: str, req: Request, turn: Turn, dest: Named | None) -> Act | None:
    ctx = turn.ctx
    near = coords(req.near) if req.near else None
    near_me = re.search(NEAR_ME, normalize(req.text))
    asked = f"area:{category}" in turn.memory.asked  # asked before: now the nearest one
    if near is None and dest is None and not near_me and not asked and _far_from(category, turn):
        turn.memory.asked.add(f"area:{category}")
        return Act("clarify", {"topic": "area", "options": [], "category": category})
    candidates = turn.world.in_category(category)
    off = None
    if turn.dice.wants("off_category"):
        other = sorted(c for c in turn.world.categories if c != category)
        off = other[int(turn.dice.turn + len(category)) % len(other)]
        candidates = turn.world.in_category(off)
    q = Query(
        category,
        ctx.location,
        req.constraints,
        ctx.minute,
        ctx.weekday,
        coords(dest) if dest else None,
        near,
    )
    hit = search(candidates, q)
    if hit is None:
        return None
    if off is not None:
        turn.dice.fire(
            "off_category", f"asked for a {category}, answered with {hit.poi.name} ({off})"
        )
    turn.memory.remember_poi(hit.poi)
    turn.memory.searches[category] = Search(category, list(req.constraints), req.near, dest)
    return Act(
        "poi",
        {
            "name": hit.poi.name,
            "category": hit.poi.category,
            "km": hit.km,
            "met": hit.met,
            "missing": hit.missing,
            "closes": hit.poi.closes,
            "rating": hit.poi.rating,
            "along": dest.name if dest else None,
            "near": req.near.name if req.near else None,
            "kw": hit.poi.kw,
            **_arrival_with_stop(hit.poi, dest, req.constraints, turn),
        },
    )


def _arrival_with_stop(poi: Poi, dest: Named | None, constraints: list[str], turn: Turn) -> Data:
    """With a destination and a deadline: when the driver reaches it with this stop on the way."""
    deadline = _deadline(constraints)
    if dest is None or deadline is None:
        return {}
    plan = plan_trip(turn.ctx.location, [poi, dest], turn.ctx.minute, _options(constraints))
    arrive = plan.stops[-1].arrive
    return {
        "arrive": to_hhmm(arrive),
        "deadline": deadline,
        "feasible": arrive <= to_minutes(deadline),
    }


def _far_from(category: str, turn: Turn) -> bool:
    pois = turn.world.in_category(category)
    return bool(pois) and min(haversine_km(turn.ctx.location, coords(p)) for p in pois) > FAR_KM


def _found_named(item: Named, turn: Turn) -> Act:
    km = round(haversine_km(turn.ctx.location, coords(item)) * 1.3, 1)
    category = item.category if isinstance(item, Poi) else None
    return Act(
        "poi",
        {
            "name": item.name,
            "category": category,
            "km": km,
            "met": [],
            "missing": [],
            "closes": item.closes if isinstance(item, Poi) else None,
            "rating": item.rating if isinstance(item, Poi) else None,
            "along": None,
            "near": None,
            "kw": None,
        },
    )


def navigate(req: Request, turn: Turn) -> list[Act]:
    """Route to a named place, a remembered one, or a category (asking when it is ambiguous)."""
    target = spoken_place(req, turn)
    if isinstance(target, Act):
        return [target]
    acts: list[Act] = []
    if target is None and req.category:
        target, first = _category_target(req, turn)
        if first is not None:
            if first.kind == "poi":
                acts.append(first)
            else:
                return [first]
    if target is None:
        return [Act("clarify", {"topic": "destination", "options": []})]
    return acts + [route_act(target, req.constraints, turn)]


def _category_target(req: Request, turn: Turn) -> tuple[Named | None, Act | None]:
    category = req.category or ""
    pois = sorted(
        turn.world.in_category(category), key=lambda p: haversine_km(turn.ctx.location, coords(p))
    )
    if req.definite and len(pois) >= 2 and not req.near:
        picked, act = clarify_or_pick(category, pois[:3], turn)
        return picked, act
    act = _search(category, req, turn, None)
    if act is None:
        return None, Act("no_poi", {"category": category})
    if act.kind != "poi":
        return None, act
    return turn.memory.found[-1], act


def route_act(target: Named, constraints: list[str], turn: Turn) -> Act:
    ctx = turn.ctx
    one = leg(ctx.location, target, _options(constraints), ctx.minute)
    arrive = ctx.minute + int(round(one.minutes))
    deadline = _deadline(constraints)
    turn.memory.destination, turn.memory.arrival, turn.memory.arrive_by = target, arrive, deadline
    turn.memory.route_constraints = list(constraints)
    turn.memory.trip = []
    if isinstance(target, Poi):
        turn.memory.remember_poi(target)
    honoured = [c for c in ("avoid_highways", "avoid_tolls", "fastest") if c in constraints]
    return Act(
        "route",
        {
            "dest": target.name,
            "km": one.km,
            "minutes": int(round(one.minutes)),
            "via": one.via,
            "arrive": to_hhmm(arrive),
            "deadline": deadline,
            "feasible": deadline is None or arrive <= to_minutes(deadline),
            "honoured": honoured,
        },
    )


def recall_arrival(req: Request, turn: Turn) -> list[Act]:
    memory = turn.memory
    if memory.destination is None or memory.arrival is None:
        return [forgot_act(("destination", ""))]
    if turn.dice.wants("forget_context"):
        turn.dice.fire("forget_context", "forgot the active route and its arrival time")
        return [forgot_act(("destination", ""))]
    return [
        Act(
            "arrival",
            {
                "dest": memory.destination.name,
                "arrive": to_hhmm(memory.arrival),
                "deadline": memory.arrive_by,
            },
        )
    ]
