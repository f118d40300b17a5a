"""A search answered with places of another kind: what the reply offers for the request (its
named places, list items, a terse lowercase place, in Korean a place that is there) and the
kinds of those places against the kind asked for. `answers.py` reads the verdict."""

from __future__ import annotations

import re

from icatest.judges.rules import context, plans
from icatest.judges.rules.korean import is_korean
from icatest.judges.rules.place_kinds import (
    SERVES,
    opening_kind,
    other_place_kinds,
    place_kind,
    place_kinds,
)
from icatest.judges.rules.requests import RequestKind
from icatest.judges.rules.text import (
    content_stems,
    distances_km,
    durations,
    names,
    new_names,
    on_a_street,
    sentences,
    words,
)
from icatest.judges.rules.turn import Request, TurnInput

# Where an offered place is ("300 m from the castle park", "next to the museum") is no place
# offered: the words after the preposition locate it.
LOCATES = re.compile(r"\b(from|near|next to|opposite|behind|beside|across from|close to|"
                     r"in front of|by)\s+(the\s+)?([\w'’-]+\s+)?[\w'’-]+"
                     # ... in Korean, a distance from it ("선착장에서 800m예요")
                     r"|[가-힣]+(에서|부터) ?(약 )?\d", re.I)
# The kind asked for answered as "one" and where it is ("one in the wall outside the spar",
# "there's one at the tesco"): the place named is where it is, not another kind offered
ONE_OF_IT = re.compile(r"^\W*(yes|yeah|yep|yup)?\W*(there'?s |there is )?one (in|at|outside|inside|"
                       r"by|on|behind|beside|next to|opposite)\b", re.I)
# ... or after it ("a convenience store ATM next door"): a side remark, no place offered
BESIDE = re.compile(r"\b(a|an|the)\s+([\w'’-]+\s+){0,2}[\w'’-]+\s+(next door|around the corner|"
                    r"across the (street|road))\b", re.I)


# a place that is there, close by or found ("카페를 찾았어요")
KO_THERE = re.compile(r"(이|가) (있(어요|습니다|어|다|네요)|가까워|가깝|많아요|많습니다)|"
                      # or found, or recommended ("카페거리를 추천드려요")
                      r"(을|를) 찾았|(을|를) 추천(해요|합니다|드려요|드립니다|할게요|해 ?드려요|"
                      r"해 ?드릴게요)"
                      r"|[가-힣] 많(아요|습니다|아|네요)")  # "돼지국밥 맛집 많아요": many are there


# A thing to be had asked for, not a kind of place ("where do i get firewood for a beach
# fire"): a place said to sell it is the answer, whatever its kind ("mariner market sells
# bundles"); the purpose after it names no place sought.
GOODS_ASKED = re.compile(r"^\W*where (do|can|could|should) (i|we) (get|buy|pick up) (some |a |an )?"
                         r"(?P<thing>[\w-]+)", re.I)
SELLS = re.compile(r"\b(sells?|selling|stocks?|stocking|carries)\b", re.I)
# A place offered by the food it serves, its kind unnamed: a place to eat
FOOD_SERVED = re.compile(r"\bserv(es|ing) (up )?([\w-]+ ){0,2}(oysters|mussels|seafood|food|meals|"
                         r"lunch|dinner|breakfast|brunch|burgers|pizzas?|coffee|pastries|tapas|"
                         r"noodles|fish and chips|dishes)\b", re.I)
HOW_LONG_FAR = re.compile(r"\bhow (long|far)\b|얼마나 (걸|멀)", re.I)
# the fuel a station sells names the station ("OMV Zlaté Piesky: diesel and 95 octane")
FUEL_SOLD = re.compile(
    r"\b(diesel|unleaded|octane|lpg|e10|super plus)\b|\b9[58] ?ron\b|경유|휘발유", re.I)


def _without_local_names(text: str, location: str) -> str:
    """The text without the names of where the car is that hold a word of a kind of place
    ("a diner in red lodge" on the Beartooth Highway above Red Lodge: Red Lodge is a town)."""
    for name in names(" " + location):
        if place_kinds(name):
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text, flags=re.I)
    return text


# a meal's place asked for by the meal ("somewhere for a cooked breakfast", "a spot for lunch")
MEAL_ASKED = re.compile(r"(somewhere|a place|place|a spot|spot|anywhere)\s+(for|to (have|get|"
                        r"eat))\s+(a |an |some )?(\w+ )?(breakfast|brunch|lunch|dinner|supper|"
                        r"meal|bite)\b", re.I)
# the words a search opens with before its kind of place ("find a", "a good", "the nearest")
SEARCH_OPENING = re.compile(r"^\W*((please|find|get|show|need|want|look for|search for|any|"
                            r"a|an|the|some|me|us|us a|me a|good|nearest|closest|cheap|open|"
                            r"local)\s+)*", re.I)


