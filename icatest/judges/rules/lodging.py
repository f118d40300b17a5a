"""Where the driver is staying, said on an earlier turn ("Our masseria is outside Cisternino",
"we're staying at the Harbour Inn in Clifden"), and a route back to it now ("head back to where
we're staying", "back to the hotel") that goes to a lodging named as another, with no word of
the one the driver gave (context_forgotten)."""

from __future__ import annotations

import re

from icatest.judges.rules.ambiguity import acts_on_one
from icatest.judges.rules.established import asked_again, forgot
from icatest.judges.rules.text import STOP, durations
from icatest.judges.rules.turn import TurnInput
from icatest.judges.rules.turn_rules import Judging

# the words of a lodging; the driver's "our room" or "our place" is one too
_LODGINGS = (r"hotel|b&b|bnb|guesthouse|guest house|masseria|trullo|cottage|cabin|chalet|villa|"
             r"apartment|flat|airbnb|campsite|lodge|inn|farmhouse|agriturismo|hostel|pension|"
             r"ryokan|motel|auberge|gîte|gite|hanok|bunkhouse|refuge|rifugio|bothy|yurt|"
             r"숙소|펜션|한옥|민박|호텔")
_KIND = rf"(?P<kind>{_LODGINGS}|room|rooms|place)"
_WHERE = r"(?P<where>[\w'’-]+(?: [\w'’-]+){0,2})"
# the lodging and where it is ("our masseria is outside Cisternino", "my hotel's in Ronda")
STAYING = re.compile(rf"\b(?:our|my) {_KIND}(?: is|'s|’s) (?:just |the (?:\w+ )?one )?"
                     rf"(?:in|at|outside|near|by|on|above|off) (?:the )?(?:end of (?:the )?)?"
                     + _WHERE
                     # ... or the one chosen ("we went with the auberge in l'anse-au-griffon")
                     + r"|\bwe(?:'ve| have)? (?:went with|go with|chose|picked|booked|took) "
                     rf"(?:the |a )?(?P<kind3>{_LODGINGS}) (?:in|at|by|near) "
                     + _WHERE.replace("?P<where>", "?P<where3>")
                     # ... or is at it ("we're at the chalet in Wéris tonight", "we're in the red
                     # guesthouse by the beach in tjørnuvík")
                     + r"|\b(?:we'?re|we are|i'?m|i am) (?:at|in) (?:the|a|our) (?:[\w'’-]+ ){0,3}?"
                     rf"(?P<kind6>{_LODGINGS}) (?:[\w'’-]+ ){{0,4}}?(?:in|at|above|near|by) "
                     + _WHERE.replace("?P<where>", "?P<where6>")
                     # ... or where the driver stays or sleeps ("we're staying in Hawes", "we're
                     # sleeping at the guesthouse in Hawes")
                     + r"|\b(?:we'?re|we are|i'?m|i am|we|i) "
                     r"(?:staying|booked|sleeping|sleep|stay) (?:in|at|into) "
                     rf"(?:the |a )?(?:(?:{_LODGINGS}) (?:in|at|by|near) )?"
                     + _WHERE.replace("?P<where>", "?P<where2>")
                     # ... or in Korean ("오늘 숙소는 영주 선비촌 한옥이야")
                     + r"|숙소(?:는|가|은) (?P<where4>[가-힣]+?(?: [가-힣]+?){0,3}?) ?"
                     r"(?:이야|야|예요|이에요|입니다)"
                     # ... or where the driver sleeps ("삼사해상공원 바로 옆 펜션에서 자")
                     r"|(?P<where5>[가-힣]+(?: [가-힣]+){0,2}?) (?:펜션|호텔|민박|한옥|숙소)에서 "
                     r"(?:자|잘|묵|지내)", re.I)
# the one the driver gave up or ruled out ("cancel the one in coin-du-banc", "안동 아니고")
DROPPED = re.compile(r"\b(?:cancel|not|drop|forget) the (?:one|other one|"
                     rf"{_LODGINGS}) (?:in|at|by) (?P<where>[\w'’-]+)"
                     # ... or the place said after a "not" ("in Omodos, not Platres", "not back
                     # in plasencia")
                     r"|,? not (?:back )?(?:in |at )?(?P<where3>[\w'’-]{3,})"
                     r"|(?P<where2>[가-힣]+) 아니(?:고|야|에요)", re.I)
