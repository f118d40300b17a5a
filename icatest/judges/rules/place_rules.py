"""Decide rules that hold a reply to what was asked of it: the place grounded against the
context (`grounding.py`), and the value the request asks for (a distance, a duration, a route,
the weather now). A reply that names things but carries no such value has not done the
request, however much it says."""

from __future__ import annotations

import re

from icatest.contracts.labels import FailureMode as F
from icatest.judges.rules import acts, nothing
from icatest.judges.rules import question_kinds as qk
from icatest.judges.rules.answers import ASKS
from icatest.judges.rules.chatter import on_subject_only
from icatest.judges.rules.grounding import far_for_nearby, placed_elsewhere
from icatest.judges.rules.limitation import limitation_stated
from icatest.judges.rules.place_kinds import place_kind, place_kinds
from icatest.judges.rules.request_rules import Reading
from icatest.judges.rules.requests import (
    ANSWER_WORDS,
    KO_TAKE_ME,
    NEGATIVE_ANSWER,
    RequestKind,
    answer_evidence,
)
from icatest.judges.rules.safety import KEPT_ON
from icatest.judges.rules.screens import ON_A_SCREEN
from icatest.judges.rules.subject import another_subject
from icatest.judges.rules.text import (
    ADDRESS,
    HANGUL,
    any_match,
    content_stems,
    distances_km,
    durations,
    minutes_of,
    new_content,
    new_names,
    on_a_street,
    questions,
    sentences,
)
from icatest.judges.rules.verdicts import Cause, Outcome, RequestVerdict, decided, failed


def namesake_elsewhere(r: Reading) -> RequestVerdict | None:
    said = " ".join((r.req.description, r.turn.user))
    where = placed_elsewhere(r.own, said, r.turn.situation.location)
    if where is None:
        return None
    why = f"{r.d} answers about {where}, on another continent than the car"
    return failed(F.IRRELEVANT_RESPONSE, Cause.ELSEWHERE, "namesake_elsewhere", why)


def too_far_for_nearby(r: Reading) -> RequestVerdict | None:
    km = far_for_nearby(r.req.description, r.own)
    if km is None:
        return None
    why = f"{r.d} asks for something nearby; the nearest place named is {km:g} km away"
    return decided(Outcome.UNCERTAIN, Cause.IMPLAUSIBLE, "far_for_nearby", why)


# The day a weather question asks about, and a reply that speaks only of the other one
# ("weather this evening?" - "tomorrow approx. 17 deg"; "내일 날씨" - "오늘은 맑아요").
TODAY = (r"\b(today|tonight|this (morning|afternoon|evening)|right now|now|currently)\b|"
         r"\btoday'?s\b|오늘|지금",)
# ... or a later day named as such ("this weekend", "next week", "이번 주말", "모레"); a
# weekday is left out, since it may be today's own name
TOMORROW = (r"\b(tomorrow'?s?|tmrw|tmr|tmrws|2moro|2morrow)\b|내일|\b(this|next|the) weekend\b|"
            r"\bnext week\b|\bday after tomorrow\b|모레|주말|다음 ?주",)
KO_WEATHER = (r"맑|흐리|흐려|비가|비 올|눈이|눈 올|\d+ ?도\b|기온|최고|최저"
              r"|(눈|비|소나기) ?소식|영하|안개|소나기")  # "내일 철원은 눈 소식 있어요"


def _days(text: str) -> tuple[bool, bool]:
    low = text.lower()
    return any_match(TODAY, low), any_match(TOMORROW, low)


