"""Which of a turn's requests a reply speaks to, when the driver asked for several at once.

A reply that answers one request and leaves out the other ("Setting the temperature to 19
degrees." to "Set the temperature to 19 degrees. Plan a trip: ...") carries evidence (numbers,
names, route words) that would credit every request judged on its own. Each sentence of the
reply is given to the requests whose own words, place kind or named slots it mentions; a
sentence that mentions none is free and counts for a request of the kind it answers.
Requests that restate one another (about the one same place, named or by kind, both asking to
be taken there or neither) are spoken to together: which wording the reply echoes is chance.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from icatest.judges.rules.place_kinds import PLACE_KINDS, place_kind, place_kinds
from icatest.judges.rules.prices import ANY_PRICE
from icatest.judges.rules.requests import (
    ANSWER_WORDS,
    RequestKind,
    answer_evidence,
    goes,
    request_kind,
)
from icatest.judges.rules.text import (
    any_match,
    content_stems,
    distances_km,
    durations,
    heads,
    names,
    sentences,
    stem,
)
from icatest.judges.rules.turn import Request

# Words every request uses; they tie a sentence to no request in particular.
GENERIC = frozenset(
    stem(w)
    for w in """navigate navigation route trip plan find drive way nearby near stop stops first
    then finally back earlier before same again asked answer request one
    something somewhere take bring show""".split()
)
SLOTS = ("destination", "name", "category", "setting", "value", "topic", "place", "stops")


def _marks(req: Request, others: Sequence[Request]) -> tuple[set[str], set[str]]:
    """The request's own content stems and place kinds (not shared with the other requests)."""
    theirs: set[str] = set()
    their_kinds: set[str] = set()
    for o in others:
        theirs |= content_stems(o.description)
        kind = place_kind(o.description)
        if kind:
            their_kinds.add(kind)
    own = content_stems(req.description)
    for name in SLOTS:
        own |= content_stems(req.slot(name).replace(",", " "))
    kind = place_kind(req.description)
    kinds = {kind} - their_kinds if kind else set()
    return {w for w in own - theirs - GENERIC if not any(c.isdigit() for c in w)}, kinds


Marks = tuple[frozenset[str], set[str]]  # the heads of a request's own stems, its place kinds


_HANGUL = re.compile(r"[가-힣]")
# what a Korean place is called after what it serves ("떡갈비집", "국수 가게", "냉면 전문점")
_KO_HOUSE = frozenset({"집", "가게", "식당", "전문점"})


# the endings of a Korean noun of a fee, a ticket, a lot or a shop ("주차비", "주차장", "입장권")
_KO_ENDINGS = ("요금", "비용", "비", "료", "장", "소", "권")


def _ko_root(word: str) -> str:
    """The noun before its ending, two syllables at least ('주차' of '주차비'), or ''."""
    for end in _KO_ENDINGS:
        if word.endswith(end) and len(word) - len(end) >= 2:
            return word[: -len(end)]
    return ""


@lru_cache(maxsize=4096)
def _heads_of(sentence: str) -> frozenset[str]:
    return frozenset(heads(content_stems(sentence)))


def _mentions(sentence: str, own_heads: frozenset[str], kinds: set[str]) -> bool:
    said = _heads_of(sentence)
    if own_heads & said:
        return True
    # a Korean noun opens the compound the reply says ('흑돼지' in '흑돼지거리'), which the
    # reader does not split
    if any(h.startswith(o) for o in own_heads if len(o) >= 2 and _HANGUL.match(o)
           for h in said if len(h) > len(o)):
        return True
    # ... or both the same noun with another ending ('주차장' for the '주차비' asked about)
    if any(_ko_root(o) and _ko_root(o) == _ko_root(h) for o in own_heads if _HANGUL.match(o)
           for h in said if _HANGUL.match(h)):
        return True
    # ... and the dish said without the house of it ('떡갈비' for the '떡갈비집' asked for)
    if any(o.startswith(h) and o[len(h):] in _KO_HOUSE for o in own_heads if _HANGUL.match(o)
           for h in said if len(h) >= 2):
        return True
    low = sentence.lower()
    return any(w in low for k in kinds for w in (k, *PLACE_KINDS.get(k, ())))


