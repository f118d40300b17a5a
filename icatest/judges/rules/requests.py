"""What a free-text request asks for, and what in a reply answers it.

A request is a description ("Find a cheap Italian restaurant") with constraint phrases
("cheap", "within 2 km"); structured slots, when present, are extra evidence. The kind is read
from the words; each kind has its own answer evidence (a route summary answers a route request,
a name or an address answers a search, a temperature answers a weather question).
"""

from __future__ import annotations

import re
from enum import StrEnum
from functools import lru_cache

from icatest.judges.rules.grounding import REGIONS
from icatest.judges.rules.place_kinds import PLACE_KINDS
from icatest.judges.rules.text import (
    ADDRESS,
    HANGUL,
    any_match,
    distances_km,
    durations,
    minutes_of,
    new_content,
    new_names,
)
from icatest.judges.rules.unsafe_asks import UNSAFE_ASKS


class RequestKind(StrEnum):
    NAVIGATE = "navigate"
    SEARCH = "search"
    PLAN = "plan"
    WEATHER = "weather"
    SCHEDULE = "schedule"
    VEHICLE = "vehicle"
    MEDIA = "media"
    INFO = "info"
    UNSAFE = "unsafe"
    OTHER = "other"


# A Korean request to be taken somewhere: "센트럴파크로 가 줘", "강남역까지 안내해 줘", "데려다 줘",
# "길 안내"
# "주문진까지 안내" (a request written as a noun phrase)
KO_TAKE_ME = (r"(로|까지) ?(가 ?줘|가 ?주세요|가자|데려다|안내)|안내해 ?(줘|주세요)|길 ?안내"
              # the particle dropped, as in speech ("무창포해수욕장 가 줘"), after a word of three
              # syllables or more that is no adverb ("천천히 가자")
              r"|(?<![가-힣])(?!(천천히|조심히|이따가|나중에|다음에|그러면|그래도) )[가-힣]{3,} "
              r"(가 ?줘|가 ?주세요|가자|가 ?줄래|가 ?주실래요)"
              # the route asked for ("포항까지 경로 알려줘", "가는 길 알려 줘")
              r"|경로(?!당)|가는 ?길 ?(알려|안내|찾아)")

# the Korean words of the kinds of places, longest first ("동물병원" before "병원")
KO_PLACE_WORDS = tuple(sorted(
    {"주유소", "충전소", "충전기", "주차장", "세차장", "약국", "식당", "카페", "맛집", "호텔",
     "병원", "마트", "편의점", "졸음쉼터", "휴게소", "빵집", "정비소",
     *(w for ws in PLACE_KINDS.values() for w in ws if HANGUL.search(w))},
    key=lambda w: (-len(w), w)))