def _opens_with_kind(description: str, asked: str) -> bool:
    """The request opens with the kind of place it asks for ("chemist in sneem, need …",
    "Find a petrol station open on the way to Shimoda"): a search, whatever else it says."""
    opening = SEARCH_OPENING.match(description)
    rest = description[opening.end():] if opening else description
    return bool(asked) and opening_kind(rest) == (place_kind(asked) or asked)


PUBLIC_TOILET = re.compile(r"\bpublic (toilets?|restrooms?|loos?)\b|\btoilet (block|building)\b|"
                           r"공중화장실|공용 화장실", re.I)


def _asked_kind(req: Request, description: str) -> str:
    """The kind of place the search asks for, by what it is for where the words name none."""
    asked = req.slot("category") or (place_kind(description) or "")
    if asked == "parking" and CAR_TROUBLE.search(description):
        asked = "car repair"  # "a garage near cloghane, the front tyre looks soft"
    elif not asked and FIX_ASKED.search(description):
        asked = "car repair"  # "a slow puncture looked at"
    opening = SEARCH_OPENING.match(description)
    if MEAL_ASKED.match(description, opening.end() if opening else 0):
        asked = "restaurant"  # "somewhere for a cooked breakfast before the ferry"
    return asked


def kind_instead(req: Request, kind: RequestKind, turn: TurnInput, reply: str) -> str | None:
    """A search answered with places of another kind only: those kinds."""
    where = turn.situation.location
    reply = _without_local_names(reply, where)
    description = _without_local_names(req.description, where)
    asked = _asked_kind(req, description)
    goods = GOODS_ASKED.match(description)
    # (a thing of no kind of place: a need such as cash is `needs.py`'s)
    if not asked and (thing_sold := thing_instead(description, reply)) is not None:
        return thing_sold
    if (goods and asked not in NEEDS and not place_kind(goods.group("thing"))
            and SELLS.search(reply)):
        return None
    # "how long is the drive from Dogo Onsen to the ropeway?" answered with the minutes: the
    # places it names are where the drive goes, not a kind of place asked for
    if HOW_LONG_FAR.search(req.description) and (durations(reply) or distances_km(reply)):
        return None
    # a plan's stops are of several kinds: another kind in the reply is another stop
    one_place = not any(plans.stops_in(t) or plans.listed_stops(t)
                        for t in (req.description, turn.user))
    # a search, said as one ("find a petrol station on the way to X" reads as a plan) or as the
    # kind of place alone ("chemist in sneem, need hay fever tablets")
    searching = kind is RequestKind.SEARCH or (
        kind in (RequestKind.PLAN, RequestKind.OTHER) and _opens_with_kind(description, asked))
    offered = offered_text(req, turn) if asked and searching and one_place else ""
    # kinds the request itself names are not offered instead ("with parking", "near the
    # Pinakothek": the car park and the museum are what was asked about)
    named = place_kinds(" ".join((description, *req.constraints)))
    offered = BESIDE.sub(" ", LOCATES.sub(" ", _without_local_names(offered, where)))
    # a toilet said of the place offered is one of its facilities ("an accessible toilet on the
    # ground floor"), not a place offered instead, unless a public one
    others = [k for k in other_place_kinds(offered, asked) if k not in named
              and (k != "toilet" or PUBLIC_TOILET.search(offered))] if offered else []
    # the kind asked for named anywhere in the reply ("Chargers near you", "valet parking"):
    # another kind beside it is a side remark ("next to a cafe"), not an answer instead
    said = place_kinds(reply) | ({"gas station"} if FUEL_SOLD.search(reply) else set())
    mine = place_kind(asked) or asked
    if mine in GARAGE_IS and re.search(r"\bgarages?\b", reply.lower()):
        said.add(mine)  # "garage at the cathkin park turn-off" for fuel: the British garage
    if ONE_OF_IT.search(reply):
        said.add(mine)  # "one in the wall outside the spar": the kind asked for, where it is
    if mine == "hotel" and ROOMS.search(reply):
        said.add(mine)  # "hellnar farm rooms, … six rooms": somewhere to stay, by its rooms
    # a Korean house named by its dish: the dish in the reply names it ("닭갈비집" -
    # "'불꽃 숯불닭갈비'")
    if any(w[:-1] in reply for w in re.findall(r"[가-힣]{2,}(?=집)", description)):
        said.add(mine)
    # ... or a kind that serves the same need ("Café Lindenhof" for somewhere for lunch)
    eats = {mine, *SERVES.get(mine, ())} & {"restaurant", "cafe"}
    if not others and offered and not eats and FOOD_SERVED.search(offered):
        others = ["restaurant"]  # "Freycinet Marine Farm serves freshly shucked oysters"
    if others and not ({mine, *SERVES.get(mine, ())} & said):
        return f"answered with {', '.join(others)} instead"
    return goods_instead(mine, reply, said, description)