@lru_cache(maxsize=256)
def _all_marks(requests: tuple[Request, ...]) -> tuple[Marks, ...]:
    """Every request's marks, read once per turn (each request's verdict asks for them)."""
    out = []
    for i, r in enumerate(requests):
        stems, kinds = _marks(r, [o for j, o in enumerate(requests) if j != i])
        out.append((frozenset(heads(stems)), kinds))
    return tuple(out)


def own_sentences(req: Request, requests: Sequence[Request], reply: str) -> str:
    """The sentences of the reply that speak of this request or of none of the others."""
    marks = _all_marks(tuple(requests))
    mine = marks[[i for i, r in enumerate(requests) if r is req][0]]
    kept = [
        s for s in sentences(reply) or [reply]
        if _mentions(s, *mine) or not any(_mentions(s, *m) for m in marks)
    ]
    return " ".join(kept)


def addressed(requests: Sequence[Request], reply: str, user: str) -> list[bool]:
    """For each request: does some sentence of the reply speak to it?"""
    marks = _all_marks(tuple(requests))
    said = sentences(reply) or [reply]
    hits = [[_mentions(s, *m) for m in marks] for s in said]
    kinds = [request_kind(r.description, r.kind) for r in requests]
    out = [any(h[i] for h in hits) for i in range(len(requests))]
    last: set[int] = set()  # the requests a heading or list item just before spoke to
    before: set[int] = set()  # the requests the sentence just before spoke to
    for s, h in zip(said, hits, strict=True):
        if any(h):
            last = {i for i, hit in enumerate(h) if hit} if _unclosed(s) else set()
            before = {i for i, hit in enumerate(h) if hit}
            continue
        if s.rstrip().endswith("?"):  # a free question speaks to no request
            continue
        if before and not {w for w in content_stems(s) if not any(c.isdigit() for c in w)}:
            continue  # a bare figure ("300m.") goes on about the place just named
        fits = [
            i for i, r in enumerate(requests)
            if answer_evidence(kinds[i], s, user, r.description) is not None
            or (SPEED_ASKED.search(r.description) and SPEED_SAID.search(s))
        ]
        # a free sentence goes to the requests whose kind's own answer words it uses (a route
        # summary to a route request, not to a search that also sees a distance in it); an item
        # under a heading or another item (no full stop: "Gas stations nearby", "Repsol Gran
        # Via, 800 m") stays with the requests the heading spoke to
        own = [i for i in fits if any_match(ANSWER_WORDS.get(kinds[i], ()), s.lower())]
        going_on = [i for i in fits if i in last]
        chosen = going_on or own or fits
        for i in chosen:
            out[i] = True
        last = (set(chosen) or last) if _unclosed(s) else set()
    # the one request asking how far, answered by the reply's only distance or time, whatever
    # else its sentence speaks of ("동굴 안 관람로는 270m 정도라 20분이면 돌아요")
    far = [i for i, r in enumerate(requests) if FAR_ASKED.search(r.description)]
    if len(far) == 1 and (distances_km(reply) or durations(reply)):
        out[far[0]] = True
    return [
        out[i] or any(out[j] and _restate(r, o) for j, o in enumerate(requests) if j != i)
        or _only_answer_of_its_sort(i, requests, kinds, reply)
        for i, r in enumerate(requests)
    ]


FAR_ASKED = re.compile(r"\b(how far|distance|how long is the (walk|trail|hike|path))\b|걷는 거리|"
                       r"얼마나 (걸어|멀)", re.I)


# The hours of a place asked ("is the castle open till 19:00"), answered by its hours
HOURS_ASKED = re.compile(r"\b(open|opens|close|closes|closing|hours)\b|영업|문 (열|닫)", re.I)
HOURS_SAID = re.compile(r"\b(open|opens|closed|closes|shuts)\b[^.?!]{0,20}\d{1,2}([:.]\d{2})?|"
                        r"\d{1,2}[:.]\d{2}\s*(-|–|to|until|till)\s*\d{1,2}[:.]\d{2}", re.I)


