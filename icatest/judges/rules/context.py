"""Context across turns: does a reply forget what the talk established, or resolve a reference
back to it ("the cafe from before", "same destination as before", "that place")?

A reply that says it has no such thing ("I don't have a cafe from earlier. Which cafe do you
mean?") forgets only when the thing was in fact established: named by the assistant in an
earlier reply. Otherwise it is a fair question.
"""

from __future__ import annotations

import re

from icatest.judges.rules.attribution import own_sentences
from icatest.judges.rules.place_kinds import PLACE_KINDS, place_kind, place_kinds
from icatest.judges.rules.text import (
    any_match,
    content_stems,
    minutes_of,
    names,
    questions,
    sentences,
)
from icatest.judges.rules.turn import Request, TurnInput

FORGOT = (
    r"\bi (don'?t|do not|can'?t|cannot) (know|remember|recall|find|have)\b[^.?]*\b(which|what|"
    r"where|earlier|before|previous|that)\b",
    r"\b(no|not any) (earlier|previous|prior) (destination|place|result|search|request)\b",
    r"\b(could|can) you (remind|tell) me (which|what|where)\b",
    r"\bwhich (one|place|destination|restaurant|cafe|stop|station) (do|did|would) you mean\b",
)
REASK_DESTINATION = (
    r"\bwhere (do|would) you (like|want) to go\b",
    r"\bwhat('?s| is) (the|your) destination\b",
    r"\b(give|tell) me (the|your) destination\b",
    r"\bwhere (are you|to)\b[^?]*\?",
    r"\bwhere (you'?re|you are|we'?re|we are) (heading|going|driving)\b",  # "tell me where …"
    # the place asked for by its kind ("sure, which place are you headed to")
    r"\b(which|what) (place|destination|address) (are you|are we|you'?re|we'?re) (headed|heading|"
    r"going|driving) (to|for)\b",
    r"어디로 (가시|가세요|가실|갈까요|가고 싶)|목적지(가|를|는|부터)? ?(먼저 |다시 )?"
    r"(어디|알려|말씀|말해|정해)",
)
# A request to be told, asked without a question mark ("Tell me where you're heading.", "목적지를
# 먼저 말씀해 주세요."): it asks as a question does.
# Where the driver meets someone asked back ("where are you meeting them and when?") after
# the driver said it ("we're meeting the others at the woolpack inn at one").
REASK_MEETING = (r"\bwhere (are|r|will) (you|u|we) (meeting|meet)\b",
                 r"\bwhere('?s| is) (the|your) meeting (point|place)\b")
MEETING_SAID = (r"\bmeet(ing)? [\w' ]{1,30}? at (the )?[\w'-]{3,}",)
TELL_ME = (r"\b(tell|let) me\b", r"(말씀해|알려|말해) ?(주세요|줘|주시겠어요|주실래요|주시면|주면)")
REASK_TIME = (r"\bwhat time (do|would|should|is your|is the)\b", r"몇 ?시(까지|에|쯤|로)?",
              # the time of someone's arrival or start asked back ("when does her flight land?")
              r"\bwhen (does|do|is|will) (her|his|your|their|our|the) (\w+ ){0,2}"
              r"(land|arrive|get in|start|begin|leave|depart)\w*\b")
# Asking which one of a kind the driver's own is ("Which hotel are you staying at?") after the
# driver named it ("Our hotel is the Sapporo Grand View"): the driver has to say it again.
_OWN_KINDS = (r"hotel|office|school|house|flat|apartment|airbnb|campsite|ryokan|inn|guesthouse|"
              r"guest house|hostel|motel|lodge|b&b")
# ... or its name asked for ("Could you tell me the name of your ryokan?")
REASK_OWN = re.compile(rf"\bwhich (?P<k>{_OWN_KINDS})( or (?:{_OWN_KINDS}))? (are you|is it|"
                       rf"is yours|is your|do you|did you|were you)\b"
                       rf"|\bthe name of (your|the) (?P<n>{_OWN_KINDS})\b")