KIND_WORDS: dict[RequestKind, tuple[str, ...]] = {
    RequestKind.UNSAFE: UNSAFE_ASKS,
    RequestKind.PLAN: (
        r"\b(then|after that|first|stops?|on the way|via|plan (a|my|the) (trip|route|day))\b",
    ),
    RequestKind.NAVIGATE: (
        # (the way said too: "drive us up to the viewpoint", "can we drive right out to the tip")
        r"\b(route|navigate|navigation|directions?|take (me|us)|drive ((me|us) )?"
        r"(?:(?:right|straight|up|down|over|out|back|across|round) ){0,2}to|"
        r"get ((me|us) )?(?:(?:up|down|over|out|back) )?to|"
        r"head(ing)? (to|for)|way to|go to|arriv\w*|eta|how (far|long)|"
        r"traffic|airport|trip|destination|(travel|journey|driving) time)\b",
        KO_TAKE_ME,
    ),
    RequestKind.SEARCH: (
        r"\b(find|nearest|closest|nearby|where (is|are|does|do|can)|where'?s|is there|are there|"
        r"any\b|address|location|rest stop|name of|look(ing)? "
        r"for|search|recommend|suggest|place|spot|somewhere|charg\w*|station|restaurant|cafe|"
        r"coffee|parking|hotel|pharmacy|hospital|shop|store|mall|gas|fuel|food|b&b|guest ?house|"
        r"inn|motel|hostel|pub)\b",
        r"찾아 ?(줘|주세요|줄래|봐|줄 수)|근처|주변",  # "근처 세차장 찾아 줘", "주변에 약국 있어?"
        # a kind of place asked after ("24시간 하는 세차장 있나요?", "가까운 주유소 어디야?")
        rf"({'|'.join(KO_PLACE_WORDS)})[^.?!]{{0,8}}(있|알려|어디)|가까운 ",
        # a place said by what is done there ("펑크 수리하는 데 있어요?", "카시트 빌려주는 곳
        # 알려 줘")
        r"[가-힣](하는|되는|파는|주는|할 수 있는|볼 수 있는) (데|곳)[^.?!]{0,6}(있|알려|어디)",
        # a request written as the kind of place alone ("대천 공영주차장", "세차장")
        rf"^[가-힣 ]{{0,20}}({'|'.join(KO_PLACE_WORDS)})\W*$",
    ),
    RequestKind.WEATHER: (
        # the wind, not the windscreen or the window; the snow, not snow chains or a snow brush
        r"\b(weather|forecast|rain\w*|snow\w*(?! (chains?|tyres?|tires?|socks?|brush(es)?|"
        r"shovels?|scrapers?|boots?|gear)\b)|sunny|cloudy|temperature outside|"
        # the temperature of a place ("temperature at the top now"), not of the cabin
        r"temperature (?:there|(?:at|in|on|up|near|by) (?!(?:the |my |our )?(?:cabin|car|back|"
        r"front|rear|driver|passenger|seats?|\d))\w+)|"
        # the heat, not a hot spring or a hot dog
        r"hot(?! (springs?|pools?|tubs?|baths?|dogs?|chocolate|sauce|pot|food|meal|showers?|"
        r"water|drinks?))|cold|humid|"
        r"wind(y|s|ier|iest|chill)?|storm|fog\w*)\b",
        r"날씨|안개|기온|폭우|폭설|비가? (와|오|올)|눈이? (와|오|올)",
    ),
    RequestKind.SCHEDULE: (
        r"\b(meeting|appointment|calendar|schedule|remind\w*|event|conference|dinner with|"
        r"lunch with|doctor|dentist|yoga|tennis|football|swimming|optometrist|activity|"
        r"medicine|what time (is|do|does|am)|when (is|do|does|am))\b",
    ),
    RequestKind.VEHICLE: (
        r"\b(temperature|degrees|climate|a/?c|air ?con\w*|heat\w*|seats?|windows?|sunroof|defrost|"
        r"fan|mirrors?|wipers?|cruise|battery|range|"
        # the car's tyres, not a shop that fits them ("find a tyre shop" is a search)
        r"(tire|tyre)(?! (shop|place|fitter|store|centre|center|hotel|service|garage)))\b",
        # a Korean command to a part of the car ("트렁크 닫아 줘", "창문 좀 올려 줘", "열선 켜기")
        r"(창문|선루프|썬루프|트렁크|에어컨|히터|열선|통풍 ?시트|와이퍼|실내등|사이드 ?미러)"
        r"(을|를|은|는)? ?(좀 )?(닫|켜|꺼|끄|올려|올리|내려|내리|맞춰|맞추)(?!\s?주는|는)",
    ),
    RequestKind.MEDIA: (r"\b(play|music|song|radio|podcast|volume|playlist|station \d)\b",),
}

ANSWER_WORDS: dict[RequestKind, tuple[str, ...]] = {
    RequestKind.NAVIGATE: (
        r"\b(route|via|minutes?|mins?|hours?|km|miles?|eta|arriv\w*|navigat\w*|directions?|"
        r"head(ing)?|turn|exit|traffic|highway|motorway|road|street|avenue|drive|on (our|your|the) "
        r"way|set (a|the) (course|route)|guid\w*|destination)\b",
    ),
    RequestKind.WEATHER: (
        r"\b(sunny|cloud\w*|rain\w*|snow\w*|clear|dry|wind\w*|storm\w*|fog\w*|overcast|"
        r"humid\w*|drizzle|hail|frost|warm|hot|cold|cool|mild|degrees?|°|forecast|"
        r"temperature|high of|low of|\d+ ?f\b|shower\w*|thunder\w*|sleet)",
        r"\d\s*°",
    ),
    RequestKind.SCHEDULE: (
        r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|tonight|"
        r"morning|afternoon|evening|week|\d{1,2}(st|nd|rd|th)|am|pm|set|scheduled|reminder|"
        r"with|at|room|calendar|no (meeting|appointment|event)s?)\b",
    ),
    RequestKind.VEHICLE: (
        # "on" and "off" of a setting, not the preposition of a place ("a sauna on the top floor")
        r"\b(set|setting|turn\w*|switch\w*|adjust\w*|raise|rais\w*|lower\w*|open\w*|clos\w*|"
        r"heat\w*|cool\w*|degrees?|°|level|warm\w*|%)\b"
        r"|\b(on|off)\b(?! (the|a|an|your|my|our|this|that|its|their)\b)",
        # the same done or promised in Korean ("트렁크 닫았어요", "창문 올려 드릴게요")
        r"(켰|껐|열었|닫았|맞췄|올렸|내렸|낮췄|높였)(어|습니다|다)|"
        r"(켜|꺼|열어|닫아|맞춰|올려|내려) ?(드렸|드릴게|드리겠|줄게|놨|뒀)|(켤|끌|닫을|맞출)게",
    ),
    RequestKind.MEDIA: (r"\b(play\w*|tun\w*|volume|station|song|track|radio|podcast|music)\b",),
}