# the weather given (not the windows closed)
WEATHER_SAID = re.compile(r"\d\s*°|기온|맑|흐리|흐림|소나기|안개|바람|비가|눈이|\d\s?도\b|"
                          r"\b(degrees?|celsius|fahrenheit|forecast|sunny|cloudy|overcast|"
                          r"rain(ing|y)?|showers?|snow(ing|y)?|fog(gy)?|windy|wind (is|from|of|"
                          r"gusting)|breez\w*|frost\w*|icy|cold|chilly|warm|hot|mild)\b", re.I)


def _only_answer_of_its_sort(i: int, requests: Sequence[Request], kinds: list[RequestKind],
                             reply: str) -> bool:
    """The one request of the turn that asks the weather (or a price, an interval, a height, a
    place's hours), and the reply gives the weather (or a price, an interval, a measure,
    hours): spoken to, in whatever words ("around 6 °C with a stiff wind" to "will it be cold
    up there", "5 marks a head" to "do they charge for it")."""
    if kinds[i] is RequestKind.WEATHER:
        sort = [k is RequestKind.WEATHER for k in kinds]
        return sum(sort) == 1 and bool(WEATHER_SAID.search(reply))
    asked, said = next(((a, s) for a, s in SORTS if a.search(requests[i].description)),
                       (None, None))
    if asked is None or said is None:
        return False
    return sum(bool(asked.search(r.description)) for r in requests) == 1 and bool(
        said.search(reply))


# a height or a depth asked ("how high is the waterfall"), answered by a measure ("about 25 m")
HOW_HIGH = re.compile(r"\b(how (high|tall|deep|big|wide)|height|depth|elevation|altitude)\b|"
                      r"높이|얼마나 (높|깊)", re.I)
MEASURE = re.compile(r"\d\s?(m|ft|feet|metres?|meters?)\b|\d\s?(미터|m\b)", re.I)


# how often a thing runs, answered by its interval ("every 30 minutes", "hourly")
HOW_OFTEN = re.compile(r"\b(how often|how frequent\w*|frequency)\b|얼마나 자주|몇 분마다|배차",
                       re.I)
EVERY = re.compile(r"\bevery \d+|\bevery (half|quarter|hour|day)\b|\b(hourly|half-hourly)\b|"
                   r"\d+ times (a|an|per)\b|\d+ ?분(마다|간격)", re.I)


# a speed answers a question of a speed ("speed limit on the parkway": "45 mph most of the way")
SPEED_ASKED = re.compile(r"\b(speed limit|how fast)\b|제한 ?속도", re.I)
SPEED_SAID = re.compile(r"\d\s*(mph|km/h|kph|kmh)\b|\d\s*(킬로|km)", re.I)


def _unclosed(sentence: str) -> bool:
    """A heading or a list item: no full stop, question or exclamation mark at its end."""
    return not sentence.rstrip().endswith((".", "!", "?", "…"))


def _subject(req: Request) -> set[str]:
    return names(req.description) | place_kinds(req.description)


# a price asked of a place is another question than where it is ("where can we fill up, and
# how much is diesel around here")
PRICE_ASKED = re.compile(r"\b(price|prices|how much|cost|costs|fee|fees|fare|admission|entry "
                         r"charge|charge for (it|entry|parking|that))\b|얼마|가격|요금", re.I)

# (what is asked, what answers it), the first that the request asks read
SORTS: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = (
    (PRICE_ASKED, ANY_PRICE), (HOW_OFTEN, EVERY), (HOW_HIGH, MEASURE), (HOURS_ASKED, HOURS_SAID))


def _restate(a: Request, b: Request) -> bool:
    same = _subject(a)  # one place, named or by kind: a plan of several is not restated
    return (len(same) == 1 and same == _subject(b) and goes(a.description) == goes(b.description)
            and bool(PRICE_ASKED.search(a.description)) == bool(PRICE_ASKED.search(b.description)))
