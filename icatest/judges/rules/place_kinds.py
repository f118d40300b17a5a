"""Kinds of places and the words a request or a reply uses for them ("car park" is parking,
"Parkhaus" is parking, a park is a park), read from the longest phrase; and the kinds that
serve the same need (a cafe for a restaurant)."""

from __future__ import annotations

import re
from functools import lru_cache

# Kinds of places, with the words a reply may use for them (the judge's own list).
PLACE_KINDS: dict[str, tuple[str, ...]] = {
    "restaurant": ("restaurant", "bistro", "trattoria", "diner", "eatery", "pizzeria",
                   # a meal's place said as such ("lunch spot in dobrota", "somewhere to eat")
                   "lunch spot", "lunch place", "place for lunch", "dinner spot", "place to eat",
                   "somewhere to eat",
                   "steakhouse", "wirtshaus", "brasserie", "food hall", "taberna", "taverna",
                   "tavern", "frituur", "chip shop", "food court", "푸드코트", "식당", "음식점",
                   "맛집", "횟집", "국밥집", "잘하는 집", "잘하는 데", "맛있는 집",
                   "고깃집", "순두부집", "막국수집", "칼국수집", "분식집", "국수집", "짬뽕집",
                   "중국집", "mcdonalds", "mcdonald's", "burger king", "kfc", "맥도날드", "버거킹",
                   # a Korean house of one dish ("중산리 계곡 입구에 백숙집이 많아요")
                   "백숙집", "닭갈비집", "곰탕집", "해장국집", "냉면집", "갈비집", "삼겹살집",
                   "찌개집", "족발집", "보쌈집", "치킨집", "횟집", "밥집", "한정식"),
    "cafe": ("cafe", "café", "kafé", "kafe", "kaffe", "coffee", "espresso", "tea house", "카페",
             "tearoom", "tea room", "tearooms",
             "커피", "roastery", "coffee roaster",
             # chains known by name in every language
             "starbucks", "스타벅스", "tim hortons", "costa coffee"),
    "bakery": ("bakery", "bäckerei", "backerei", "patisserie", "doughnut", "donut", "빵집",
               "베이커리", "제과점",
               # the word of the country the car is in ("boulangerie du pont", "panadería sol")
               "boulangerie", "panadería", "panaderia", "panificio", "piekarnia", "bageri",
               "bakkerij"),
    "supermarket": ("supermarket", "grocery", "groceries", "market", "마트",
                    # a stall by the road selling what a farm makes
                    "farm stall", "farm shop", "roadside stall", "farmstand", "farm stand",
                    # chains known by name across borders
                    "aldi", "lidl", "netto", "tesco", "carrefour", "spar", "rewe", "edeka",
                    "biedronka", "이마트", "홈플러스", "롯데마트"),
    "gas station": ("gas station", "petrol", "fuel", "filling station", "주유소",
                    # the fuel itself asked for or sold ("where can I fill up with diesel";
                    # not "fill up" alone, which an electric car's driver says too)
                    "diesel",
                    # what only a fuel station sells, its price said ("unleaded 1.89")
                    "adblue", "unleaded",
                    # fuel said as gas or as oil put in ("wheres the nearest gas", "기름 넣을 데")
                    "nearest gas", "closest gas", "get gas", "need gas", "기름 넣",
                    # the fuel pump itself ("the supermarket pump", "pumps at the co-op"), not
                    # one for air or a bike
                    "supermarket pump", "petrol pump", "diesel pump", "card pump",
                    "self-service pump", "the pumps", "pumps at"),
    "charging station": ("charging", "charger", "supercharger", "charge point", "charge my",
                         "충전소", "충전기",
                         # the same said as where to charge ("전기차 충전할 데 있나?")
                         "충전할 데", "충전할 곳", "충전할 만한"),
    "parking": ("parking", "car park", "garage", "parkhaus", "parkplatz", "to park",
                "park the car", "park my car", "place to park", "spot to park", "주차장",
                # the verb after its subject: "where can I park", "can we park here"
                "i park", "we park", "you park", "u park",
                # ... and told as what to do ("park on the lossi street side")
                "park on the", "park behind the", "park by the",
                # a car park said as its lot or its stalls ("trailer stalls on the east lot")
                "east lot", "west lot", "north lot", "south lot", "main lot", "overflow lot",
                "upper lot", "lower lot", "back lot", "trailer stalls", "parking stalls",
                # the same said as where to leave the car in Korean ("주차할 데 있어요?")
                "주차할 데", "주차할 곳", "주차할 만한", "차 댈 데", "차 댈 곳"),
    "museum": ("museum", "gallery", "pinakothek", "박물관"),
    "park": ("park", "garden", "green space", "공원"),
    "hotel": ("hotel", "inn", "motel", "hostel", "lodge", "호텔",
              "b&b", "bed and breakfast", "guesthouse", "guest house",
              # the same in the names of southern Europe ("Hostal Mirador", "Pensión Rosa")
              "hostal", "pensión", "pension", "albergue",
              # somewhere to stay, said in Korean ("무주 추천 숙소", "계곡 옆 독채 펜션")
              "숙소", "펜션", "모텔", "민박"),
    "pharmacy": ("pharmacy", "pharmacies", "apotheke", "drugstore", "chemist", "약국"),
    "hospital": ("hospital", "clinic", "emergency room", "emergency ward", "emergency department",
                 "병원", "응급실"),
    # an animal hospital is no hospital and no pharmacy ("동물병원" to "야간 약국 어디야?")
    "vet": ("vet", "vets", "veterinary", "veterinarian", "animal hospital", "tierarzt",
            "동물병원", "동물 병원"),
    "ice cream": ("ice cream", "gelato", "eisdiele", "eiscafé", "eiscafe"),
    "garden centre": ("garden centre", "garden center", "gartencenter", "nursery"),
    "hardware store": ("hardware store", "baumarkt", "diy store", "철물점"),
    # a phone's charger or cable is bought in a shop, not at a charging station
    "electronics store": ("electronics store", "electronics shop", "phone shop", "phone store",
                          "mobile shop", "phone charging cable", "phone charger", "charging cable",
                          "charger cable", "usb cable", "usb-c cable", "lightning cable",
                          "media markt", "mediamarkt", "best buy", "currys", "전자제품",
                          "휴대폰 매장", "충전 케이블", "충전기 케이블"),
    "playground": ("playground", "spielplatz"),
    # where a motorhome empties its tanks: no car wash, no campsite
    "dump station": ("dump station", "dump point", "sani station", "sani-station", "rv dump",
                     "motorhome service point", "grey water disposal", "오수 처리장"),
    # also the verb ("세차할 만한 곳"), not 세차게 (hard, of rain)
    "car wash": ("car wash", "carwash", "lave-auto", "waschstraße", "waschstrasse", "세차장",
                 "세차할", "세차하", "세차를"),
    # where clothes are washed by the load ("Where's the nearest laundromat?"; not "laundry"
    # alone, which dry cleaners do too)
    "laundromat": ("laundromat", "laundrette", "launderette", "coin laundry",
                   "self-service laundry", "빨래방", "코인세탁", "셀프 세탁"),
    # a place for a massage or a soak, not a meal or a wash ("Frankton Day Spa")
    "spa": ("day spa", "spa", "spas", "massage", "wellness centre", "wellness center", "스파"),
    # a place for a glass of wine, not a meal ("Enoteca del Barocco")
    "wine bar": ("wine bar", "wine bars", "enoteca", "vinothek", "wine tavern", "와인바"),
    "atm": ("cash machine", "cashpoint", "cash point", "geldautomat", "bankomat", "현금인출기",
            "현금 인출기",
            # cash asked for as such ("where can I get cash", "현금 뽑을 데")
            "get cash", "withdraw cash", "cash withdrawal", "some cash", "현금 뽑", "현금을 뽑"),
    "toilet": ("toilet", "toilets", "restroom", "restrooms", "public toilet", "loo", "wc",
               "화장실"),
    # where a park's rangers are, for a lost thing or a permit ("the nearest ranger station")
    "ranger station": ("ranger station", "ranger stations", "ranger office", "ranger post",
                       "ranger hut"),
    "convenience store": ("convenience store", "corner shop", "7-eleven", "seven eleven", "편의점",
                          "세븐일레븐", "gs25"),
    "tyre shop": ("tyre shop", "tire shop", "tyre place", "tire place", "tyre fitter",
                  "tyres fitted", "tires fitted", "winter tyres", "winter tires", "타이어 가게",
                  "타이어 매장",
                  # a puncture is mended there ("타이어 펑크 수리하는 데")
                  "puncture repair", "타이어 펑크", "펑크 수리", "타이어 수리",
                  # air put in ("where can i pump up my tyres", "타이어 공기 넣을 데")
                  "tyre pressure", "tire pressure", "pump up my tyres", "pump up my tires",
                  "air pump", "tyre pump", "tire pump",
                  "air for my tyres", "air for my tires", "타이어 공기", "공기압", "공기 넣"),
    # a bicycle mended ("a bike repair shop in cres, our chain's snapped")
    "bike repair": ("bike repair", "bike shop", "bicycle repair", "bicycle shop", "bike mechanic",
                    "cycle shop", "cycle repair", "repairs bikes", "fixes bikes", "fahrrad",
                    "radl", "자전거 수리", "자전거 가게", "자전거 수리점"),
    # the car itself mended ("금산읍에 카센터 있어요?"): a petrol station is no repairer
    "car repair": ("car repair", "auto repair", "mechanic", "mechanics", "werkstatt",
                   "카센터", "정비소", "정비공장", "공업사", "자동차 정비"),
    # the glass of the car: a chip or a crack in it is fixed at a glass repairer
    "windscreen repair": ("windscreen", "windshield", "auto glass", "autoglass", "carglass",
                          "glass repair", "앞유리", "유리 수리"),
    # a place for beer, not for a meal ("Breweries near the River Arts District" to "any
    # pharmacies open?"); not "bar" alone, which snack and salad bars share
    "brewery": ("brewery", "breweries", "brewpub", "taproom", "tap room", "alehouse", "ale house",
                "beer hall"),
    # a place to drink that may serve food ("grandma's saloon" to "a locksmith open now")
    "pub": ("pub", "pubs", "saloon", "gastropub", "beer garden", "biergarten"),
    "beach": ("beach", "beaches", "해수욕장", "해변"),
    # sights, which answer no search for a service ("천문대" to "주유소 있어?")
    "observatory": ("observatory", "planetarium", "천문대"),
    "cave": ("cave", "caves", "grotto", "동굴"),
    "lighthouse": ("lighthouse", "lightstation", "light station", "등대"),
    # money changed, and a SIM card bought
    "currency exchange": ("currency exchange", "money exchange", "exchange office",
                          "bureau de change", "change money", "exchange money", "change dollars",
                          "change euros", "환전소", "환전"),
    "phone shop": ("sim card", "sim cards", "phone shop", "mobile shop", "유심", "휴대폰 매장"),
    # a place to look out from, not a place to eat, shop or park ("Mirador de la Majestad")
    "viewpoint": ("viewpoint", "viewpoints", "lookout", "lookouts", "mirador", "miradouro",
                  "belvedere", "aussichtspunkt", "전망대"),
    "church": ("church", "cathedral", "chapel", "basilica", "monastery", "abbey", "convent",
               "priory", "성당", "교회", "성지"),
    # a ride up a mountain and a walk from its start: sights, no service ("the romsdalen
    # gondola runs from the harbour" to "is there a pharmacy")
    "cable car": ("cable car", "gondola", "ropeway", "funicular", "chairlift", "케이블카"),
    "trail": ("trailhead", "trail head", "hiking trail", "walking trail", "등산로", "둘레길"),
    # a motorway's service area: fuel, food and chargers in one stop (not "services" alone,
    # which hotels and garages offer too, nor "rest stop", which a motel answers in KVRET)
    "service area": ("service area", "motorway services", "highway services", "next services",
                     "services on the", "rest area", "aire de", "aire du",
                     "raststätte", "raststatte", "rasthof", "autogrill", "휴게소"),
    # a boat that takes the car or its people across ("boat to", not a boat trailer)
    "ferry": ("ferry", "ferries", "ferry terminal", "boat to", "여객선", "페리", "배편", "선착장"),
    "car rental": ("car rental", "rental car", "car hire", "hire car", "rent a car",
                   "렌터카", "렌트카"),
    "hot spring": ("onsen", "hot spring", "hot springs", "thermal bath", "thermal baths",
                   "온천"),
    "karaoke": ("karaoke", "노래방"),
    "ski area": ("ski hill", "ski resort", "ski area", "ski slope", "스키장"),
    # a public bath is a place for a soak too ("충익로 대중목욕탕"), no laundromat
    "sauna": ("sauna", "saunas", "사우나", "찜질방", "bathhouse", "public bath", "목욕탕",
              "대중탕"),
    # where a photo is taken for a passport or an ID ("사진관 있나요? 증명사진 찍어야 돼요")
    "photo studio": ("photo studio", "photo studios", "passport photo", "passport photos",
                     "id photo", "사진관", "증명사진", "사진 스튜디오"),
    "locksmith": ("locksmith", "key cutting", "keys cut", "key cut"),
    # someone who comes out to a car that will not start
    "roadside help": ("jump start", "jump-start", "jumpstart", "roadside assistance",
                      "breakdown service", "tow truck", "점프 스타트", "점프스타트", "긴급출동",
                      "견인차"),
}


