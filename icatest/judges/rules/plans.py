"""Plans. Structured stops (a target's `stops` slot): every stop named in the reply, in the
order asked, when the utterance asks for the plan. Plans in free text: "Coffee at the campus,
then the stadium, then the airport": when a driver's utterance lists stops in order and no
request carries them as structured stops (a log or a `judge turns` line), a reply that leaves a
stop out is a poor plan."""

from __future__ import annotations

import re

from icatest.judges.rules.context import mentions
from icatest.judges.rules.requests import PLACE_KINDS, RequestKind, place_kind, request_kind
from icatest.judges.rules.text import any_match, content_stems, minutes_of, names, stem
from icatest.judges.rules.turn import Request
from icatest.judges.rules.verdicts import Cause

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
    parts = [p.strip(" ,.;:!?-—") for p in THEN.split(utterance)]
    stops = [p for p in parts if content_stems(p) - FILLER]
    if len(stops) < 2:
        return []
    if request_kind(utterance) is RequestKind.PLAN or all(_place(s) for s in stops):
        return stops  # a plan in words, or a 'then' between places whatever the verbs
    return []


# Errands and destinations a plan names without a kind of place or a name.
ERRANDS = re.compile(
    r"\b(home|work|office|school|bank|post office|gym|dry cleaning|cleaners|airport|station|"
    r"pharmacy|kindergarten|daycare|hospital|doctor|parcel|fuel|gas|groceries)\b", re.I
)


def _place(part: str) -> bool:
    return bool(names(part) or place_kind(part) or ERRANDS.search(part))


def _covers(reply: str, stop: str) -> bool:
    low = reply.lower()
    errand = ERRANDS.search(stop)
    if errand and errand.group(0).lower() in low:  # 'bank' in 'Pfandbriefbank'
        return True
    if (content_stems(stop) - FILLER) & content_stems(reply):
        return True
    if any(n in low for n in names(stop)):
        return True
    kind = place_kind(stop)
    if kind is None:
        return False
    return any(w in low for w in (kind, *PLACE_KINDS.get(kind, ())))


def plan_gap(utterance: str, reply: str, now: int | None = None) -> tuple[Cause, str] | None:
    """What is wrong with the reply's plan for the utterance's stops: a stop left out, the
    stops in another order, or clock times that cannot be (earlier than now, or going back)."""
    stops = stops_in(utterance)
    missing = [s for s in stops if not _covers(reply, s)]
    if missing:
        return Cause.DROPPED_STOP, f"plan leaves out: {'; '.join(missing)}"
    if not stops:
        return None
    where = [_position(reply, s) for s in stops]
    known = [w for w in where if w >= 0]
    if len(known) == len(stops) and known != sorted(known):
        return Cause.REORDERED, "plan visits the stops in another order than asked"
    return infeasible_times(reply, now)


def infeasible_times(reply: str, now: int | None) -> tuple[Cause, str] | None:
    """The clock times of a plan, in the order the reply gives them: one earlier than the
    clock now, or one earlier than the time before it (within the same half day)."""
    times = minutes_of(reply)
    if now is not None:
        past = [t for t in times if 0 < now - t < 6 * 60]
        if past:
            return Cause.INFEASIBLE, f"plan has a time ({_hhmm(past[0])}) before now ({_hhmm(now)})"
    for a, b in zip(times, times[1:], strict=False):
        if 0 < a - b < 6 * 60:
            return Cause.INFEASIBLE, f"plan goes back in time ({_hhmm(a)} then {_hhmm(b)})"
    return None


def _hhmm(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"


def _position(reply: str, stop: str) -> int:
    """Where the reply first speaks of the stop (its own words, a name, its kind), or -1."""
    low = reply.lower()
    spots = [low.find(n) for n in names(stop)]
    own = content_stems(stop) - FILLER
    for w in re.finditer(r"[\w'’-]+", low):
        if stem(w.group(0)) in own:
            spots.append(w.start())
            break
    kind = place_kind(stop)
    if kind:
        spots += [low.find(w) for w in (kind, *PLACE_KINDS.get(kind, ()))]
    found = [p for p in spots if p >= 0]
    return min(found) if found else -1


PLAN_WORDS = (r"\b(plan|trip|stops?|then|first|itinerary)\b",)


def asks_for_plan(req: Request, kind: RequestKind, user: str) -> bool:
    """The stops are held against the reply when the utterance asks for the plan: it names a
    stop or speaks of a plan, not when it only refines the destination ("About the Arena:
    avoid tolls")."""
    if kind is not RequestKind.PLAN:
        return False
    stops = _stops(req)
    return not stops or any_match(PLAN_WORDS, user.lower()) or any(mentions(user, s) for s in stops)


def plan_problem(req: Request, reply: str) -> tuple[Cause, str] | None:
    """What is wrong with the reply's plan for the request's structured stops: no stop at all,
    stops left out, or the order broken; None when it is right."""
    stops = _stops(req)
    if not stops:
        return None
    missing = [s for s in stops if not _names_stop(reply, s)]
    if len(missing) == len(stops) and not mentions(reply, req.slot("destination")):
        return Cause.NO_PLAN, "no stop planned"
    if missing:
        return Cause.DROPPED_STOP, f"plan leaves out {', '.join(missing)}"
    low = reply.lower()
    positions = [_first_word(low, s) for s in stops]
    if req.slot("destination"):  # the destination comes last: its last mention counts
        found = [m.start() for m in _word(req.slot("destination")).finditer(low)]
        positions.append(found[-1] if found else -1)
    known = [p for p in positions if p >= 0]
    if known != sorted(known):
        return Cause.REORDERED, "plan breaks the order the driver asked for"
    return None


def _stops(req: Request) -> list[str]:
    return [s.strip() for s in req.slot("stops").split(",") if s.strip()]


def _names_stop(reply: str, stop: str) -> bool:
    """A stop is in the plan when the reply names it, or all but one word of a longer name
    ("TUM main campus" for "TUM campus Garching")."""
    if mentions(reply, stop):
        return True
    stems = content_stems(stop)
    return len(stems) >= 3 and len(stems - content_stems(reply)) <= 1


def _word(phrase: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)" + re.escape(phrase.lower()) + r"(?!\w)")


def _first_word(low: str, phrase: str) -> int:
    m = _word(phrase).search(low)
    return m.start() if m else -1