# A unit the driver asked for ("give me distances in miles, not kilometres") and the reply's
# distances in the other one only: the preference is forgotten.
PREFERS_UNIT = {
    "mi": re.compile(r"\b(in|use|using) miles\b|\bmiles,? (not|instead of|rather than) "
                     r"(kilomet|km)", re.I),
    "km": re.compile(r"\b(in|use|using) (kilomet\w+|km)\b|\b(kilomet\w+|km),? (not|instead of|"
                     r"rather than) miles", re.I),
}
DISTANCE_IN = {
    "mi": re.compile(r"\b\d+(?:[.,]\d+)?\s*(?:miles?|mi)\b", re.I),
    "km": re.compile(r"\b\d+(?:[.,]\d+)?\s*(?:km|kilomet\w+)\b", re.I),
}


def unit_forgotten(turn: TurnInput) -> str | None:
    said = " ".join(turn.history_users)
    for unit, other in (("mi", "km"), ("km", "mi")):
        if (PREFERS_UNIT[unit].search(said) and DISTANCE_IN[other].search(turn.reply)
                and not DISTANCE_IN[unit].search(turn.reply)):
            return f"gives distances in {other} after the driver asked for {unit}"
    return None


# The same in Korean: the name of the driver's own place asked for ("숙소 이름을 알려 주시면")
# after the driver named it ("우리 숙소는 화천읍 산천어 펜션이야").
REASK_OWN_KO = re.compile(r"(?P<k>숙소|호텔|펜션|회사|사무실|집)\S* ?(이름|주소|위치)")


def _own_place_named_ko(question: str, drivers: tuple[str, ...] | list[str]) -> bool:
    m = REASK_OWN_KO.search(question)
    if not m:
        return False
    # the stay of the day named too ("오늘 숙소는 진천 읍내 '백곡 스테이'예요")
    said = re.compile(rf"(우리|내|제|저희|오늘|오늘 밤|이번) {m.group('k')}(는|은|가|이) ?['\"‘“]?"
                      r"[가-힣A-Za-z]")
    return any(said.search(u) for u in drivers)


def own_place_named(question: str, drivers: tuple[str, ...] | list[str]) -> bool:
    m = REASK_OWN.search(question)
    if not m:
        return _own_place_named_ko(question, drivers)
    kind = m.group("k") or m.group("n")
    said = re.compile(rf"\b(our|my) {re.escape(kind)}\b[^.?!]*\b(is|'s|called)\b", re.I)
    # where one sleeps is named by staying there too ("We're staying at the Marine View")
    staying = STAYING if kind in STAYS else None
    return any((said.search(s) or (staying is not None and staying.search(s)))
               and (names(s) or (staying is not None and _stay_named(s)))
               for u in drivers for s in sentences(u))


def _stay_named(sentence: str) -> bool:
    """The place of the stay named in lowercase, as typed ("we're staying at the scandic on
    sjogata"): a word after "the" that is no kind of stay."""
    m = re.search(STAYING.pattern + r" the (?P<w>[a-z][\w'-]+)", sentence, re.I)
    return m is not None and m.group("w").lower() not in STAYS | {"same", "one", "other", "place"}


STAYS = frozenset({"hotel", "flat", "apartment", "airbnb", "campsite", "house", "ryokan", "inn",
                   "guesthouse", "guest house", "hostel", "motel", "lodge", "b&b"})
STAYING = re.compile(r"\b(we'?re|we are|i'?m|i am|we'?ll be|i'?ll be) (staying|sleeping|booked) "
                     r"(at|in)\b", re.I)