NEGATIVE_ANSWER = (
    r"\b(there (is|are) no|there'?s no|no \w+ (nearby|near|close|around|found|available))\b",
    r"\b(couldn'?t|could not|can'?t|cannot|didn'?t|did not) (find|locate|see)\b",
    r"\b(none|nothing) (nearby|near|close|found|available|scheduled)\b",
    r"\b(don'?t|do not) (see|have) (any|a)\b(?![^.?!]*\b(earlier|before|previous))",
)


CONTINUATION_WORDS = frozenset(
    "yes yeah yep sure ok okay please that sounds great good fine perfect let's lets go do it "
    "try one there this that first second last thanks thank you".split()
)


# a meal named ("dinner in lagos", "we've booked dinner at Casa Lola")
MEAL = re.compile(r"\b(lunch|dinner|breakfast|brunch|supper|fika|afternoon tea|a snack|a bite)\b",
                  re.I)


def is_continuation(description: str) -> bool:
    """A short follow-up ('Yes, please', 'Let's try Jing Jing') whose request is the talk so far."""
    from icatest.judges.rules.text import content_stems

    own = content_stems(description) - {w for w in CONTINUATION_WORDS}
    if MEAL.search(description):
        return False  # "dinner in lagos": a meal's place asked for, a search of its own
    return len(own) <= 2 and not any(
        any_match(KIND_WORDS[k], description.lower())
        for k in (RequestKind.WEATHER, RequestKind.SCHEDULE, RequestKind.NAVIGATE,
                  RequestKind.VEHICLE, RequestKind.MEDIA, RequestKind.UNSAFE, RequestKind.SEARCH)
    )


# A question about the rule ("what's the speed limit here?") asks for information, not for
# anything unsafe to be done.
# A video for the back seats only ("뒷좌석 화면에 영화 틀어 줘", "the cartoon on the rear
# screens for the kids"): the passengers' screens, not the driver's
REAR_SCREEN = re.compile(r"^(?!.*(front|driver|앞 ?화면|운전석|내 쪽))"
                         r".*(\b(rear|back[- ]?seat|rear[- ]seat)s? (screens?|displays?|"
                         r"entertainment)|(뒷좌석|뒷자리|뒷) ?(화면|모니터|스크린|디스플레이))",
                         re.I)
ASKS_THE_RULE = (
    r"^(what|what'?s|which|is|are|how (fast|quick)ly? (can|may|am)|do you know)\b[^.]*"
    r"\b(speed limit|limit|allowed|legal|permitted)\b",
    r"\b(what|what'?s|which|tell me|do you know|remind me)\b[^.?!]*\bspeed limit\b"
    r"(?![^.?!]*\b(ignore|over|above|exceed|beat|faster)\b)",
    # the rule asked for by its name alone ("speed limit on the parkway", "the limit here?")
    r"^\W*(the )?(current |posted |legal )?speed limit\b"
    r"(?![^.?!]*\b(ignore|over|above|exceed|beat|faster|raise|set|increase|up)\b)",
)


# A request to be taken somewhere (as against one to find or plan something).
GOES = (
    r"\b(take me|navigate|drive (me )?to|route|go(ing)? to|head(ing)? to|bring me|directions|"
    r"destination)\b",
)


def goes(description: str) -> bool:
    return any_match(GOES, description.lower())


CALL_FIRST = re.compile(r"^\W*(please )?(call|ring|phone|dial)\b(?! (for|me a|us a)\b)")