# Korean words of two syllables that close a compound all the same ("추암 조각공원", "온누리약국")
COMPOUND_HEADS = frozenset({"공원", "식당", "약국", "병원"})


def _place_word(word: str) -> str:
    """A short word whole ('park', not 'parking'); a longer one also opens a compound
    ('Apotheke' in 'Apothekenplatz')."""
    if re.search(r"[\uac00-\ud7a3]", word):
        # Korean: a particle may follow ("순두부집이"); a word of three syllables or more also
        # closes a compound ("공영주차장"), a shorter one stands alone ("마트", not "스마트")
        return ("" if len(word) >= 3 or word in COMPOUND_HEADS else r"(?<!\w)") + re.escape(word)
    whole = r"(?:s|es)?(?!\w)" if len(word) < 5 else ""
    return r"(?<!\w)" + re.escape(word) + whole


PlacePattern = tuple[re.Pattern[str], bool, tuple[str, ...]]


def _place_pattern(kind: str, words: tuple[str, ...]) -> tuple[PlacePattern, ...]:
    """One compiled alternation for the kind's name and one for its words, longest first;
    each with the words it needs (no word in the text, no scan: most texts name few kinds)."""
    alts = sorted(words, key=len, reverse=True)
    by_word = re.compile("|".join(_place_word(w) for w in alts)) if alts else None
    own = re.compile(_place_word(kind))
    return ((own, False, (kind,)),) + (((by_word, True, tuple(alts)),) if by_word else ())