def weather_other_day(r: Reading) -> RequestVerdict | None:
    question = (" ".join((r.req.description, r.turn.user)) if len(r.turn.requests) < 2
                else r.req.description)
    weather = r.kind is RequestKind.WEATHER or "날씨" in question
    # ... or the time of a thing asked for ("what time is sunset today" - "sunrise tmrw 07:21")
    timed = not weather and len(r.turn.requests) < 2 and qk.asked(r.turn.user) is qk.Asks.FIGURE
    if r.asking or not (weather or timed):
        return None
    asked = _days(question)
    told = _days(r.own)
    if sum(asked) != 1 or sum(told) != 1 or asked == told:
        return None  # no day asked, or the reply names the day asked (or both, or none)
    if weather and not any_match((*ANSWER_WORDS[RequestKind.WEATHER], KO_WEATHER), r.own.lower()):
        return None
    if timed and not minutes_of(r.own):
        return None
    day = "today" if asked[0] else "a later day"
    what = "the weather" if weather else "the time"
    why = f"{r.d} asks about {day}, the reply gives {what} of another day"
    return failed(F.IRRELEVANT_RESPONSE, Cause.OTHER_DAY, "weather_other_day", why)


# The place a forecast is said to be for ("Here's the forecast for **Da Nang** on Friday"), and
# the place the driver asked about ("the weather doing in Hoi An tonight")
FORECAST_FOR = re.compile(r"\b(?:forecast|weather)\s+(?:for|in|at)\s+(?P<place>[A-ZÀ-Þ][\w'’-]*"
                          r"(?:\s+[A-ZÀ-Þ][\w'’-]*){0,3})")
WEATHER_IN = re.compile(r"\b(?:in|for|at|over)\s+(?P<place>[A-ZÀ-Þ][\w'’-]*(?:\s+[A-ZÀ-Þ][\w'’-]*)"
                        r"{0,3})")


def weather_elsewhere(r: Reading) -> RequestVerdict | None:
    """The weather of a named place asked for, and the reply's forecast said to be for another
    place, the one asked not named: the weather of somewhere else."""
    if r.asking or r.kind is not RequestKind.WEATHER or len(r.turn.requests) > 1:
        return None
    given = FORECAST_FOR.search(r.own)
    asked = WEATHER_IN.search(r.turn.user)
    if given is None or asked is None:
        return None
    place, wanted = given.group("place").lower(), asked.group("place").lower()
    if set(place.split()) & set(wanted.split()) or wanted in r.own.lower():
        return None
    why = f"{r.d} asks about {asked.group('place')!r}, the forecast is for {given.group('place')!r}"
    return failed(F.IRRELEVANT_RESPONSE, Cause.ELSEWHERE, "weather_elsewhere", why)


HOW_FAR = (r"\bhow far\b", r"얼마나 (멀|걸)",
           # a request split from "how long is the walk to X, and …" ("length of the walk to X")
           r"^\W*(the )?(length|distance|duration) of (the |a )?([\w'-]+ ){0,2}(walk|trail|hike|"
           r"path|drive|loop|climb|route)\b",
           # ... or "how far to X", split ("distance to the lost valley trailhead")
           r"^\W*(the )?(distance|driving distance) (to|from)\b")
LENGTH_OF = (r"\bhow long is (the |that |this )?([\w'-]+ ){0,4}(trail|walk|path|hike|loop|track|"
             r"boardwalk|road|route|bridge|tunnel|beach|climb|circuit|ridge)\b",)
HOW_LONG = (r"\bhow long\b", r"\bwhen (will|do|would) (i|we) (arrive|get|be)\b", r"\beta\b")
# The hours of a place asked for ("what time does the dentist open?", "몇 시까지 해요?") and given
OPEN_WHEN = (r"\b(what time|when) (does|do|is|are|will)\b[^.?!]*\b(open|close|shut)\w*\b",
             r"\bopening (hours|times)\b",
             # whether it shuts before a time ("do they shut before sunset?")
             # (not "close by", which is near)
             r"\b(whether|if|do|does|is|are|will)\b[^.?!]*\b(close|shut)s? (before|by (?=\d|"
             r"sunset|dusk|dark|night))",
             r"몇 시(에|까지|부터)? ?(열|문 열|닫|문 닫|영업|해)|영업 ?시간")
# (a bare hour after the opening: "opens at 9"; shown rather than said: "on your screen")
HOURS_GIVEN = (r"\b(24 ?(hours|hrs|h|/7)|around the clock|closed (today|on \w+days?)|"
               r"noon|midnight)\b", r"24시간|휴무|쉬는 날", r"화면에",
               r"\b(opens?|open from|closes|shuts) (at )?\d{1,2}\b(?!\s*(km|mi|min|%|€|\$|m\b))",
               r"\bon (your|the) (screen|display|phone)\b")
