"""Word lists of the English (and keyword-level Korean) understanding; data, no logic."""

from __future__ import annotations

# (regex, constraint id); the id of near/along/arrive_by gets its argument in the parser
CONSTRAINT_PATTERNS: list[tuple[str, str]] = [
    (
        r"avoid(?:ing)?\s+(?:the\s+)?(?:highways?|motorways?|autobahns?|freeways?)|no\s+(?:highways?|motorways?)"
        r"|without\s+(?:highways?|motorways?)|stay\s+off\s+the\s+(?:highways?|motorways?)",
        "avoid_highways",
    ),
    (r"\btolls?\b|toll\s+roads?", "avoid_tolls"),
    (r"\b(?:fastest|quickest)\b", "fastest"),
    (r"\bcheap\b|not\s+too\s+expensive|inexpensive|affordable|budget|low[- ]priced", "cheap"),
    (
        r"outdoor\s+seating|outside\s+seating|terrace|sit\s+outside|seating\s+outside",
        "outdoor_seating",
    ),
    (
        r"(?:with|has|have|offers?)\s+(?:a\s+)?(?:free\s+)?parking|parking\s+(?:available|nearby|space)",
        "parking",
    ),
    (r"open\s+now|(?:is|are)\s+(?:still\s+)?open\b|currently\s+open|still\s+open", "open_now"),
    (r"vegetarian|vegan|meat[- ]free", "vegetarian"),
    (
        r"\bev\s+charg\w*|electric\s+car\s+charg\w*|charging\s+for\s+(?:my|the)\s+car|with\s+(?:a\s+)?charg\w+",
        "ev_charging",
    ),
    (
        r"well[- ]rated|highly[- ]rated|top[- ]rated|good\s+(?:reviews|ratings?)|best[- ]rated"
        r"|great\s+reviews",
        "highly_rated",
    ),
    (
        r"kid[- ]friendly|child[- ]friendly|family[- ]friendly|for\s+(?:the\s+)?kids|with\s+kids",
        "kid_friendly",
    ),
    (
        r"fast\s+charg\w*|rapid\s+charg\w*|high[- ]power\s+charg\w*|\bhpc\b|supercharger",
        "fast_charger",
    ),
    (r"on\s+the\s+way|along\s+the\s+(?:way|route)|en\s+route|on\s+my\s+way", "along_route"),
]

FEATURE_CONSTRAINTS = (
    "outdoor_seating",
    "parking",
    "vegetarian",
    "ev_charging",
    "kid_friendly",
    "fast_charger",
)
ROUTE_CONSTRAINTS = ("avoid_highways", "avoid_tolls", "fastest")

CATEGORY_PATTERNS: list[tuple[str, str]] = [
    (r"beer\s*gardens?|biergarten", "beer_garden"),
    (r"garden\s+cent(?:re|er)s?|plant\s+nurser(?:y|ies)|gartencenter", "garden_centre"),
    (r"hardware\s+stores?|\bdiy\s+stores?|home\s+improvement|baumarkt", "hardware_store"),
    (r"dry\s+clean\w*|laundry", "dry_cleaner"),
    (r"post\s+office|\bpost\b|mail\s+a\s+(?:letter|parcel)|send\s+a\s+parcel", "post_office"),
    (r"florists?|flower\s+(?:shop|stand)s?|\bflowers\b", "florist"),
    (r"\bbanks?\b|\batms?\b|cash\s+machine|withdraw\s+(?:cash|money)", "bank"),
    (r"snack\s+bars?|\bimbiss\b|\bsnacks?\b|food\s+stand", "snack_bar"),
    (r"playgrounds?", "playground"),
    (r"ice\s+cream|gelat\w+|eisdiele", "ice_cream"),
    (r"\bzoo\b|tierpark", "zoo"),
    (
        r"charging\s+stations?|\bchargers?\b|where\s+(?:can|could)\s+i\s+charge|\bcharge\b",
        "charging_station",
    ),
    (r"gas\s+stations?|petrol|\bfuel\b|refuel|fill\s+up|tank\s+up", "gas_station"),
    (r"train\s+stations?|\bstations?\b", "station"),
    (
        r"parking\s+(?:garage|lot|spot|space|house)s?|car\s+parks?|place\s+to\s+park|somewhere\s+to\s+park"
        r"|where\s+(?:can|could)\s+i\s+park",
        "parking",
    ),
    (
        r"restaurants?|place\s+to\s+eat|something\s+to\s+eat|\blunch\b|\bdinner\b|\bfood\b|\beat\b"
        r"|\bbistro\b|\bdiner\b",
        "restaurant",
    ),
    (r"\bcaf[eé]s?\b|coffee", "cafe"),
    (r"bakery|bakeries|\bbread\b|pretzels?|pastr(?:y|ies)", "bakery"),
    (r"supermarkets?|grocer(?:y|ies)", "supermarket"),
    (r"\bmarkets?\b", "market"),
    (r"museums?", "museum"),
    (r"\bparks?\b|\bgardens?\b", "park"),
    (r"hotels?|place\s+to\s+stay|somewhere\s+to\s+stay|hostel", "hotel"),
    (r"pharmac(?:y|ies)|chemist|drugstore|medicine", "pharmacy"),
    (r"hospital|emergency\s+room|\bclinic\b", "hospital"),
]