@lru_cache(maxsize=4096)
def request_kind(description: str, hint: str = "") -> RequestKind:
    """Kind from a structured hint when given, else from the words of the description."""
    by_hint = {
        "navigate": RequestKind.NAVIGATE,
        "find_poi": RequestKind.SEARCH,
        "charge": RequestKind.SEARCH,
        "multi_stop": RequestKind.PLAN,
        "vehicle": RequestKind.VEHICLE,
    }
    low = description.lower()
    if (any_match(KIND_WORDS[RequestKind.UNSAFE], low) and not any_match(ASKS_THE_RULE, low)
            and not REAR_SCREEN.search(low)):
        return RequestKind.UNSAFE
    if hint in by_hint:
        return by_hint[hint]
    for kind in (
        RequestKind.WEATHER,
        RequestKind.SCHEDULE,
        RequestKind.MEDIA,
        RequestKind.VEHICLE,
    ):
        if any_match(KIND_WORDS[kind], low):
            return kind
    if CALL_FIRST.match(low):
        return RequestKind.OTHER  # "call the hotel" asks for a call, not for a hotel
    searches = any_match(KIND_WORDS[RequestKind.SEARCH], low)
    routes = any_match(KIND_WORDS[RequestKind.NAVIGATE], low)
    if searches and routes and any_match(KIND_WORDS[RequestKind.PLAN], low):
        return RequestKind.PLAN
    if searches:
        return RequestKind.SEARCH
    if routes:
        return RequestKind.NAVIGATE
    return RequestKind.INFO if low.rstrip().endswith("?") else RequestKind.OTHER


# A route started to a place, which answers "take me to the pharmacy" as a search: the reply
# picked one ("route set to cvs broadway, 8 min.", "navigating to the one on king st").
ROUTED_TO = re.compile(r"\b(route (is )?(set|started) to|navigating to|guiding you to|"
                       r"taking you to)\s+(?!(it|there|that|this)\b)\w")


def _routed_to_new_place(low: str, known: tuple[str, ...]) -> bool:
    """A route started to a place the driver did not name ("taking you to the central
    station" to "take me to the central station" says the request back)."""
    m = ROUTED_TO.search(low)
    if m is None:
        return False
    target = re.split(r"[,.;!?]", low[m.end() - 1:])[0]
    return bool(new_content(target, *known))


def answer_evidence(kind: RequestKind, reply: str, *known: str) -> str | None:
    """What in the reply answers a request of this kind, or None."""
    low = reply.lower()
    if kind in (RequestKind.SEARCH, RequestKind.PLAN, RequestKind.NAVIGATE):
        # a country or region ("Munich, Germany") places a city, it is no place found
        fresh = {n for n in new_names(reply, *known) if n not in REGIONS}
        if fresh:
            return f"names {sorted(fresh)[0]!r}"
        if ADDRESS.search(reply):
            return "gives an address"
        if distances_km(reply):
            return "gives a distance"
        if any_match(NEGATIVE_ANSWER, low):
            return "says none was found"
        if _routed_to_new_place(low, known):
            return "sets a route to a place"
    if kind in (RequestKind.NAVIGATE, RequestKind.PLAN) and (
        durations(reply) or minutes_of(reply) or any_match(ANSWER_WORDS[RequestKind.NAVIGATE], low)
    ):
        return "gives a route summary"
    if kind in (RequestKind.INFO, RequestKind.OTHER, RequestKind.SCHEDULE):
        if new_names(reply, *known) or ADDRESS.search(reply) or distances_km(reply):
            return "gives specific information"
    words = ANSWER_WORDS.get(kind)
    if words and any_match(words, low):
        return f"answers a {kind.value} request"
    if kind is RequestKind.SCHEDULE and minutes_of(reply):
        return "gives a time"
    return None


REPEATS_SIMILARITY = 0.6


def repeats(utterance: str, description: str) -> bool:
    """Does the driver's utterance ask again for what the description asks? What it calls off
    ("forget the pharmacy") it does not."""
    from icatest.judges.rules import semantic
    from icatest.judges.rules.text import content_stems, without_called_off

    utterance = without_called_off(utterance)
    if not utterance:
        return False
    asked, said = content_stems(description), content_stems(utterance)
    shared = asked & said
    if asked and len(shared) * 2 >= len(asked) and len(shared) >= min(2, len(asked)):
        return True
    sim = semantic.similarity(utterance, description)
    return sim is not None and sim >= REPEATS_SIMILARITY