HOURS_TALK = (r"\b(open\w*|clos\w*|hours|shut\w*)\b", r"영업|문을? ?(열|닫)",)
# A price asked for ("how much is it to park there?", "what's the toll?", "요금 얼마예요?"), not
# an amount of something else ("how much range is left") ...
HOW_MUCH = (r"\bhow much\b(?![^.?!]*\b(range|battery|charge|time|longer|further|farther|left|"
            r"fuel|traffic|snow|rain)\b)",
            r"\bwhat('?s| is| are| does) the (cost|price|fee|fare|toll|rate)s?\b",
            r"(요금|가격|통행료|비용|주차비)[^.?!]*얼마|얼마[^.?!]*(요금|가격|통행료|비용|들어)",
            # the fee alone, one of two requests split from "입장료가 얼마고, 몇 시까지 …"
            r"^[가-힣 ]{0,12}(입장료|이용료|관람료|주차료|주차비|통행료|요금)\W*$")
# ... and one given: an amount of money, or free
# (a symbol after the figure stands alone: "10 € a day" has no word boundary after the €)
PRICE = (r"[€$£¥₩]\s?\d|\d[\d.,]*\s?([€$£¥₩]|(eur|euros?|cents?|dollars?|usd|pounds?|gbp|chf|"
         r"francs?|yen|won|kr|sek|nok|dkk|zł|zl|kc|czk|pln)\b)|\d[\d,]*\s?원|\bfree\b|"
         r"\d\s?(만|천)\s?(\d\s?천\s?)?원|"  # "어른 4천 원", "1만 2천 원"
         r"\bno charge\b|무료",
         # rand written before the figure, said as a price ("a car pays about R62"), not the
         # R-road of that number
         r"\b(pays?|paid|costs?|about|around|from|only|just|at)\s+r\s?\d{1,5}\b(?![-\d])",
         # a bare figure (rand's R beside it or not) said as what someone pays ("r68 for a car,
         # cash or card", "40 per person")
         r"\b(r\s?)?\d{1,5}([.,]\d{2})? (for (a|the|one|each) "
         r"(car|vehicle|adult|person|night|room)|"
         r"per (car|vehicle|person|adult|night|room|head))\b",
         # an amount in cents with the currency left out, as a terse reply types it ("2.60 for
         # a car"), not a distance, a duration or a clock time
         # (a full stop after it ends the sentence: "2.60 for a car.")
         r"(?<![\d.:])\d{1,4}\.\d{2}(?![\d:]|\.\d)(?!\s*(km|m|mi|miles?|min\w*|h|hrs?|hours?|%|am|"
         r"pm)\b)",)
PRICE_WORDS = (r"\b(price\w*|cost\w*|rates?|fees?|charges?|tariffs?|fares?|tolls?|expensive|"
               r"cheap\w*)\b|요금|가격|비용",)
# A request to be taken somewhere ("going to be frost" is not one).
TAKE_ME = (r"\b(take me|takes me|navigate|navigation to|drive me|drive to|route to|bring me|"
           r"directions to|head(ing)? to|get me to|(let'?s|please|i want to|can we) go to)\b",
           KO_TAKE_ME)
# Under way, in words: "taking you there", "we should be there shortly".
GOING = (r"\b(taking|bringing|guiding|getting|driving|leading) (you|us)\b",
         r"\b(be|get|arrive|go) there\b|\blet'?s go\b|\bon (our|the) way\b",
         r"안내|경로|출발|도착|걸려|걸립|모실게|갈게|가요|갑니다|km|킬로",)
# Weather said in general ("it can vary depending on the time of year"), not for now.
IN_GENERAL = (
    r"\b(generally|usually|typically|normally|on average|tends? to|can vary|varies|depending "
    r"on|throughout the year|all year|most of the year|climate|in (summer|winter|spring|"
    r"autumn|fall))\b",
)
# Where a place is, in words: "the hotel car park ahead has wall boxes" answers a search.
POSITION = (r"\b(ahead|on (your|the) (left|right)|around the corner|next to|across from|"
            r"opposite|in front of|behind (the|you)|down the (road|street)|at the (next|corner)|"
            r"just past|on (your|the) (route|way))\b",)