# A fault of the car to be mended, said with no kind of place ("where can I get a slow
# puncture looked at")
FIX_ASKED = re.compile(r"\b(puncture|flat tyre|flat tire)\b[^.?!]*\b(looked at|fixed|repaired|"
                       r"mended|sorted)\b", re.I)
# A thing the driver needs to get ("sells a jerry can", "fill a propane bottle", "get mosquito
# spray"), not to eat or take home
THING_ASKED = re.compile(r"\b(?:sells?|buy|fill|refill|get|pick up|rent|hire)\b "
                         r"(?:up |some |a |an |our |my )?(?P<thing>[\w-]+(?: [\w-]+)?)", re.I)


def thing_instead(description: str, reply: str) -> str | None:
    """A thing to get asked for, and a place offered only by two or more foods or goods it sells,
    none of them the thing, the thing nowhere in the reply."""
    m = THING_ASKED.search(description)
    if m is None or GOODS.search(description) or MEAL_WORDS.search(description):
        return None
    thing = content_stems(m.group("thing"))
    if not thing or thing & content_stems(reply):
        return None
    return sold_instead(reply)


MEAL_WORDS = re.compile(r"\b(eat|food|lunch|dinner|breakfast|brunch|snack|coffee|drink|souvenirs?|"
                        r"gifts?|presents?)\b", re.I)


# A fault of the car, said beside a garage asked for: the garage that mends it.
CAR_TROUBLE = re.compile(r"\bgarage\b.*\b(tyres?|tires?|puncture\w*|flat|brakes?|engine|"
                         r"clutch|exhaust|leak\w*|warning light|rattl\w*|grind\w*)\b", re.I)
# A place to stay said by what it lets ("six rooms", "€80 a night", "a double with a view").
ROOMS = re.compile(r"\b(rooms?|doubles?|twins?|cabins?|chalets?|suites?)\b"
                   r"(?! (service|temperature))"
                   r"|\b(a|per) night\b", re.I)
# What a garage is beside a car park, where British English is spoken: fuel and repairs.
GARAGE_IS = frozenset({"gas station", "car repair", "tyre shop"})
# A service the car or the driver needs, which no place of food or souvenirs provides ...
NEEDS = frozenset({"gas station", "charging station", "pharmacy", "tyre shop", "atm", "car wash",
                   "hospital", "car repair", "laundromat", "ranger station", "locksmith", "vet",
                   "windscreen repair", "roadside help", "phone shop", "bike repair"})
# ... and a place offered by the food or the goods it sells ("el portillo has goat cheese,
# honey rum and lava stone magnets, 9 km up", "감자옹심이랑 감자전 하는 집")
GOODS = re.compile(r"\b(soups?|cakes?|cheeses?|honey|rum|wines?|beers?|pinot|fondue|tarte|flamb\w+|"
                   r"strudel|dumplings?|pizzas?|burgers?|pastr\w+|oysters?|mussels|chowder|tacos?|pints?|"
                   r"ice cream|bread|sandwich\w*|magnets?|souvenirs?|postcards?|fudge|chocolates?|"
                   r"sausages?|fish and chips|jewell?ery|mittens|jams?|pies|lamingtons|marble|"
                   r"pendants|rings|worry stones|foie gras|confit|walnut oil|curd|buttermilk|"
                   r"gambas|tortilla|pasties|welsh cakes|whitefish|knitted|wool|crafts|pottery|"
                   r"ceramics|lace|olive oil|scoops|cones|gelato|sorbet|caramels?|biscuits|"
                   r"cookies|majolica|plates|jugs|brooches|earrings|necklaces|bracelets|candles|"
                   r"soaps?|lamb|pasta|stews?|grills?|kebabs?)\b"
                   r"|옹심이|감자전|칼국수|국수|국밥|찌개|떡볶이|전골|"
                   r"샤인머스캣|포도|아이스크림|기념품|빵|공예품|한지|도자기", re.I)
PLACED = re.compile(r"\d+ ?(km|mi|m|min|분|시)\b|\d+ ?(km|m|분)|\bopen (till|until|from)\b|"
                    r"\b(\d+|few|two|three|five|ten) minutes?\b|\b(right )?by the (harbour|port|"
                    r"square|river|beach|station|church)\b|\bin (the )?town\b|"
                    r"\b(till|until) \d|"
                    r"(하는|파는) (집|곳|데)|팔아요|있어요", re.I)


