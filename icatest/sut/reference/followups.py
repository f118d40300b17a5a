"""Handlers for follow-ups and the edges of the job: more constraints on an earlier request,
dropping a request, vague asks, and requests no in-car assistant of this kind serves."""

from __future__ import annotations

import re
from dataclasses import replace

from icatest.sut.reference import navigation, planning
from icatest.sut.reference.lexicon import CATEGORY_WORD, ROUTE_CONSTRAINTS
from icatest.sut.reference.resolve import Turn
from icatest.sut.reference.slots import Request
from icatest.sut.reference.state import Act, Named, Search
from icatest.sut.reference.world import Place, Poi, normalize


def _routing(constraints: list[str]) -> bool:
    return any(c in ROUTE_CONSTRAINTS or c.startswith("arrive_by:") for c in constraints)


def _merged(old: list[str], new: list[str]) -> list[str]:
    """Earlier constraints plus the new ones; a new deadline replaces the old one."""
    if any(c.startswith("arrive_by:") for c in new):
        old = [c for c in old if not c.startswith("arrive_by:")]
    return list(dict.fromkeys([*old, *new]))


def refine(req: Request, turn: Turn) -> list[Act]:
    """Apply constraints to the earlier request they are about: a route or a search."""
    memory = turn.memory
    item: Named | None = req.named[0] if req.named else (req.near or req.along_to)
    search = _search_about(req, item, memory.searches)
    if search is not None and not (_routing(req.constraints) and _is_destination(item, turn)):
        again = Request(
            intent="find_poi",
            text=req.text,
            constraints=_merged(search.constraints, req.constraints),
            near=search.near,
            along_to=search.along_to,
            category=search.category,
        )
        return navigation.find_poi(again, turn)
    if req.category:  # constraints on a search not made yet: make it
        return navigation.find_poi(replace(req, intent="find_poi"), turn)
    routed = isinstance(item, Place) or _routing(req.constraints) or _is_destination(item, turn)
    target = item if routed else None
    if target is None and item is None and _routing(req.constraints):
        target = memory.destination
    if target is not None and memory.trip and _is_destination(target, turn):
        merged = _merged(memory.route_constraints, req.constraints)
        return [planning.trip_act(memory.trip, merged, turn)]  # re-plan the whole trip
    if target is not None:
        old = memory.route_constraints if _is_destination(target, turn) else []
        return [navigation.route_act(target, _merged(old, req.constraints), turn)]
    if isinstance(item, Poi):
        return navigation.find_poi(
            Request(
                intent="find_poi",
                text=req.text,
                constraints=req.constraints,
                category=item.category,
                near=item,
            ),
            turn,
        )
    return [Act("clarify", {"topic": "refine", "options": []})]


def _is_destination(item: Named | None, turn: Turn) -> bool:
    dest = turn.memory.destination
    return item is not None and dest is not None and dest.id == item.id


def _search_about(req: Request, item: Named | None, searches: dict[str, Search]) -> Search | None:
    """The earlier search these constraints refine: same category, or searched near/along the
    named place; with nothing named, the latest search (for feature constraints)."""
    if req.category:
        return searches.get(req.category)
    for search in reversed(list(searches.values())):
        anchors = [a for a in (search.near, search.along_to) if a is not None]
        if item is not None and any(a.id == item.id for a in anchors):
            return search
    if item is None and searches and not _routing(req.constraints):
        return list(searches.values())[-1]
    return None


def cancel(req: Request, turn: Turn) -> list[Act]:
    """Drop what the driver no longer wants: the active route, a search, the music."""
    memory = turn.memory
    item = req.named[0] if req.named else None
    what = _spoken_subject(req)
    if item is not None and _is_destination(item, turn) or re.search(r"\broute\b", req.text, re.I):
        if memory.destination is not None:
            name = memory.destination.name
            memory.destination, memory.arrival, memory.arrive_by = None, None, None
            memory.route_constraints = []
            return [Act("cancelled", {"what": name, "route": True})]
    if req.category:
        memory.searches.pop(req.category, None)
        what = "the " + CATEGORY_WORD.get(req.category, req.category)
    elif item is not None:
        what = item.name
    elif what:
        what = f"the {what}"
    if re.search(r"\bmusic\b|\bradio\b|\bsong\b", normalize(req.text)):
        memory.vehicle.music = None
    return [Act("cancelled", {"what": what, "route": False})]


def _spoken_subject(req: Request) -> str:
    m = re.search(
        r"(?:forget|never\s*mind|cancel|drop|skip)\s+(?:about\s+)?(?:the\s+|my\s+)?(.*)$",
        req.text,
        flags=re.IGNORECASE,
    )
    subject = (m.group(1) if m else "").strip(" .,!?")
    return "" if subject.lower() in ("", "that", "that one", "it", "this", "this one") else subject


def vague(req: Request, turn: Turn) -> list[Act]:
    return [Act("clarify", {"topic": "kind", "options": []})]


def unsupported(req: Request, turn: Turn) -> list[Act]:
    return [Act("unsupported", {"what": req.value or "do that"})]


def keep_register(req: Request, turn: Turn) -> list[Act]:
    return [Act("keep_register")]
