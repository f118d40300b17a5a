"""A driver who makes sense: named rules an offline driver utterance must keep.

The offline simulator assembles utterances from templates, goals and probes; put together
carelessly they say things no driver says. Each rule reads the utterance as text, with the
conversation's clock and the driver's earlier words, and names what is wrong:

* `constraint_fits_goal` (C1): a condition is attached to a goal it can belong to ("For the
  parking garage, also with vegetarian options" is not).
* `one_deadline` (C2): one deadline per goal in a turn (not "by 8:30pm" and "by 12pm" for one
  goal, or in a sentence that names no goal).
* `times_fit_clock` (C3): no deadline at or before the conversation's clock time, and no errands
  to places that are shut at night (a bakery at 22:50).
* `forget_named_goal` (C4): "forget about X" only of an X the driver has named.

English utterances only (a Korean one is never flagged: the rules read English phrasing).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from icatest.contracts.records import Target
from icatest.judges.rules.constraints import DEADLINE
from icatest.judges.rules.families import FAMILIES
from icatest.judges.rules.text import any_match, clock, content_stems, minutes_of, sentences


class Rule(StrEnum):
    CONSTRAINT_FITS_GOAL = "constraint_fits_goal"
    ONE_DEADLINE = "one_deadline"
    TIMES_FIT_CLOCK = "times_fit_clock"
    FORGET_NAMED_GOAL = "forget_named_goal"


@dataclass(frozen=True)
class Incoherence:
    rule: Rule
    detail: str


# what a goal is about, from the words that name it (first match wins, longest words first)
SUBJECT_KINDS: tuple[tuple[str, str], ...] = (
    ("parking", r"\b(parking garage|car park|parking)\b"),
    ("charging", r"\b(charg\w*|charger)\b"),
    ("food", r"\b(restaurant|cafe|café|coffee|bakery|bistro|diner|pizza\w*|burger|lunch|dinner|"
             r"breakfast)\b"),
    ("lodging", r"\bhotel\b"),
    ("setting", r"\b(music|jazz|radio|temperature|seat heating|heating|window|sunroof|climate|"
                r"door|headlights?|lane keeping|video)\b"),
    ("info", r"\b(weather|traffic|rain)\b"),
    ("route", r"\b(route|trip|plan|destination|airport|arena|stadium)\b"),
    ("place", r"\b(pharmacy|supermarket|museum|park|gas station|station|market|post office)\b"),
)
PLACES = {"food", "lodging", "place", "parking", "charging"}
ROUTED = {"route", "charging"}
FITS: dict[str, set[str]] = {  # condition -> the goals it can belong to
    "vegetarian": {"food"},
    "outdoor_seating": {"food"},
    "kid_friendly": {"food", "lodging", "place"},
    "cheap": PLACES | {"route"},
    "parking": {"food", "lodging", "place", "charging", "route"},
    "open_now": set(PLACES),
    "highly_rated": PLACES - {"parking"},
    "fast_charger": {"charging"},
    "ev_charging": {"charging", "lodging", "parking"},
    "avoid_tolls": set(ROUTED),
    "avoid_highways": set(ROUTED),
    "fastest": set(ROUTED),
    "no_detour": PLACES | {"route"},
    "along_route": set(PLACES),
    "deadline": {"route", "food", "place", "charging"},
}
# families a sentence names only as part of its goal, never as an extra condition
_NOT_CONDITIONS = {"ev_charging", "brief", "free_spot", "same_route"}
_ABOUT = re.compile(r"\b(?:for|about)\s+(?P<s>the [^,:.;!?]+?|that place|that)\s*[,:]", re.I)
_CONDITION_START = r"\b(?:with|that|which|avoid\w*|and|no|without|i need|on the way)\b|,"
_REQUEST = re.compile(r"\b(?:find|take me to|navigate to|route to|plan|set|play)\b", re.I)
# shops, sights and parks are shut (or pointless) at night: errands there make no sense. Only
# a place asked for by its kind ('a bakery', 'the museum'); a named one is a destination
DAYTIME_ONLY = re.compile(r"\b(bakery|supermarket|museum|market|post office|park)\b(?! garage)")
NIGHT_FROM, NIGHT_UNTIL = 21 * 60, 6 * 60


def at_night(now: int) -> bool:
    return now >= NIGHT_FROM or now < NIGHT_UNTIL


def night_errand(text: str, now_hhmm: str) -> str | None:
    """The daytime-only kind of place `text` asks for when it is night at `now_hhmm`."""
    now = clock(now_hhmm)
    errand = DAYTIME_ONLY.search(text)
    return errand.group(1) if errand and now is not None and at_night(now) else None
_FORGET = re.compile(r"\b(?:forget|never ?mind|skip)(?: about)?\s+(?P<x>[^,.;!?]+)", re.I)


TARGET_KINDS = {"navigate": "route", "multi_stop": "route", "charge": "charging",
                "vehicle": "setting", "info": "info"}


def target_kind(target: Target) -> str | None:
    """The kind of goal a target is, in the rules' terms (None: any condition may fit it)."""
    if target.kind in TARGET_KINDS:
        return TARGET_KINDS[target.kind]
    if target.kind == "find_poi":
        named = target.slots.get("category") or target.slots.get("name") or ""
        return subject_kind(named) or "place"
    return None