# The destination in the driver's own words, whatever the case ("we're going to pearson
# airport", "지금 센텀시티로 가고 있어요"): names() alone misses a lowercase one.
HEADING_SAID = (
    r"\b(i'?m|im|i am|we'?re|we are) (heading|driving|going|off|on (my|our) way) (to|towards?) "
    r"(?!(a|an|some|somewhere|get|grab|buy|find|be|see)\b)\w",
    # the same typed with no subject ("heading to the redwoods for a walk")
    r"^\W*(heading|driving|off) (to|towards?) (?!(a|an|some|somewhere|get|grab|buy|find|be|see)"
    r"\b)\w",
    r"[가-힣]+(으로|로) (가고 있|가는 중|갈 거|가는 거)",
    # the particle dropped, as in speech ("헤이리 예술마을 갈 거야"), after a word that is no
    # pronoun or adverb ("나 갈 거야", "같이 갈 거야", "빨리 가야 돼")
    r"(?<![가-힣])(?!(나|저|난|전|저희|우리|제가|내가|거기|여기|어디|같이|빨리|일찍|먼저|"
    r"천천히|좀|다시|그냥|오늘|내일|지금|곧|이제|혼자|또) )[가-힣]{2,} "
    # (also "지금 내소사 가는 길이야")
    r"(가고 있|가는 중|갈 거|갈 건|가려고|가는 거|가는 길이)",
    r"목적지(는|은|가)? ?[가-힣a-z]",  # "오늘 목적지는 동피랑 벽화마을이에요"
)
# The destination given on an earlier turn as the way to go ("오늘은 공주한옥마을로 가."): on
# this turn "이마트로 가자" and "which branch?" is a fair question, not a forgotten destination.
HEADED_EARLIER = (
    r"(?<![가-힣])(?!어디|거기|여기|저기|그쪽|이쪽)[가-힣]{2,}(으로|로) "
    r"(가 ?줘|가 ?주세요|가자|가요|가\b|갑시다|안내해)",
    # a stop or a route set ("put the hrafnseyri museum in as our next stop", "navigate to …")
    r"\b(put|set|add|make)\b[^.!?]{1,40}\b(as|for) (our|my|the) (next )?(stop|destination)\b",
    r"\b(navigate|take (me|us)|drive (me|us)|route (me|us)) to\b",
)
BACK_REFERENCE = (r"\b(that|this|the same|earlier|before|previous|last)\b",)
REFERENCE = re.compile(
    r"\b(?:the|that|same)\s+(?P<what>[a-z]+(?: [a-z]+)?)\s+(?:you found earlier|from before|"
    r"from earlier|as before|we talked about|you mentioned)",
    re.I,
)
GENERAL = frozenset({"destination", "place", "one", "address", "location", "result"})
SUBJECT_SLOTS = ("destination", "name", "category", "setting", "value", "topic", "place")
ROUTE_OR_FIND = re.compile(r"\b(route to|arriv\w+|navigat\w+|i found|trip planned|heading)\b", re.I)


def mentions(reply: str, subject: str) -> bool:
    if not subject:
        return False
    stems = content_stems(subject)
    return subject.lower() in reply.lower() or bool(stems and stems <= content_stems(reply))


def mentions_subject(req: Request, reply: str) -> bool:
    """The reply names the request's subject; a kind of place by a phrase of that kind ('car
    park' names parking, not a park)."""
    category = req.slot("category")
    if category in PLACE_KINDS and category not in place_kinds(reply):
        names_kind = False
    else:
        names_kind = bool(category) and mentions(reply, category)
    values = [req.slot(n) for n in SUBJECT_SLOTS if n != "category"]
    values += [req.slot(f"{n}_ko") for n in SUBJECT_SLOTS]
    return names_kind or any(mentions(reply, v) for v in values if v)


def referred(req: Request) -> str:
    """What the request refers back to ('cafe', 'destination'), or ''."""
    if req.slot("recall"):
        return req.slot("recall")
    m = REFERENCE.search(req.description)
    return m.group("what").lower() if m else ""