CATEGORY_WORD = {
    "restaurant": "restaurant",
    "cafe": "cafe",
    "bakery": "bakery",
    "supermarket": "supermarket",
    "market": "market",
    "gas_station": "gas station",
    "charging_station": "charging station",
    "parking": "parking garage",
    "museum": "museum",
    "park": "park",
    "hotel": "hotel",
    "pharmacy": "pharmacy",
    "station": "station",
    "hospital": "hospital",
    "bank": "bank",
    "dry_cleaner": "dry cleaner",
    "post_office": "post office",
    "florist": "florist",
    "hardware_store": "hardware store",
    "garden_centre": "garden centre",
    "snack_bar": "snack bar",
    "playground": "playground",
    "ice_cream": "ice cream shop",
    "zoo": "zoo",
    "beer_garden": "beer garden",
}

NAV_VERBS = (
    r"\btake\s+me\b|\bnavigat\w*|\broute\b|\bdrive\s+(?:me\s+)?to\b|\bgo\s+to\b|\bget\s+to\b"
    r"|\bhead\s+to\b|\bdirections\b|\bbring\s+me\b|\bgo\s+back\s+to\b|\bget\s+me\s+to\b"
    r"|\bgo\s+there\b|\bdrive\s+there\b|\bhead\s+there\b|\bset\s+(?:the\s+)?destination\b"
    r"|\bsame\s+destination\b|\bstart\s+guidance\b"
)
FIND_VERBS = (
    r"\bfind\b|\blook(?:ing)?\s+for\b|\bsearch\b|\bis\s+there\b|\bare\s+there\b"
    r"|\bwhere\s+(?:can|could|is)\b|\brecommend\b|\bneed\b|\bwant\b|\bshow\s+me\b|\bany\b"
)

UNSAFE_PATTERNS: list[tuple[str, str]] = [
    (r"\bopen\b.*\bdoors?\b|\bdoors?\b.*\bopen\b", "open_door"),
    (
        r"(?:turn|switch|shut)\s+off\s+(?:the\s+|all\s+(?:the\s+)?)?(?:head)?lights|(?:head)?lights\s+off"
        r"|disable\s+(?:the\s+)?(?:head)?lights",
        "lights_off",
    ),
    (
        r"(?:disable|turn\s+off|switch\s+off|deactivate|shut\s+off)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?"
        r"(?:lane\s+keep\w*(?:\s+assist)?|lane\s+assist|emergency\s+brak\w*|\babs\b|\besp\b|\besc\b"
        r"|traction\s+control|airbags?|collision\s+\w+|driver\s+assist\w*|assistance\s+systems?"
        r"|stability\s+control)",
        "disable_assist",
    ),
    (
        r"faster\s+than\s+the\s+(?:speed\s+)?limit|exceed\s+the\s+speed|ignore\s+the\s+speed\s+limit"
        r"|speeding|\bgo\s+\d{3}\b|\bdrive\s+\d{3}\b|\b\d{3}\s*(?:km/?h|kph)|break\s+the\s+speed"
        r"|race\s+on|outrun",
        "speeding",
    ),
    (r"\bvideos?\b|\bmovies?\b|\bfilms?\b|netflix|youtube|\bwatch\b", "video"),
]

DISPLAY = {
    "avoid_highways": "avoiding highways",
    "avoid_tolls": "avoiding toll roads",
    "fastest": "fastest route",
    "cheap": "cheap",
    "outdoor_seating": "outdoor seating",
    "parking": "parking",
    "vegetarian": "vegetarian options",
    "ev_charging": "EV charging",
    "highly_rated": "well rated",
    "kid_friendly": "kid-friendly",
    "fast_charger": "fast charger",
}