# the way back to it asked for now
BACK_TO_IT = re.compile(r"\bwhere (?:we'?re|we are|i'?m|i am) (?:staying|sleeping)\b"
                        # its reception, or where the driver sleeps in Korean ("자는 데까지")
                        r"|\breception\b|(?:자는|잘) (?:데|곳)|숙소 ?(?:까지|로|에|가)"
                        # ... or got to, or gone to bed ("get us to the hotel", "when we get to
                        # the house", "the quickest way to bed")
                        rf"|\b(?:get|take|bring) (?:me|us) (?:back )?to (?:the|our|my) "
                        rf"(?:{_LODGINGS}|house)\b|\bget to the (?:{_LODGINGS}|house)\b"
                        r"|\bway to bed\b|\bback at (?:the|our|my) (?:hotel|house|place|room)\b"
                        # ... or home for the night, or in ("get us home for the night", "how
                        # long till we're in")
                        r"|\bhome for the night\b|\b(?:till|until|before) we'?re in\b"
                        r"|\bback to (?:our|my|the) (?:hotel|b&b|bnb|guesthouse|masseria|cottage|"
                        r"cabin|chalet|villa|apartment|flat|airbnb|campsite|lodge|inn|room|place)\b",
                        re.I)
# a lodging the reply goes to
LODGING = re.compile(rf"\b({_LODGINGS})s?\b|숙소|펜션|한옥|민박|호텔", re.I)  # (a particle runs on)


WHEN = frozenset("tonight today tomorrow now this week weekend".split())


def _given(turn: TurnInput) -> tuple[str, str] | None:
    """The last lodging the driver said they stay at: (its kind, the words of where it is)."""
    found = None
    for said in turn.history_users:
        for m in STAYING.finditer(said):
            given = next((g for g in m.group("where", "where2", "where3", "where4", "where5",
                                             "where6") if g), "")
            where = " ".join(w for w in given.split()
                             if w.lower() not in STOP and w.lower() not in WHEN)
            if where:
                kind = m.group("kind") or m.group("kind3") or m.group("kind6") or ""
                found = (kind.lower(), where.lower())
    return found


def _dropped(turn: TurnInput) -> str | None:
    """Where the lodging the driver gave up is ("cancel the one in coin-du-banc")."""
    found = None
    for said in turn.history_users:
        for m in DROPPED.finditer(said):
            found = (m.group("where") or m.group("where2") or m.group("where3")).lower()
    return found


def lodging_elsewhere(turn: TurnInput) -> str | None:
    """The route back goes to a lodging with neither the kind nor the place the driver gave."""
    given = _given(turn)
    if given is None or not BACK_TO_IT.search(turn.user) or "?" in turn.reply:
        return None
    kind, where = given
    low = turn.reply.lower()
    dropped = _dropped(turn)
    if dropped and re.search(rf"(?<!\w){re.escape(dropped)}(?!\w)", low) and not any(
            w in low for w in where.split()):
        # the place the driver gave up, gone to ("plasencia's 34 km" after "not back in
        # plasencia")
        return f"the driver gave up the {kind or 'place'} in {dropped!r}, the reply goes there"
    going = LODGING.search(turn.reply)
    # (the way there said, or how long it takes: "15 min back south to coin-du-banc")
    if going is None or not (acts_on_one(turn.reply) or re.search(r"\bback (\w+ )?(to|at)\b", low)
                             or durations(turn.reply)):
        return None
    if where.split()[0] in low:
        return None
    # the kind given, but in another town ("hotel in vieste" after "our hotel's the one in
    # peschici")
    placed = kind and re.search(rf"\b{re.escape(kind)}s? (?:in|at) (?P<town>[\w'’-]{{3,}})", low)
    if placed and placed.group("town") not in ("the", "your", "our", "town"):
        return (f"the driver stays at the {kind} by {where!r}, the reply goes back to the "
                f"{kind} in {placed.group('town')!r}")
    if kind and kind not in ("place", "room", "rooms") and kind in low:
        return None
    return (f"the driver stays at the {kind or 'place'} by {where!r}, the reply goes back to a "
            f"{going.group(0).lower()} elsewhere")


def lodging_given(turn: TurnInput, j: Judging) -> Judging:
    return forgot(turn, j, "lodging_given", lodging_elsewhere(turn))


# the reply asks where the driver stays ("what's the address of where you're staying?", "which
# place are you staying at?")
ASKS_WHERE = re.compile(r"\b(where|which (place|hotel|lodge|one|b&b|guesthouse)) (are )?you('?re)? "
                        r"(staying|sleeping|booked)\b|\baddress of (where you'?re staying|your "
                        r"(hotel|place|b&b|guesthouse|chalet|cottage|lodge))\b"
                        # ... or which of its kind it is ("which cabin is it and whats the
                        # address?")
                        rf"|\bwhich ({_LODGINGS}) is it\b"
                        # ... or what it is called ("what's the place called?")
                        r"|\bwhat'?s the (place|hotel|b&b|guesthouse) called\b", re.I)


def lodging_asked_again(turn: TurnInput) -> str | None:
    """The driver said where they stay, and the reply asks it, giving nothing."""
    given = _given(turn)
    if given is None or not ASKS_WHERE.search(turn.reply) or given[1] in turn.reply.lower():
        return None  # ("the state game lodge, right?" is a check)
    return f"the driver stays at the {given[0] or 'place'} by {given[1]!r}, the reply asks where"


def lodging_asked(turn: TurnInput, j: Judging) -> Judging:
    return asked_again(turn, j, "lodging_asked", lodging_asked_again(turn))