# compiled once: the per-turn cost of reading places is one scan per kind
_PLACE_PATTERNS = tuple((kind, _place_pattern(kind, words)) for kind, words in PLACE_KINDS.items())


@lru_cache(maxsize=2048)
def _place_matches(text: str) -> tuple[tuple[int, str, bool], ...]:
    """(position, kind, by one of its words rather than its name) of every place word in the
    text; the longest phrase wins, so 'car park' is parking and not a park."""
    low = text.lower()
    found: list[tuple[int, int, str, bool]] = []
    for kind, patterns in _PLACE_PATTERNS:
        for regex, is_word, needs in patterns:
            if not any(w in low for w in needs):
                continue
            for m in regex.finditer(low):
                found.append((m.start(), m.end(), kind, is_word))
    return tuple(
        (a, kind, is_word) for a, b, kind, is_word in found
        if not any(c <= a and b <= d and (d - c) > (b - a) for c, d, k, _ in found if k != kind)
    )


def place_kind(text: str) -> str | None:
    """The kind of place the text speaks of first ('pharmacy near the grocery store')."""
    matches = _place_matches(text)
    return min(matches)[1] if matches else None


def opening_kind(text: str) -> str | None:
    """The kind of place the text opens with ('chemist in sneem, need …' is a pharmacy)."""
    first = [kind for at, kind, _ in _place_matches(text) if at == 0]
    return first[0] if first else None


