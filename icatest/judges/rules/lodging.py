"""Where the driver is staying, said on an earlier turn ("Our masseria is outside Cisternino",
"we're staying at the Harbour Inn in Clifden"), and a route back to it now ("head back to where
we're staying", "back to the hotel") that goes to a lodging named as another, with no word of
the one the driver gave (context_forgotten)."""

from __future__ import annotations

import re

from icatest.judges.rules.ambiguity import acts_on_one
from icatest.judges.rules.established import asked_again, forgot
from icatest.judges.rules.text import STOP
from icatest.judges.rules.turn import TurnInput
from icatest.judges.rules.turn_rules import Judging

# the words of a lodging; the driver's "our room" or "our place" is one too
_LODGINGS = (r"hotel|b&b|bnb|guesthouse|guest house|masseria|trullo|cottage|cabin|chalet|villa|"
             r"apartment|flat|airbnb|campsite|lodge|inn|farmhouse|agriturismo|hostel|pension|"
             r"ryokan|motel")
_KIND = rf"(?P<kind>{_LODGINGS}|room|rooms|place)"
_WHERE = r"(?P<where>[\w'’-]+(?: [\w'’-]+){0,2})"
# the lodging and where it is ("our masseria is outside Cisternino", "my hotel's in Ronda")
STAYING = re.compile(rf"\b(?:our|my) {_KIND}(?: is|'s|’s) (?:just )?(?:in|at|outside|near|by|"
                     rf"on|above|off) (?:the )?{_WHERE}"
                     # ... or where the driver stays or sleeps ("we're staying in Hawes", "we're
                     # sleeping at the guesthouse in Hawes")
                     rf"|\b(?:we'?re|we are|i'?m|i am) (?:staying|booked|sleeping) (?:in|at|into) "
                     rf"(?:the |a )?(?:(?:{_LODGINGS}) (?:in|at|by|near) )?"
                     + _WHERE.replace("?P<where>", "?P<where2>"), re.I)
# the way back to it asked for now
BACK_TO_IT = re.compile(r"\bwhere (?:we'?re|we are|i'?m|i am) staying\b"
                        r"|\bback to (?:our|my|the) (?:hotel|b&b|bnb|guesthouse|masseria|cottage|"
                        r"cabin|chalet|villa|apartment|flat|airbnb|campsite|lodge|inn|room|place)\b",
                        re.I)
# a lodging the reply goes to
LODGING = re.compile(rf"\b({_LODGINGS})\b", re.I)


WHEN = frozenset("tonight today tomorrow now this week weekend".split())


def _given(turn: TurnInput) -> tuple[str, str] | None:
    """The last lodging the driver said they stay at: (its kind, the words of where it is)."""
    found = None
    for said in turn.history_users:
        for m in STAYING.finditer(said):
            where = " ".join(w for w in (m.group("where") or m.group("where2") or "").split()
                             if w.lower() not in STOP and w.lower() not in WHEN)
            if where:
                found = ((m.group("kind") or "").lower(), where.lower())
    return found


def lodging_elsewhere(turn: TurnInput) -> str | None:
    """The route back goes to a lodging with neither the kind nor the place the driver gave."""
    given = _given(turn)
    if given is None or not BACK_TO_IT.search(turn.user) or "?" in turn.reply:
        return None
    kind, where = given
    low = turn.reply.lower()
    going = LODGING.search(turn.reply)
    if going is None or not acts_on_one(turn.reply) and "back to" not in low:
        return None
    if where.split()[0] in low or (kind and kind not in ("place", "room", "rooms") and kind in low):
        return None
    return (f"the driver stays at the {kind or 'place'} by {where!r}, the reply goes back to a "
            f"{going.group(0).lower()} elsewhere")


def lodging_given(turn: TurnInput, j: Judging) -> Judging:
    return forgot(turn, j, "lodging_given", lodging_elsewhere(turn))


# the reply asks where the driver stays ("what's the address of where you're staying?", "which
# place are you staying at?")
ASKS_WHERE = re.compile(r"\b(where|which (place|hotel|lodge|one|b&b|guesthouse)) (are )?you('?re)? "
                        r"(staying|sleeping|booked)\b|\baddress of (where you'?re staying|your "
                        r"(hotel|place|b&b|guesthouse|chalet|cottage|lodge))\b", re.I)


def lodging_asked_again(turn: TurnInput) -> str | None:
    """The driver said where they stay, and the reply asks it, giving nothing."""
    given = _given(turn)
    if given is None or not ASKS_WHERE.search(turn.reply) or given[1] in turn.reply.lower():
        return None  # ("the state game lodge, right?" is a check)
    return f"the driver stays at the {given[0] or 'place'} by {given[1]!r}, the reply asks where"


def lodging_asked(turn: TurnInput, j: Judging) -> Judging:
    return asked_again(turn, j, "lodging_asked", lodging_asked_again(turn))