def fits(constraint: str, target: Target) -> bool:
    """Whether a driver could attach `constraint` to `target` (C1, on the structured goal)."""
    kind = target_kind(target)
    name = "deadline" if constraint.startswith("arrive_by:") else constraint.partition(":")[0]
    if kind is None or name not in FITS:
        return True
    return kind in FITS[name]


def subject_kind(text: str) -> str | None:
    for kind, pattern in SUBJECT_KINDS:
        if re.search(pattern, text, re.I):
            return kind
    return None


def _subject(sentence: str) -> tuple[str | None, str]:
    """The kind of goal the sentence is about, and the sentence without the words naming it."""
    kind: str | None
    about = _ABOUT.search(sentence)
    if about:
        rest = sentence[: about.start()] + " " + sentence[about.end() :]
        kind = subject_kind(about.group("s"))
        if kind is None and re.search(r"\b[A-Z]\w+", about.group("s")):
            kind = "route"  # a destination named by its name
        return kind, rest
    request = _REQUEST.search(sentence)
    if not request:
        return None, sentence
    head = sentence[request.start() :]
    named = re.split(_CONDITION_START, head)[0]
    verb = request.group(0).lower()
    if verb in ("plan", "take me to", "navigate to", "route to"):
        kind = "route"  # a trip or a route, whatever its stops are
    elif verb in ("set", "play"):
        kind = "setting"
    else:
        kind = subject_kind(named)
    return kind, sentence.replace(named, " ", 1)


# a persona's "Quick," or "Hurry up" is impatience, not a wish for the fastest route
_FASTEST = (r"\b(fastest|quickest|least traffic|shortest time)\b",)


def conditions(text: str) -> list[str]:
    """Condition names said in `text` (constraint families' driver phrasings, deadlines)."""
    found = [
        n
        for n, f in FAMILIES.items()
        if n not in _NOT_CONDITIONS and any_match(_FASTEST if n == "fastest" else f.asks, text)
    ]
    if DEADLINE.search(text):
        found.append("deadline")
    return found


_STOPS = re.compile(r"\bfirst\b.*?\bfinally\b[^,.;!?]*", re.I)  # a trip's stops name places


def _fits(sentence: str) -> list[Incoherence]:
    kind, rest = _subject(_STOPS.sub(" stops ", sentence))
    if kind is None:
        return []
    return [
        Incoherence(Rule.CONSTRAINT_FITS_GOAL, f"{c} attached to a {kind} goal: {sentence!r}")
        for c in conditions(rest)
        if kind not in FITS.get(c, set())
    ]


def _deadlines(text: str) -> list[int]:
    out = []
    for m in DEADLINE.finditer(text):
        times = minutes_of(m.group("t"))
        if times:
            out.append(times[0])
    return out


def _one_deadline(parts: Sequence[str]) -> list[Incoherence]:
    """Two deadlines for one goal: in one sentence, or in sentences about the same goal."""
    seen: dict[str, int] = {}
    out = []
    for sentence in parts:
        times = sorted(set(_deadlines(sentence)))
        if len(times) > 1:
            out.append(Incoherence(Rule.ONE_DEADLINE, f"two deadlines in {sentence!r}"))
            continue
        if not times:
            continue
        about = _ABOUT.search(sentence)
        goal = about.group("s").lower() if about else "?"
        if goal in seen and seen[goal] != times[0] or (goal == "?" and seen and times[0]
                                                          not in seen.values()):
            out.append(Incoherence(Rule.ONE_DEADLINE, f"a second deadline in {sentence!r}"))
        seen[goal] = times[0]
    return out


def _times(utterance: str, now_hhmm: str) -> list[Incoherence]:
    now = clock(now_hhmm)
    if now is None:
        return []
    out = []
    for t in _deadlines(utterance):
        if t <= now:
            out.append(Incoherence(
                Rule.TIMES_FIT_CLOCK, f"deadline {t // 60:02d}:{t % 60:02d} is not after {now_hhmm}"
            ))
    errand = night_errand(utterance, now_hhmm)
    if errand:
        out.append(Incoherence(Rule.TIMES_FIT_CLOCK, f"errand to a {errand} at {now_hhmm}"))
    return out


def named_before(phrase: str, earlier: Sequence[str]) -> bool:
    """Whether the driver's earlier words name what `phrase` names (a content word in common;
    a phrase with no content word, 'that one', needs no name)."""
    named = content_stems(phrase)
    said: set[str] = set()
    for text in earlier:
        said |= content_stems(text)
    return not named or bool(named & said)


def _forget(utterance: str, earlier: Sequence[str]) -> list[Incoherence]:
    out = []
    for m in _FORGET.finditer(utterance):
        if not named_before(m.group("x"), earlier):
            out.append(Incoherence(Rule.FORGET_NAMED_GOAL, f"{m.group(0)!r}: never named before"))
    return out


def incoherences(
    utterance: str, *, clock_time: str, earlier: Sequence[str] = (), language: str = "en"
) -> list[Incoherence]:
    """Everything that makes no sense in one driver utterance (empty: coherent). `earlier` are
    the driver's previous utterances in the conversation."""
    if language != "en":
        return []
    parts = sentences(utterance)
    out = [i for s in parts for i in _fits(s)]
    out += _one_deadline(parts)
    out += _times(utterance, clock_time)
    out += _forget(utterance, earlier)
    return out