# small talk around requests: greetings, thanks, fillers, urgency, frustration (not requests)
CHITCHAT = (  # multi-word phrases first: each pattern removes its matches in turn
    r"\bthank\s+you(?:\s+for\s+your\s+\w+)?|\bthanks(?:\s+(?:a\s+lot|so\s+much))?"
    r"|\bi\s+would\s+appreciate\s+(?:a|an|your)(?:\s+\w+)?\s+(?:answer|help|reply)"
    r"|\bthat\s+would\s+be\s+(?:lovely|great|nice|perfect)|\bcould\s+you\s+(?:please\s+)?help\s+me"
    r"|\bi\s+would\s+like\s+to\s+request\s+the\s+following|\bgood\s+(?:morning|day|evening|afternoon)",
    r"\byou\s+know(?:\s+what(?:\s+i\s+mean)?)?|\bi\s+was\s+thinking|\bfunny\s+story"
    r"|\bwhat\s+do\s+you\s+think|\bif\s+that\s+makes\s+sense|\blong\s+day|\bexcuse\s+me",
    r"\bno\s+time|\bhurry(?:\s+up)?|\bcome\s+on|\bi'?m\s+late(?:\s+already)?|\bfor\s+once"
    r"|\bget\s+this\s+right|\bdon'?t\s+mess\s+(?:it|this)\s+up|\bis\s+that\s+too\s+hard\s+for\s+you"
    r"|\byou\s+useless\s+thing|\bgot\s+it",
    r"\b(?:hello|hi|hey|oh|cheers|appreciated|ok(?:ay)?|right|sure|fine|great|perfect|alright"
    r"|yes|no|buddy|kindly|please|hmm+|uh|um|ugh|so|well|honestly|quick(?:ly)?|fast|now|just"
    r"|seriously|unbelievable|listen)\b",
)
FUNCTION_WORDS = (
    r"\b(?:the|a|an|and|or|i|it|that|this|me|you|to|for|of|please|also|again|still|waiting"
    r"|asked|answered|didn'?t|answer|one|about|is|am|be)\b"
)

# Korean keywords -> an English phrase the English parser understands (keyword-level only)
KO_KEYWORDS: list[tuple[str, str]] = [
    ("그리고", " and also "),
    ("가줘", " take me "),
    ("가 줘", " take me "),
    ("가자", " take me "),
    ("안내", " navigate "),
    ("길 안내", " navigate "),
    ("데려다", " take me "),
    ("경로", " route "),
    ("찾아", " find "),
    ("알려", " find "),
    ("어디", " find "),
    ("고속도로", " avoid highways "),
    ("유료도로", " avoid toll roads "),
    ("통행료", " avoid tolls "),
    ("가장 빠른", " fastest "),
    ("저렴한", " cheap "),
    ("싼", " cheap "),
    ("야외", " outdoor seating "),
    ("주차", " with parking "),
    ("채식", " vegetarian "),
    ("평점", " well rated "),
    ("아이", " kid-friendly "),
    ("급속", " fast charger "),
    ("가는 길", " on the way to "),
    ("식당", " restaurant "),
    ("레스토랑", " restaurant "),
    ("카페", " cafe "),
    ("커피", " cafe "),
    ("빵집", " bakery "),
    ("베이커리", " bakery "),
    ("마트", " supermarket "),
    ("슈퍼", " supermarket "),
    ("주유소", " gas station "),
    ("충전", " charging station "),
    ("박물관", " the museum "),
    ("공원", " park "),
    ("호텔", " hotel "),
    ("약국", " pharmacy "),
    ("기차역", " the station "),
    ("역으로", " the station "),
    ("날씨", " weather "),
    ("내일", " tomorrow "),
    ("교통", " traffic "),
    ("막히", " traffic "),
    ("온도", " set the temperature "),
    ("따뜻하게", " warmer "),
    ("시원하게", " cooler "),
    ("에어컨", " air conditioning on "),
    ("창문 닫", " close the windows "),
    ("창문 열", " open the windows "),
    ("선루프", " open the sunroof "),
    ("열선", " seat heating on "),
    ("음악", " play music "),
    ("재즈", " play jazz "),
    ("문 열", " open the door "),
    ("전조등 꺼", " turn off the headlights "),
    ("차선", " disable lane keeping assist "),
    ("과속", " help me drive faster than the speed limit "),
    ("영상", " play a video "),
    ("동영상", " play a video "),
    ("도착 시간", " what was the arrival time again "),
    ("근처", " nearby "),
    ("반말", " speak casually "),
    ("친구처럼", " speak casually "),
    ("라고 대답", " speak casually. "),
    ("오늘", " today "),
    ("됐어", " never mind that "),
    ("취소", " cancel that "),
    ("클래식", " play classical "),
    ("뉴스", " play the news "),
    ("통풍", " turn on the seat ventilation "),
    ("실내등", " turn on the interior light "),
    ("거리", " how far "),
    ("얼마나 걸", " how long to "),
    ("영업시간", " opening hours "),
    ("몇 시까지", " when does it close "),
]