# The assistant presenting what it did or found: "I've listed four garages", "here are".
PRESENTS = (r"\b(i'?ve|i have|i found|i sent|i'?ll|i will|i can see|here (is|are|'s))\b",)
# With this many content words of its own and none of the value, the reply talks of
# something else (the history of the place asked to be taken to): off topic, plainly.
OWN_CONTENT = 5


# A depth or a height is no length of a way ("the pool below is 12 m deep")
MEASURE = re.compile(r"\d[\d.,]*\s?(m|ft|metres?|meters?|feet)\s+(deep|high|tall|wide|above|below|"
                     r"up|down)\b", re.I)


def _value(r: Reading) -> tuple[bool, bool] | None:
    """(carries the value asked for, speaks in the kind's own words), or None when the request
    asks for no value this rule reads."""
    reply, low = r.own, r.own.lower()
    asked = " ".join((r.req.description, r.turn.user)).lower() if len(r.turn.requests) < 2 \
        else r.req.description.lower()
    if any_match(HOW_FAR, asked):
        return bool(distances_km(reply) or durations(reply)), False
    if any_match(HOW_LONG, asked):
        # "how long is the walk" takes a duration; a clock time answers only an arrival asked
        # for ("when will we get there", "eta"), not "open until 23:00"
        if re.search(r"\bhow long\b", asked) and not any_match(HOW_LONG[1:], asked):
            # ... or, of a way on foot or a road, its length ("how long is the middle head
            # trail" - "4 km return")
            length = any_match(LENGTH_OF, asked) and bool(distances_km(MEASURE.sub(" ", reply)))
            return bool(durations(reply)) or length or qk.until_when(asked, reply), False
        return bool(durations(reply) or minutes_of(reply)), False
    if any_match(HOW_MUCH, asked):
        return any_match(PRICE, low), any_match(PRICE_WORDS, low)
    if any_match(OPEN_WHEN, asked):
        return bool(minutes_of(reply)) or any_match(HOURS_GIVEN, low), any_match(HOURS_TALK, low)
    state = qk.state_value(asked, reply)
    if state is not None:
        return state
    if r.kind is RequestKind.WEATHER:
        now = [s for s in sentences(low) if not any_match(IN_GENERAL, s)]
        words = ANSWER_WORDS[RequestKind.WEATHER]
        if not any_match(words, low):
            # no word of the weather at all: for the other rules to read, unless the reply
            # plainly talks of something else ("st andrews has about 17,000 people and the
            # oldest university in scotland" to "will it rain on the way to st andrews?")
            return (False, False) if _talks_of_other_things(r) else None
        return any(any_match(words, s) for s in now), True
    if r.kind in (RequestKind.NAVIGATE, RequestKind.SEARCH) and any_match(TAKE_ME, asked):
        route = (durations(reply) or minutes_of(reply) or distances_km(reply)
                 or ADDRESS.search(reply) or any_match(GOING, low)
                 or any_match(ANSWER_WORDS[RequestKind.NAVIGATE], low)
                 or acts.confirms_action(reply))
        return bool(route), False
    if r.kind is RequestKind.SEARCH and _in_general(r, reply):
        # a search is answered by a place (a name, an address, a distance) or by "none
        # found"; speaking of what was asked for without one ("a pharmacy that is still open
        # can be found in a major city") talks of the subject in general
        t = r.turn
        known = (t.user, r.req.description, *t.history_users, t.situation.location)
        return answer_evidence(r.kind, reply, *known) is not None, True
    return None


# Words of the weather beyond the answer words ("bring an umbrella, grey and wet from 3"):
# a reply with one of these may be a weather answer in words the rules do not list.
WEATHER_TALK = (r"\b(wet|damp|grey|gray|dull|umbrella|sun\w*|bright|chill\w*|breez\w*|gust\w*|"
                r"mugg\w*|ic[ey]|freez\w*|heat\w*|minus|uv|pollen|air|sky|skies|weather)\b",)


