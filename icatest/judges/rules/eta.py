"""The arrival asked about after a destination was set: "day lot 4 set as the destination"
on an earlier turn, "what's our eta" now, and the reply times the trip to another named place
("eta at whistler creekside 09:05"): the destination the driver gave is forgotten."""

from __future__ import annotations

import re

from icatest.judges.rules.established import forgot
from icatest.judges.rules.text import STOP, content_stems, names
from icatest.judges.rules.turn import TurnInput
from icatest.judges.rules.turn_rules import Judging

# the destination as the assistant confirmed it ("day lot 4 set as the destination", "route
# set to the Grand Hotel", "navigating to Lindau harbour")
SET_TO = re.compile(
    r"(?P<a>[\w'’ -]{3,40}?) (?:is )?(?:now )?set as (?:the |your )?destination"
    r"|\b(?:destination set to|route (?:set|started) to|navigating to|heading to) "
    r"(?P<b>[\w'’ -]{3,40}?)(?=[,.;:!]|\s+\d|$)", re.I)
# the driver asks when or how far, naming no place
ETA_ASKED = re.compile(r"\b(eta|how (much )?(long|far|longer)|when (do|will|'?ll|are) we "
                       r"(get|arrive|be)|time (of|to) arrival|arrival time)\b", re.I)
# the reply's trip to a place: "eta at X 09:05", "X in 25 min", "to X: 52 km"
TIMED_TO = re.compile(r"\b(?:eta|arriv\w*|get(?:ting)? (?:in|there)|reach\w*) (?:at|to|in|into) "
                      r"(?:the )?(?P<x>[a-z][\w'’-]*(?: [a-z][\w'’-]*){0,3}?)"
                      r"(?=\s*(?:[,.;:]|\d|at\b|in\b|by\b))", re.I)
PLACE_WORDS = frozenset("the a an our your my to at in destination".split())


def _keys(phrase: str) -> set[str]:
    return {w for w in content_stems(phrase) if w not in STOP and not w.isdigit()}


def eta_elsewhere(turn: TurnInput) -> str | None:
    """The destination set, the trip timed now to another place: what the reply says."""
    if not turn.history_replies or not ETA_ASKED.search(turn.user) or names(turn.user):
        return None
    if "?" in turn.reply:
        return None
    set_to = [m.group("a") or m.group("b") for r in turn.history_replies
              for m in SET_TO.finditer(r)]
    if not set_to:
        return None
    dest = set_to[-1].strip()
    keys = _keys(dest) - PLACE_WORDS
    timed = TIMED_TO.search(turn.reply)
    if not keys or not timed:
        return None
    to = timed.group("x")
    if keys & _keys(turn.reply) or not (_keys(to) - PLACE_WORDS):
        return None
    return f"the destination set is {dest!r}, the reply times the trip to {to!r}"


def eta_to_another(turn: TurnInput, j: Judging) -> Judging:
    return forgot(turn, j, "eta_elsewhere", eta_elsewhere(turn))
