"""The kind of answer a driver's question asks for, where its first words say so plainly: where
or which one (a place, named or put where it is), how many, how much, how long or when (a figure
or a time), yes or no (a side). A
reply holding nothing of that kind has not answered the question, however much it says about
the subject ("🌄 **Rose Valley before dawn**, what a magical way to begin the day!" to "Is it
OK to walk the Rose Valley trail in the dark?"). In Korean, questions of a figure or a time
("몇 시까지 해요?", "얼마예요?", "언제 해요?"); its other questions are read by the fallback,
echo and remark rules."""

from __future__ import annotations

import re
from enum import StrEnum

from icatest.judges.rules.grounding import REGIONS
from icatest.judges.rules.text import (
    ADDRESS,
    HANGUL,
    any_match,
    distances_km,
    minutes_of,
    names,
    new_names,
    on_a_street,
)


class Asks(StrEnum):
    PLACE = "a place"
    FIGURE = "a figure or a time"
    SIDE = "a yes or a no"
    THERE = "a place or a yes or a no"  # "are there toilets at the falls lot"


# The question word opens the utterance ("where do we leave the car", "from how many days is
# the pass cheaper", "is it ok to walk it in the dark"); a question put inside a request ("tell
# me where", "find out how long") asks for more than its kind.
_OPENS = r"^\W*((so|and|ok|okay|hey|hi|um|uh|also|then|quick question)\W+)?"
PLACE_ASKED = re.compile(_OPENS + r"(where|wheres|where'?s)\b", re.I)
# "which car washes stay open after 8", "which lane do i join": one of the places or things
# there, named or put where it is; not a way or a route (`value_missing` reads those) and no
# choice of two ("which is cheaper, P1 or P6")
WHICH_ASKED = re.compile(_OPENS + r"which (?!(way|route|road|direction|one|ones|is|are|of)\b)"
                         r"[a-z]", re.I)
FIGURE_ASKED = re.compile(
    _OPENS + r"((from|for|after|at|until|till|by|up to) )?(how (many|much|long|often|late|early|"
    r"soon|old|high|deep|steep)|what time|when)\b", re.I)
# A yes/no question about the driver's own plan or the state of a thing ("is the road paved",
# "can i take a rental past the station"), not a request put as a question ("can you find",
# "is there a cafe": a search, answered by a name) and no choice of two ("is it X or Y").
SIDE_ASKED = re.compile(
    _OPENS + r"(is|are|was|does|do|did|will|would|should|can|could|may|am|has|have)\b"
    r"(?! (you|there|any)\b)", re.I)
CHOICE = re.compile(r"\bor\b|\bwhich\b", re.I)
# whether a thing is there, at a place named ("are there toilets at the shirogane falls lot",
# "is there a shop in the village"): a search, or a yes or a no
THERE_ASKED = re.compile(_OPENS + r"(is|are) there\b[^.?!]*\b(at|in|on|by|near|before|after) "
                         r"(the )?\w", re.I)


# how many, how much, how long, when in Korean ("몇 시까지 해요?", "입장료 얼마예요?", "언제
# 열어?"), not "기름 얼마 없어요" (little fuel left)
KO_FIGURE_ASKED = re.compile(r"몇 ?[가-힣]|얼마(?! ?(없|안 남|만))|언제")


def asked(user: str) -> Asks | None:
    """What the driver's single question asks for, when its first words say so (in Korean, a
    figure or a time only: its places and sides are read by other rules)."""
    if len(re.findall(r"\?", user)) > 1:
        return None
    if HANGUL.search(user):
        return Asks.FIGURE if KO_FIGURE_ASKED.search(user) else None
    if PLACE_ASKED.search(user) or (WHICH_ASKED.search(user) and " or " not in user.lower()):
        return Asks.PLACE
    if FIGURE_ASKED.search(user):
        return Asks.FIGURE
    if SIDE_ASKED.search(user) and not CHOICE.search(user):
        return Asks.SIDE
    if THERE_ASKED.search(user) and not CHOICE.search(user):
        return Asks.THERE
    return None