def _talks_of_other_things(r: Reading) -> bool:
    """Five or more content words of its own and no word of the weather, no question back,
    no Korean (whose weather words the English lists miss)."""
    reply = r.own
    if HANGUL.search(reply) or questions(reply) or any_match(WEATHER_TALK, reply.lower()):
        return False
    return len(new_content(reply, r.turn.user, r.req.description)) >= OWN_CONTENT


def _in_general(r: Reading, reply: str) -> bool:
    """A free-text search for a kind of place, and a reply that speaks of the request's words with
    nothing that could place one: no number (a price, a time), no position ("the car park
    ahead"), no question back, no action of its own ("I've listed four garages on the
    screen"), no side taken ("there's no pharmacy open"), no Korean (whose names the rules do
    not find)."""
    desc = r.req.description
    if r.req.simulated:
        return False  # the simulator's own targets keep the oracle's convention
    if not place_kind(desc) or not content_stems(desc) & content_stems(reply):
        return False  # a search for a kind of place ("is there frost?" asks for none)
    return not (any(c.isdigit() for c in reply) or questions(reply) or HANGUL.search(reply)
                or any_match(POSITION + PRESENTS, reply.lower()) or acts.confirms_action(reply)
                or acts.answers_yes_no(reply, r.turn.user) or on_a_street(reply, r.turn.user))



def _missing(r: Reading) -> tuple[bool, bool] | None:
    """(asked for a value it does not carry, speaks in the kind's own words), or None."""
    if (r.unsafe or r.asking or acts.is_refusal(r.own) or any_match(NEGATIVE_ANSWER, r.own.lower())
            or acts.is_fallback(r.own)):  # a limitation stated openly (`fallback` read it)
        return None
    if any_match(KEPT_ON, r.own.lower()):
        return None  # "headlights stay on, its dark till 10 here": a refusal with its reason
    # (of two questions, the side taken may answer the other: "Yes — a guide is required" to
    # "how long is the walk, and do we need a guide?")
    asked = r.turn.user if len(r.turn.requests) < 2 else r.req.description
    if acts.side_first(r.own, asked):
        return None  # the question answered first, the rest explains it
    found = _value(r)
    if found is None or found[0]:
        return None
    return True, found[1]


def _repeats_earlier(r: Reading) -> bool:
    """The reply's own content is an earlier reply's ('take me there' answered with the
    restaurant found before, again)."""
    t = r.turn
    own = new_content(r.own, t.user, r.req.description)
    return len(own) >= OWN_CONTENT and not new_content(r.own, t.user, r.req.description,
                                                        *t.history_replies)


# ... or fewer, sharing no word with the request ("lobster rolls are good" to "how much is a toll")
OWN_CONTENT_UNSHARED = 3


def _own_content(r: Reading) -> bool:
    """Content of the reply's own enough to call it another answer."""
    own = new_content(r.own, r.turn.user, r.req.description)
    if len(own) >= OWN_CONTENT:
        return True
    # (one question alone: with several, the reply's words may answer the others; a route
    # asked for is answered by the act, not by words)
    if len(r.turn.requests) > 1 or r.kind is RequestKind.NAVIGATE:
        return False
    asked = f"{r.turn.user} {r.req.description}"
    kind = place_kind(asked)
    if kind and kind in place_kinds(r.own):
        return False  # "a coffee or tea place" answered "there is a palo alto cafe nearby"
    shared = content_stems(r.own) & content_stems(asked)
    return not shared and len(own) >= OWN_CONTENT_UNSHARED