def goods_instead(mine: str, reply: str, said: set[str], description: str) -> str | None:
    """A service asked for, and a place offered only by two or more foods or goods it sells,
    the kind asked for nowhere in the reply; or by a list of things it sells, none of them a
    word of the request ("a pharmacy for hay fever": "sells painted horses, linen and baskets")."""
    if mine not in NEEDS or mine in said or not PLACED.search(reply):
        return None
    listed = SOLD_LIST.search(reply)
    if listed and not content_stems(description) & content_stems(listed.group(0)):
        return f"answered with a place that sells {listed.group('first')} instead"
    return sold_instead(reply)


# A place told by a list of what it sells ("sells hand-carved cups, butter knives and key rings")
SOLD_LIST = re.compile(r"\b(?:sells?|selling|stocks?|stocking|does|makes)\b (?:[\w-]+ ){0,2}?"
                       r"(?P<first>[\w-]+(?: [\w-]+){0,2}?)(?:,| and | or )[^.!?\n]{3,120}", re.I)


def sold_instead(reply: str) -> str | None:
    """The place offered told by two or more foods or goods it sells: those goods."""
    sold = {m.group(0).lower() for m in GOODS.finditer(reply)}
    return f"answered with a place of {', '.join(sorted(sold))} instead" if len(sold) >= 2 else None


HEADING_WORDS = 5


def _short_heading(sentence: str) -> bool:
    return len(words(sentence)) <= HEADING_WORDS and not sentence.rstrip().endswith((".", "!", "?"))


# A list item that opens with the place it offers and a colon ("Gimsoy beach: wide open sky,
# about 35 minutes"): the label is a name, although it opens the line, when the item says how
# far it is.
# The same with a dash ("Inatori fish market — fresh kinmedai"), and a label that holds a kind
# of place needs no distance: the item offers that place.
ITEM_LABEL = re.compile(r"^(?P<label>[A-Z][\w'’-]*(?: [\w'’-]+){0,3})(?::| [—–-])\s")


def _item_label(sentence: str, *sources: str) -> bool:
    m = ITEM_LABEL.match(sentence)
    if m is None:
        return False
    # the label ends in its kind of place ("Inatori fish market"; not "Winter tires recommended")
    head = " ".join(m.group("label").split()[-2:])
    kind = place_kinds(head) and place_kind(head.split()[-1]) is not None
    return bool((distances_km(sentence) or durations(sentence) or kind)
                and m.group("label").lower() not in " ".join(sources).lower())


# a Korean sentence about a place, the place its topic or subject ("좌구산 천문대는 저녁 7시부터 …")
KO_TOPIC = re.compile(r"^\W*((?:[가-힣]+\s+){0,2}[가-힣]+?)(은|는|이|가)\s")


def _topic_place(sentence: str) -> bool:
    m = KO_TOPIC.match(sentence)
    return bool(m and place_kinds(m.group(1)))


# A terse lowercase reply says where its place is or when it opens ("…, just off the markt",
# "…, live trad from 21:00, on the square")
TERSE_PLACE = re.compile(r"\b(just off|off the|on the (square|corner|main street|high street|"
                         r"harbour|harbor|seafront|front|quay)|opens? (at|from|till|until|til|"
                         r"\d{1,2}([:.]\d{2})? (to|till|until|-))|"
                         r"from \d{1,2}[:.]\d{2}|runs from|just past)\b")


def offered_text(req: Request, turn: TurnInput) -> str:
    """The sentences of the reply that offer a named place for this request (not the other
    requests' answers, not "I've dropped the museum")."""
    own = sentences(context.own_text(req, turn))
    # a place is offered by its name, or, in Korean where names are not read, by its distance
    # ("경포 바다정원 카페: 약 1.5km") or as a place of a kind that is there ("시장 근처에
    # 순두부집이 있어요")
    named = [bool(new_names(s, turn.user, req.description))
             or (is_korean(s) and bool(distances_km(s) or durations(s)
                                       or (KO_THERE.search(s) and place_kinds(s))
                                       or _topic_place(s)))
             or _item_label(s, turn.user, req.description)
             for s in own]
    # a list's heading ("Here are some gas stations nearby:", a markdown heading read as a
    # short line with no full stop: "Charging points nearby") says what its items are
    heading = [(s.endswith(":") or _short_heading(s)) and i + 1 < len(own) and named[i + 1]
               for i, s in enumerate(own)]
    text = " ".join(own)
    if not any(named) and (distances_km(text) or on_a_street(text, turn.user)
                           or (text == text.lower() and TERSE_PLACE.search(text))) and place_kinds(
            text):
        # a terse lowercase reply: "car wash on ul. zakopianska, open 24h, 2 km.", "lidl on via
        # monteroni, open till 21:00."
        return text
    return " ".join(s for s, n, h in zip(own, named, heading, strict=True) if n or h)