def place_kinds(text: str) -> set[str]:
    """Every kind of place the text speaks of."""
    return {kind for _, kind, _ in _place_matches(text)}


def other_place_kinds(reply: str, own: str) -> list[str]:
    """Kinds of places the reply speaks of other than the one asked for."""
    mine = place_kind(own) or own.lower()
    found = {kind for _, kind, is_word in _place_matches(reply) if is_word}
    return [
        k for k in PLACE_KINDS
        if k in found and k != mine and k not in SERVES.get(mine, ())
        # parking beside the place asked for is a common side remark
        and not (k == "parking" and mine != "parking" and mine in found)
    ]


# Kinds that serve the same need: a cafe with a children's menu answers "a restaurant" (it
# may not be what the driver pictured, but it is no other kind of place offered instead).
SERVES: dict[str, tuple[str, ...]] = {
    "restaurant": ("cafe", "pub"),
    "cafe": ("restaurant", "bakery", "ice cream"),
    "pub": ("restaurant", "brewery", "wine bar"),
    "currency exchange": ("atm",),
    "bakery": ("cafe",),
    "ice cream": ("cafe",),
    "charging station": ("parking", "service area"),  # chargers stand in car parks
    "tyre shop": ("roadside help",),  # a puncture is also mended at the roadside
    # a service area holds the others, and answers a search for any of them on the motorway
    "service area": ("gas station", "charging station", "restaurant", "cafe", "parking"),
    "gas station": ("service area",),
    # a stop where the driver may go: a fuel station or a cafe has one
    "toilet": ("gas station", "service area", "cafe", "restaurant", "parking", "supermarket",
               "convenience store"),
    "convenience store": ("gas station", "supermarket", "service area"),
}
SERVES["restaurant"] = (*SERVES["restaurant"], "service area")
SERVES["cafe"] = (*SERVES["cafe"], "service area")