# A Korean question of a thing, not a search ("전등사 입장료 얼마예요?", "코스모스 지금 피었어?")
KO_ABOUT = re.compile(r"(몇|얼마|언제)|\?\s*$")
# ... a question whether there is one ("세차장 있어?") is a search
KO_SEARCH = re.compile(r"어디|찾아|근처|주변|추천|알려 ?줘|"
                       r"(?<!수 )있(어|나|니|을까|습니까|어요|나요)")


def asks_of_a_thing(user: str) -> bool:
    """A question of how much, when or whether about one thing, whose answer is that thing's,
    not a place to go (a search, which another place's name answers)."""
    if HANGUL.search(user):
        return bool(KO_ABOUT.search(user)) and not KO_SEARCH.search(user)
    return asked(user) in (Asks.FIGURE, Asks.SIDE)


# The driver asked for what the answer needs, put as a request ("Tell me where you're heading,
# please.", "let me know which hotel")
ASKS_BACK = re.compile(r"^\W*(please |so |ok,? )?(tell|let) me (know )?(where|which|what|when|how|"
                       r"who)\b", re.I)


# A place given in words: at, in or by a place of a kind ("at the trailhead car park", "in most
# supermarkets"), a side or a direction ("on your left", "2 km north"), a place past another.
PLACE_WORDS = (
    r"(car ?park|doors?|reception|desk|counter|booth|hut|hall|parking (lot|area|garage|bay|"
    r"spot)s?|lot|garage|lay-?by|trailhead|entrance|"
    r"exit|gate|visitor (centre|center)|centre|center|market|shops?|stores?|stalls?|"
    r"supermarkets?|kiosk|bakery|deli|office|station|terminal|airport|duty[- ]free|pier|"
    r"harbou?r|port|marina|square|plaza|street|road|lane|avenue|junction|roundabout|corner|"
    r"bridge|end|side|top|bottom|foot|base|summit|village (shop|store|square|centre)|town "
    r"(centre|center|square))"
)
LOCATED = (
    rf"\b(at|in|inside|outside|by|near|beside|behind|opposite|past|before|after|off|along|"
    rf"across|next to|close to|across from|in front of|on) (the |a |an |your |most |many |any |"
    rf"some |several |one of the |every )?([\w'-]+ ){{0,2}}{PLACE_WORDS}\b",
    # by, at or next to anything named ("key box by the reception hut"), not a turn of phrase
    r"\b(at|by|near|beside|behind|opposite|past|next to|close to|across from|in front of) "
    r"(?!(the |a )?(moment|time|least|most|all|once|first|last|way|then|far|now|heart|end of "
    r"the day|few|couple|years?|best|same|this|that|these|those|it|them|night|dawn|dusk|sunset|"
    r"sunrise|hour|noon|midnight|home|work)\b)(the |a |an |your |its |most |many |any |some )?"
    r"[a-z]",
    r"\b(ahead|north|south|east|west|northbound|southbound|upstairs|downstairs|inside|outside|"
    r"out front|round the back)\b",
    # a thing said to be at a place ("the polar museum is on søndre tollbodgate")
    r"\b(is|are|it'?s|they'?re|sits|lies) (just |right )?(on|at|in|by|near|past|behind|beside|"
    r"opposite) (?!(the|a|an|my|your|our|its|their|this|that|all|one|such|so|for|to|of)\b)\w",
    r"\b((on|to) (the|your) (left|right)|turn (left|right)|"
    r"(left|right)[- ](hand|side|lane|turn))\b",
)
NUMBER_WORDS = (
    r"\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|"
    r"forty|fifty|sixty|hundred|thousand|half|quarter|dozen|couple|few|several|first|second|"
    r"third|fourth|fifth)\b(?! of (the|its|those|these|our|my|them)\b)"
    # "one of Scotland's most iconic roads" counts nothing
    r"(?! of [\w'’]+(?:'s|’s)? (most|best|finest|greatest|top)\b)",
    r"\b(an?|per|every|each) (minute|hour|day|night|week|weekend|month|year)\b",
    r"\b(today|tonight|tomorrow|yesterday|noon|midday|midnight|morning|afternoon|evening|dawn|"
    r"dusk|sunrise|sunset|daily|hourly|weekly|weekends?|weekdays?|monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|"
    r"september|october|november|december|spring|summer|autumn|winter|season|always|never|"
    r"year-round|all year|all day|any ?time|24/7|now|soon|later|earlier|early|late|free|"
    r"nothing|no charge|no extra)\b",
)
# A figure or a time in Korean words: a count with its unit ("두 시간", "삼천 원", "열 곳"),
# a day or a time of day ("내일 아침", "평일엔 밤까지", "연중무휴"), nothing to pay ("무료",
# "요금 안 받아요"), none at all ("없어요"); not "한번 확인해 보세요" (try and check) or "오늘도
# 즐거운 하루" (a wish).
KO_FIGURES = (
    r"(두|세|네|다섯|여섯|일곱|여덟|아홉|열|스무|서른|마흔|쉰) ?(시간|시|분|개|명|번|일|주|달|곳|"
    r"군데|바퀴|층|대|잔|그릇)|한 ?(시간|시|곳|군데|바퀴|층|대|잔|그릇|달|주)",
    r"([일이삼사오육칠팔구]?[십백천만])+ ?(원|분|명|개|킬로|미터)",
    r"오늘(?!도)|내일|모레|아침|저녁|밤|새벽|오전|오후|정오|자정|주말|평일|매일|항상|언제든|연중|"
    r"요일|무료|공짜|안 받|없(어|습|네|다)",
)