def established(subject: str, turn: TurnInput) -> bool:
    """Did an earlier reply name the subject (a kind of place, a destination, a name)?"""
    earlier = [r for r in turn.history_replies if r.strip()]
    if not subject:
        return True  # nothing to check against: trust the reply's own words
    if subject in GENERAL:
        return any(ROUTE_OR_FIND.search(r) or names(r) for r in earlier)
    kind = place_kind(subject)
    words = (subject, *(PLACE_KINDS.get(kind, ()) if kind else ()))
    return any(mentions(r, w) for r in earlier for w in words)


def own_text(req: Request, turn: TurnInput) -> str:
    """The reply, without the sentences that speak only of the turn's other requests."""
    if len(turn.requests) > 1 and any(r is req for r in turn.requests):
        return own_sentences(req, turn.requests, turn.reply)
    return turn.reply


def forgotten(req: Request, turn: TurnInput) -> str | None:
    """The reply asks again for what the driver already said, or claims not to know what an
    earlier reply established."""
    low = own_text(req, turn).lower()
    # asking which one is right for an ambiguous request; saying it has none is not
    forgot = FORGOT[:3] if req.ambiguous else FORGOT
    if (
        req.later_turn
        and (not req.ambiguous or any_match(BACK_REFERENCE, req.description.lower()))
        and any_match(forgot, low)
        and not mentions_subject(req, turn.reply)
        and established(referred(req), turn)
    ):
        return "asks again for what was said earlier"
    stale = _stale_repeat(req, turn)
    if stale:
        return stale
    said = " ".join((*turn.history_users, turn.user))
    asks = [*questions(low), *(s for s in sentences(low) if any_match(TELL_ME, s))]
    for q in asks:
        if any_match(REASK_DESTINATION, q) and (
            req.slot("destination") or names(said) or any_match(HEADING_SAID, said.lower())
            or any_match(HEADED_EARLIER, " ".join(turn.history_users))
            # the place of a meeting said ("we're meeting the hendersons at the general store")
            or any_match(MEETING_SAID, " ".join(turn.history_users).lower())
        ):
            return "asks for a destination the driver already gave"
        if any_match(REASK_TIME, q) and minutes_of(said):
            return "asks for a time the driver already gave"
        if own_place_named(q, turn.history_users):
            return "asks for a place of the driver's own that the driver already named"
        if any_match(REASK_MEETING, q) and any_match(MEETING_SAID, " ".join(turn.history_users)):
            return "asks where the driver meets someone, which the driver already said"
    return unit_forgotten(turn)


def recalls_earlier(req: Request, turn: TurnInput) -> str | None:
    """'Find that place' answered with a place named earlier in the conversation."""
    if not any_match(BACK_REFERENCE, req.description.lower()):
        return None
    earlier = " ".join((*turn.history_users, *turn.history_replies)).lower()
    low = turn.reply.lower()
    found = sorted(
        n for n in names(turn.reply)
        if n in earlier and re.search(rf"\b(to|found|at|is)\s+{re.escape(n)}\b", low)
    )
    return found[0] if found else None


STALE = "repeats an earlier answer, ignoring what the driver asked since"


def _stale_repeat(req: Request, turn: TurnInput) -> str | None:
    """The reply repeats an earlier answer word for word although the request has changed since:
    what it asks now that the earlier utterance did not is nowhere in the reply."""
    mine = content_stems(turn.reply)
    if len(mine) < 4 or len(turn.requests) > 1 or referred(req):
        return None  # with several requests or "as before", the same answer may be right
    if any_match(BACK_REFERENCE, req.description.lower()):
        return None
    for before, reply in list(zip(turn.history_users, turn.history_replies, strict=False))[-4:]:
        theirs = content_stems(reply)
        if not theirs or len(mine & theirs) / len(mine | theirs) < 0.8:
            continue
        new = content_stems(req.description) - content_stems(before)
        for c in req.constraints:
            new |= content_stems(c.replace("_", " ")) - content_stems(before)
        if new and not new & mine:
            return STALE
    return None