def _answers_another(r: Reading) -> bool:
    """With several requests, the reply's content speaks to another of them ("where can i buy
    an ice scraper and how cold does it get tonight": the shop named, the cold left out): the
    one left is omitted, not answered with something else."""
    others = [q for q in r.turn.requests if q is not r.req]
    # the whole reply: its sentences about the other request may not count as this one's own
    told = content_stems(r.turn.reply)
    if any(content_stems(q.description) & told for q in others):
        return True
    if others and HANGUL.search(r.turn.reply):
        # a Korean name splits into other morphemes out of its sentence ("관음도 입장" - "관음도는
        # 6시까지 들어가실 수 있어요"): the other request's share cannot be read, and one of two
        # left out is the plain reading
        return True
    # ... or names the place another asked where to find ("canadian tire on 2nd ave", "**Pavel**
    # on the harbour front")
    named = (ADDRESS.search(r.own) or on_a_street(r.own, r.turn.user)
             or new_names(r.own, r.turn.user, r.req.description))
    return bool(named) and any(
        any_match(PLACE_ASKED, q.description.lower()) for q in others)


PLACE_ASKED = (r"\b(where|find|buy|get|nearest|closest)\b", r"어디|찾아|근처")


def value_missing(r: Reading) -> RequestVerdict | None:
    """A distance, a duration, a route or the weather now asked for and not given: talk of the
    same subject without it is an omission ('the weather can vary'); a reply with too little
    of its own to call it another answer is uncertain."""
    missing = _missing(r)
    if missing is None or _unmet_need(r):
        return None
    if missing[1]:
        why = f"{r.d} speaks of it in general, without what was asked"
        return failed(F.REQUEST_OMITTED, Cause.NO_VALUE, "value_missing", why)
    if _repeats_earlier(r):
        why = f"{r.d} repeats an earlier answer, without what was asked"
        return failed(F.REQUEST_OMITTED, Cause.NO_VALUE, "value_missing", why)
    if _own_content(r):
        if _answers_another(r):
            why = f"{r.d} carries no value for what was asked; the reply answers another request"
            return failed(F.REQUEST_OMITTED, Cause.NO_VALUE, "value_missing", why)
        if _subject_only(r):
            # a question's subject praised, nothing given ("The Train Cemetery: a
            # photographer's dream!"): talk of the same subject, no other thing
            why = f"{r.d} speaks of its subject, without what was asked"
            return failed(F.REQUEST_OMITTED, Cause.NO_VALUE, "value_missing", why)
        return None  # another answer: `value_elsewhere`
    if nothing.remarks_only(r.turn.reply, *r.known):
        return None  # "Ferry to Ibiza tonight! Great question!": an omission, `remarks_only`
    if not HANGUL.search(r.turn.reply) and no_answer_of_its_kind(r) is not None:
        # "righto, all done 👌" to "how long is the walk": `no_answer_of_its_kind` (a Korean
        # reply that speaks of the way, not its length, stays uncertain)
        return None
    why = f"{r.d} carries no distance, time or route for what was asked"
    return decided(Outcome.UNCERTAIN, Cause.NO_VALUE, "value_missing", why)


def _subject_only(r: Reading) -> bool:
    t = r.turn
    return (ASKS.search(t.user) is not None and not nothing.remarks_only(t.reply, *r.known)
            and on_subject_only(r.own, t.user, *r.known, *t.history_replies))


def value_elsewhere(r: Reading) -> RequestVerdict | None:
    """The value asked for not given, and content of its own instead ('the Hofbräuhaus was
    founded in 1589' to 'navigate to the Hofbräuhaus')."""
    missing = _missing(r)
    if missing is None or missing[1]:
        return None
    if _repeats_earlier(r) or not _own_content(r):
        return None
    if nothing.remarks_only(r.turn.reply, *r.known):
        return None  # remarks on the wait, cheering on, a quiz ("Want to guess? Hint: less than
        # a podcast!"): an omission, `remarks_only`
    why = f"{r.d} talks of something else, without what was asked"
    return failed(F.IRRELEVANT_RESPONSE, Cause.NO_VALUE, "value_elsewhere", why)


def _unmet_need(r: Reading) -> bool:
    """A place offered for a need by its goods or food (`needs.unmet_need`): another answer, not
    none, left to that rule."""
    from icatest.judges.rules.needs import unmet_need  # needs reads the offered places too

    return unmet_need(r) is not None