# A side taken, a condition put or advice given ("it's fine if you stay on the boardwalk", "best
# to wait for first light", "you'd need a permit"), a limit said ("it depends on the snow").
SIDE_WORDS = (
    r"n't\b|\b(yes|yeah|yep|yup|no|nope|not|never|only|fine|ok|okay|alright|safe|unsafe|"
    r"allowed|permitted|prohibited|forbidden|banned|illegal|legal|open|closed|shut|possible|"
    r"impossible|can|cannot|could|should|must|may|might|need|needs|required|requires|recommend\w*|"
    r"advis\w*|avoid|best|better|wait|careful|caution|risk\w*|danger\w*|worth|depends?|"
    r"definitely|certainly|probably|likely|unlikely|sure|absolutely|of course|if|unless|but|"
    # ... or the state said as it will be ("it will be cloudy in atherton on thursday")
    r"will|going to|gonna|expected|predicted|forecast\w*|appears?|seems?|\w*opened|"
    r"\w*closed|reopen\w*|clear\w*|running|working|available)\b",
    # a short answer ("they do, a small terrace facing the square")
    r"^\W*(it|they|he|she|that|there|you|we|i)\s+(do|does|did|is|are|was|were|has|have|can|"
    r"will|would)\b",
)


def located_anew(low: str, user: str) -> bool:
    """A place given in words that are the reply's own: not the names the driver's utterance
    holds ("the West Seattle Bridge is iconic"), nor a place put as the driver put it ("in the
    old town"), nor a time ("check ahead")."""
    for name in sorted(names(user), key=len, reverse=True):
        low = low.replace(name, " ")
    said = user.lower()
    for regex in LOCATED:
        for m in re.finditer(regex, low):
            if m.group(0) not in said and not AHEAD_OF_TIME.search(low[:m.end()]):
                return True
    return False


AHEAD_OF_TIME = re.compile(r"\b(check|plan|book|call|phone|ring|think) ahead$")


def holds(kind: Asks, reply: str, user: str, *known: str) -> bool:
    """Does the reply hold an answer of the kind, in any words? A figure, an address or a
    distance answers every kind (a price, an hour, a place down the road)."""
    low = reply.lower()
    if re.search(r"\d", reply) or ADDRESS.search(reply) or distances_km(reply):
        return True
    if kind in (Asks.PLACE, Asks.THERE):
        fresh = {n for n in new_names(reply, user, *known) if n not in REGIONS}
        if fresh or located_anew(low, user) or on_a_street(reply, user):
            return True
        if kind is Asks.PLACE:
            return False
        return any_match(SIDE_WORDS, low) or any_match(NUMBER_WORDS[:1], low)
    if kind is Asks.FIGURE:
        return any_match(NUMBER_WORDS, low) or any_match(KO_FIGURES, reply)
    # a state said with its hour ("dry until about five"); not a time of day, which says the
    # driver's words back ("before dawn" to "before sunrise")
    return any_match(SIDE_WORDS, low) or any_match(NUMBER_WORDS[:1], low)


