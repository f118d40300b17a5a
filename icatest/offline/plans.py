"""Plans in free text: "Coffee at the campus, then the stadium, then the airport". When a
driver's utterance lists stops in order and no request carries them as structured stops (a
log or a `judge turns` line), a reply that leaves a stop out is a poor plan."""

from __future__ import annotations

import re

from icatest.offline.requests import PLACE_KINDS, RequestKind, place_kind, request_kind
from icatest.offline.text import content_stems, names, stem

THEN = re.compile(r"\b(?:and )?then\b|\bafter that\b|\bfollowed by\b|\bbefore (?:heading|going)\b",
                  re.I)
FILLER = frozenset(
    stem(w)
    for w in """first finally stop stops hit grab visit pick map plan route trip quick quickly
    just go head drive way straight nav navigation schnell fast asap possible feasible still
    make sure""".split()
)


def stops_in(utterance: str) -> list[str]:
    """The stops of a free-text plan, in order ([] when the utterance is not a plan)."""
    if request_kind(utterance) is not RequestKind.PLAN:
        return []
    parts = [p.strip(" ,.;:!?-—") for p in THEN.split(utterance)]
    stops = [p for p in parts if content_stems(p) - FILLER]
    return stops if len(stops) >= 2 else []


def _covers(reply: str, stop: str) -> bool:
    low = reply.lower()
    if (content_stems(stop) - FILLER) & content_stems(reply):
        return True
    if any(n in low for n in names(stop)):
        return True
    kind = place_kind(stop)
    if kind is None:
        return False
    return any(w in low for w in (kind, *PLACE_KINDS.get(kind, ())))


def plan_gap(utterance: str, reply: str) -> str | None:
    """Which stops of the utterance's plan the reply leaves out, or None."""
    missing = [s for s in stops_in(utterance) if not _covers(reply, s)]
    return f"plan leaves out: {'; '.join(missing)}" if missing else None