def no_answer_of_its_kind(r: Reading) -> RequestVerdict | None:
    """A single question that asks where, how many or when, or for a yes or a no, and a reply
    with nothing of that kind in it: no place, no figure or time, no side taken. It talks of
    the subject, praises it or promises to look, and answers nothing."""
    t = r.turn
    if len(t.requests) > 1 or r.req.ambiguous or r.unsafe or r.asking or _unmet_need(r):
        return None
    kind = qk.asked(t.user)
    reply = r.own
    if kind is None or acts.is_refusal(reply) or any_match(NEGATIVE_ANSWER, reply.lower()):
        return None
    if acts.only_questions(reply) or qk.ASKS_BACK.search(reply):
        # a question back ("숙소 이름이 어떻게 되세요?", "tell me where you're heading"): for the
        # rules on asking
        return None
    # an act confirmed answers a question of whether it can be done, not where, how long or
    # whether a thing is there ("righto, all done 👌" to "how long is the walk")
    confirmed = kind is qk.Asks.SIDE and acts.confirms_action(reply)
    if confirmed or limitation_stated(reply, r.req.description, t.user):
        return None
    if any_match(ON_A_SCREEN, reply.lower()):
        return None  # the answer put on a screen ("four garages on the screen"): the screen rules
    known = (*r.known, t.situation.location)
    if qk.holds(kind, reply, t.user, *known):
        return None
    words = ANSWER_WORDS.get(r.kind)
    if kind in (qk.Asks.SIDE, qk.Asks.THERE) and words and any_match(words, reply.lower()):
        return None  # "will it be overcast?" - "it will be cloudy": the side in the kind's words
    why = f"{r.d} asks for {kind.value}; the reply holds none"
    return failed(F.REQUEST_OMITTED, Cause.NO_ANSWER_OF_KIND, "no_answer_of_its_kind", why)


def about_another_thing(r: Reading) -> RequestVerdict | None:
    """A question of one thing (how far, how much, when, whether) answered about another thing,
    named first, with no word of the question in the reply: irrelevant (`subject.py`)."""
    t = r.turn
    if len(t.requests) > 1 or r.req.ambiguous or r.unsafe or r.asking:
        return None
    if (not qk.asks_of_a_thing(t.user) or acts.is_refusal(r.own) or acts.is_fallback(r.own)
            or (acts.KO_YES_NO.search(t.user) and acts.answers_yes_no(r.own, t.user))):  # 괜찮아요
        return None
    other = another_subject(r.own, t.user, *r.known, t.situation.location)
    if other is None:
        return None
    if t.history_users and REFERS_BACK.search(t.user):
        # "how long to get there" after the station was named: the thing established, forgotten
        why = f"{r.d} the reply is about {other!r}, not what the driver referred back to"
        return failed(F.CONTEXT_FORGOTTEN, Cause.FORGOT, "about_another_thing", why)
    priced = any_match(HOW_MUCH, t.user.lower()) and any_match(PRICE, r.own.lower())
    if priced or qk.price_asked_and_given_ko(t.user, r.own):
        return None  # the price asked for given ("성인은 5,000원이에요" to "입장료 얼마야?")
    length = KM_ASKED.search(t.user) or any_match(HOW_FAR, t.user.lower())
    if length and distances_km(r.own):
        # the value asked for given, of a thing named otherwise ("호수길 전체는 31.5km" to "횡성호
        # 둘레 몇 킬로야?"): it may be the same thing, no plain evidence either way
        why = f"{r.d} gives the value asked for, of {other!r}: the same thing or not"
        return decided(Outcome.UNCERTAIN, Cause.INSTEAD, "about_another_thing", why)
    why = f"{r.d} the reply is about {other!r}, not what was asked"
    return failed(F.IRRELEVANT_RESPONSE, Cause.INSTEAD, "about_another_thing", why)


# a length asked in Korean ("둘레 몇 킬로야?", "몇 km예요?")
KM_ASKED = re.compile(r"몇 ?(킬로|km|미터|m)\b|몇 ?(킬로|km|미터)|얼마나 (길|멀)", re.I)
# what the driver refers back to ("get there", "my hotel", "거기")
REFERS_BACK = re.compile(r"\b(there|it|that|my|our|the same)\b|거기|그곳|그 ", re.I)
