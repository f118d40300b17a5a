"""Deterministic understanding: an utterance becomes a list of requests (keyword and regex rules).

Resolution of references ("that cafe", "same destination") and of ambiguity is left to the
dialogue layer, which owns the memory; this module only reads the words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from icatest.sut.reference import intents
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

__all__ = ["Parsed", "Request", "StopRef", "parse", "parse_clause", "parse_utterance"]


@dataclass
class Parsed:
    """The requests of one utterance, and the clauses that looked like requests but were not
    understood (chit-chat such as 'Thanks!' is neither)."""

    requests: list[Request] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)


def parse(text: str, world: World) -> list[Request]:
    """All requests in one utterance, in the order spoken."""
    return parse_utterance(text, world).requests


def parse_utterance(text: str, world: World) -> Parsed:
    if has_hangul(text):
        text = korean_to_english(text, world)
    out = Parsed()
    carry = ""  # 'For the Munich Airport, also avoid tolls': the subject joins the next part
    for clause in split_clauses(text):
        for part in _split_on_and(clause, world):
            part = f"{carry}: {part}" if carry else part
            carry = ""
            req = parse_clause(part, world)
            bare = req is not None and req.intent == "refine" and not _has_subject(req)
            if _subject_only(part, req):
                carry = part
            elif req is not None and not (bare and out.requests):
                out.requests.append(req)
            elif out.requests and (extra := constraints_of(part, world)[0]):
                _merge_constraints(out.requests[-1], extra)
            elif req is None and world.find_names(part):
                carry = part
            elif req is None and intents.is_request_like(part):
                out.missed.append(part)
    if carry:
        out.missed.append(carry)
    return out


def _subject_only(part: str, req: Request | None) -> bool:
    """'For the cafe' / 'About the airport': the topic of constraints that follow."""
    return bool(re.match(r"\s*(?:for|about|regarding)\s+the\b", part, re.IGNORECASE)) and (
        req is None or not req.constraints
    )


def _has_subject(req: Request) -> bool:
    return bool(req.named or req.category or req.near or req.along_to or req.ref)


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
    for classify in (
        _unsafe,
        intents.register,
        intents.cancel,
        _multi_stop,
        intents.unsupported,
        intents.info,
        _vehicle,
        intents.refine,
        _navigate_or_find,
        intents.vague,
    ):
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
        req.definite = (
            bool(re.search(rf"\b(?:the|to)\s+(?:\w+\s+)?{word}s?\b", norm))
            and not re.search(rf"\bto\s+(?:a|an|some|any)\s+(?:\w+\s+)?{word}", norm)
            and not req.nearest
        )
    nav_text = re.sub(r"on\s+the\s+way\s+to|along\s+the\s+route\s+to", " ", norm)
    if re.search(lx.NAV_VERBS, nav_text) and (req.named or req.ref or category or req.along_to):
        if not req.named and req.along_to is not None and not category:
            req.named = [req.along_to]
            req.along_to = None
        req.intent = "navigate"
        return True
    if category or ((req.ref or req.named) and re.search(lx.FIND_VERBS, norm)):
        req.intent = "find_poi"
        return True
    if req.ref and req.ref[0] == "destination":
        req.intent = "navigate"
        return True
    if re.search(r"battery|low\s+on\s+charge|\brange\b", norm):
        req.intent, req.category = "find_poi", "charging_station"
        return True
    return False
