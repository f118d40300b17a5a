"""Deterministic understanding: an utterance becomes a list of requests (keyword and regex rules).

Resolution of references ("that cafe", "same destination") and of ambiguity is left to the
dialogue layer, which owns the memory; this module only reads the words.
"""

from __future__ import annotations

import re

from icatest.sut.reference import lexicon as lx
from icatest.sut.reference.slots import (
    Request,
    StopRef,
    category_of,
    constraints_of,
    has_hangul,
    korean_to_english,
    reference_of,
)
from icatest.sut.reference.vehicle_nlu import vehicle_action
from icatest.sut.reference.world import World, normalize

__all__ = ["Request", "StopRef", "parse", "parse_clause", "split_clauses"]


def parse(text: str, world: World) -> list[Request]:
    """All requests in one utterance, in the order spoken."""
    if has_hangul(text):
        text = korean_to_english(text, world)
    requests: list[Request] = []
    for clause in split_clauses(text):
        parts = _split_on_and(clause, world)
        for part in parts:
            req = parse_clause(part, world)
            if req is not None:
                requests.append(req)
            elif requests and (extra := constraints_of(part, world)[0]):
                _merge_constraints(requests[-1], extra)
    return requests


def split_clauses(text: str) -> list[str]:
    """Sentences and 'and also' / 'Also,' joined requests."""
    pieces = re.split(
        r"(?<=[.!?])\s+|;\s*|\band\s+also\b|(?:^|,)\s*also,?\s+|\bplus,?\s+",
        text,
        flags=re.IGNORECASE,
    )
    return [p.strip(" ,.") for p in pieces if p and p.strip(" ,.")]


def _split_on_and(clause: str, world: World) -> list[str]:
    """'Take me home and open the sunroof' is two requests; 'parking and outdoor seating' is not."""
    if is_multi_stop(normalize(clause)):
        return [clause]
    parts = re.split(r",?\s+and\s+(?:then\s+)?", clause)
    if len(parts) < 2:
        return [clause]
    parsed = [parse_clause(p, world) for p in parts]
    if all(p is not None for p in parsed):
        return parts
    return [clause]


def _merge_constraints(req: Request, extra: list[str]) -> None:
    for c in extra:
        if c not in req.constraints:
            req.constraints.append(c)


def is_multi_stop(norm: str) -> bool:
    return bool(
        re.search(
            r"plan\s+(?:a|my|the)\s+(?:trip|route|day|tour|afternoon|drive)|\bfirst\b.*\bthen\b"
            r"|\bwith\s+stops?\b|\bthen\b.*\bfinally\b|\bpick\s+up\b.*\bthen\b",
            norm,
        )
    )


def parse_clause(text: str, world: World) -> Request | None:
    """One clause -> one request, or None when it asks for nothing (e.g. 'thanks')."""
    norm = normalize(text)
    constraints, near, along = constraints_of(text, world)
    req = Request(intent="", text=text, constraints=constraints, near=near, along_to=along)
    req.named = [
        item for _, item in world.find_names(text) if item is not near and item is not along
    ]
    req.ref = reference_of(text)
    for classify in (_unsafe, _multi_stop, _info, _vehicle, _navigate_or_find):
        if classify(req, norm, world):
            return req
    return None


def _unsafe(req: Request, norm: str, world: World) -> bool:
    for pattern, action in lx.UNSAFE_PATTERNS:
        if re.search(pattern, norm):
            req.intent, req.action = "unsafe", action
            return True
    return False


def _multi_stop(req: Request, norm: str, world: World) -> bool:
    if re.search(
        r"\badd\b.*\b(?:as\s+a\s+)?stop\b|\bstop\s+at\s+(?:that|the)\b|\bon\s+the\s+way\s+stop\b",
        norm,
    ):
        req.intent = "add_stop"
        return True
    if not is_multi_stop(norm):
        return False
    req.intent = "multi_stop"
    body = re.split(r":|plan\s+(?:a|my|the)\s+\w+", req.text, maxsplit=1, flags=re.IGNORECASE)[-1]
    for seg in re.split(
        r",|\bthen\b|\bfirst\b|\bfinally\b|\band\b|\bafter\s+that\b|\bnext\b",
        body,
        flags=re.IGNORECASE,
    ):
        stop = _stop_of(seg, world)
        if stop is not None:
            req.stops.append(stop)
    return True


def _stop_of(segment: str, world: World) -> StopRef | None:
    names = world.find_names(segment)
    if names:
        return StopRef(named=names[0][1])
    if ref := reference_of(segment):
        return StopRef(ref=ref)
    category, _ = category_of(segment, world)
    return StopRef(category=category) if category else None


def _info(req: Request, norm: str, world: World) -> bool:
    if re.search(
        r"arrival\s+time|when\s+(?:will|do|would|did)\s+(?:i|we)\s+(?:arrive|get\s+there|be\s+there)"
        r"|\beta\b|what\s+time\s+(?:will|do)\s+(?:i|we)\s+arrive",
        norm,
    ):
        req.intent = "recall_arrival"
    elif re.search(
        r"\bweather\b|forecast|will\s+it\s+(?:rain|snow)|how\s+(?:cold|warm|hot)\s+(?:is|will)",
        norm,
    ):
        req.intent = "weather"
        req.value = "tomorrow" if "tomorrow" in norm else "today"
    elif re.search(r"\btraffic\b|congest|\bjams?\b|\bstau\b", norm):
        req.intent = "traffic"
        m = re.search(r"\b(a\s?\d{1,3}|mittlerer\s+ring|altstadtring)\b", norm)
        req.value = (
            m.group(1).replace(" ", "").upper()
            if m and m.group(1)[0] == "a"
            else (m.group(1).title() if m else None)
        )
    elif re.search(
        r"when\s+does\s+.*\b(?:close|open)\b|opening\s+hours|what\s+time\s+does\s+.*\b(?:close|open)"
        r"|how\s+long\s+is\s+.*\bopen\b",
        norm,
    ) or (re.search(r"^is\s+.+\s+open\b", norm) and not category_of(req.text, world)[0]):
        req.intent = "hours"
    else:
        return False
    return True


def _vehicle(req: Request, norm: str, world: World) -> bool:
    found = vehicle_action(norm)
    if found is None:
        return False
    req.intent, (req.action, req.value) = "vehicle", found
    return True


def _navigate_or_find(req: Request, norm: str, world: World) -> bool:
    category, _ = category_of(req.text, world)
    req.category = category
    req.nearest = bool(re.search(r"\bnearest\b|\bclosest\b", norm))
    if category:
        word = lx.CATEGORY_WORD[category].split()[-1]
        req.definite = bool(re.search(rf"\bthe\s+(?:\w+\s+)?{word}s?\b", norm)) and not req.nearest
    nav_text = re.sub(r"on\s+the\s+way\s+to|along\s+the\s+route\s+to", " ", norm)
    if re.search(lx.NAV_VERBS, nav_text) and (req.named or req.ref or category or req.along_to):
        if not req.named and req.along_to is not None and not category:
            req.named = [req.along_to]
            req.along_to = None
        req.intent = "navigate"
        return True
    if category or (req.ref and re.search(lx.FIND_VERBS, norm)):
        req.intent = "find_poi"
        return True
    if req.ref and req.ref[0] == "destination":
        req.intent = "navigate"
        return True
    if re.search(r"battery|low\s+on\s+charge|\brange\b", norm):
        req.intent, req.category = "find_poi", "charging_station"
        return True
    return False