# Whether a service runs or a place is open now ("is the ferry to inishmore running today",
# "오늘 케이블카 운행해요?"), and a speed limit asked: the answer states the one or gives the
# other, in its own words or with a time ("sailings at 10:30", "closed till Friday", "50 km/h").
STATE_ASKED = re.compile(
    r"^\W*(is|are|will)\b(?! there\b)[^?]*\b(running|open|operating|sailing|working|closed)\b"
    r"|^\W*(does|do|will)\b[^?]*\b(run|open|operate|sail)\b"
    r"|(운행|운영|영업|문 ?열|열려|다녀|떠)(해요|하나요|하니|해|돼요|되나요|하고 있|중이|있어요|"
    r"있나요|요)?\s*\?", re.I)
STATE_SAID = re.compile(
    r"\b(yes|yeah|yep|no|nope|not|(re)?open\w*|clos\w*|shut|run\w*|operat\w*|cancel\w*|"
    r"suspend\w*|flowing|moving|clear\w*|passable|"
    r"sail\w*|depart\w*|leav\w*|service\w*|schedul\w*|timetable|until|till|today|tonight|"
    r"tomorrow|weather|wind\w*|storm|ice|snow\w*|rain\w*|fog|booked|full|sold out)\b"
    r"|\d{1,2}[:.]\d{2}|\d\s*(am|pm)\b"
    r"|운행|운영|영업|결항|중단|휴무|쉬|열|닫|마감|출발|\d+ ?시|네[,. !]|아니요|아뇨|가능|못 |"
    r"안 (다녀|해|떠)|다녀요|다닙니다|떠요|뜹니다|바람|파도|날씨", re.I)
SPEED_LIMIT_ASKED = re.compile(r"\b(what'?s|whats|what is|tell me|do you know)\b[^.?!]*\bspeed "
                               r"limit\b|^\W*(the )?speed limit\b[^.!]*\?|(제한 ?속도|속도 ?제한)"
                               r"(이|가|은|는)? ?(몇|얼마)", re.I)
SPEED_GIVEN = re.compile(r"\d\s*(mph|km/h|kph|kmh)\b|시속 ?\d|\d\s*킬로|\b(no (speed )?limit|"
                         r"national (speed )?limit|unrestricted)\b", re.I)


# How long something can go on before an event ("how long can we stay before the tide cuts us
# off?"): the clock time it ends answers it as well as a duration
UNTIL_WHEN = re.compile(r"\bhow long (can|could|do|does|will|should|have) (we|i|you|it|they)\b"
                        r"[^?]*\b(before|until|till)\b", re.I)


def until_when(asked: str, reply: str) -> bool:
    return bool(UNTIL_WHEN.search(asked) and minutes_of(reply))


def state_value(asked: str, reply: str) -> tuple[bool, bool] | None:
    """(the reply says whether it runs or is open / gives the speed, False), or None when
    the question asks neither."""
    if SPEED_LIMIT_ASKED.search(asked):
        return bool(SPEED_GIVEN.search(reply)), False
    if STATE_ASKED.search(asked):
        return bool(STATE_SAID.search(reply)), False
    if ICE_ASKED.search(asked):
        return bool(ICE_SAID.search(reply)), False
    return None


# Whether the road will ice or freeze ("is the pass going to ice up tonight", "will it be icy
# on the col"): the answer speaks of ice, cold, the temperature, gritting, or takes a side
ICE_ASKED = re.compile(r"^\W*(is|are|will|does|do|should)\b[^?]*\b(ice up|icy|ic(e|ing) over|"
                       r"freez\w*|frost\w*|black ice|slippery)\b", re.I)
ICE_SAID = re.compile(r"\b(ice|icy|icing|freez\w*|frost\w*|below zero|sub-?zero|degrees|grit\w*|"
                      r"salt\w*|dry|wet|snow\w*|cold|warm|mild|temperature|minus|plough\w*|"
                      r"plow\w*|yes|yeah|no|not|unlikely|likely|probably)\b|°|-\s?\d", re.I)


# a price asked and given in Korean ("입장료 얼마야?": "어른 4천 원")
KO_PRICE = re.compile(r"\d[\d,]*\s?([천만]\s?)?원|무료")


def price_asked_and_given_ko(user: str, reply: str) -> bool:
    return "얼마" in user and KO_PRICE.search(reply) is not None
