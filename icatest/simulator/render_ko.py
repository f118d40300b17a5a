"""Offline rendering of targets in Korean (the driver speaks 해요체, as to a stranger).

Seeds for Korean conversations carry the Korean surface of names in `*_ko` slots
(`destination_ko: 공항`); categories and constraints come from the tables below.
"""

from __future__ import annotations

from icatest.contracts.records import Target

CATEGORY_KO = {
    "restaurant": "식당",
    "cafe": "카페",
    "bakery": "빵집",
    "supermarket": "마트",
    "gas station": "주유소",
    "pharmacy": "약국",
    "park": "공원",
    "hotel": "호텔",
    "museum": "박물관",
}
CONSTRAINT_KO = {
    "avoid_highways": "고속도로는 피해 주세요",
    "avoid_tolls": "유료도로는 피해 주세요",
    "cheap": "저렴한 곳으로요",
    "parking": "주차 가능한 곳으로요",
    "outdoor_seating": "야외 좌석 있는 곳으로요",
    "vegetarian": "채식 메뉴 있는 곳으로요",
    "fast_charger": "급속 충전기로요",
}
SETTING_KO = {
    "sunroof": "선루프 열어 주세요",
    "seat heating": "열선 시트 켜 주세요",
    "music": "음악 틀어 주세요",
    "windows": "창문 닫아 주세요",
}


def _ko(target: Target, slot: str) -> str:
    return target.slots.get(f"{slot}_ko") or target.slots.get(slot, "")


def render_request_ko(target: Target) -> str:
    s = target.slots
    kind = target.kind
    if kind == "navigate":
        head = f"{_ko(target, 'destination')}까지 안내해 주세요."
    elif kind == "find_poi":
        cat = CATEGORY_KO.get(s.get("category", ""), s.get("category", "장소"))
        where = f"{_ko(target, 'place')} 근처 " if s.get("place") else "근처 "
        head = f"{where}{cat} 찾아 주세요."
    elif kind == "charge":
        head = "근처 충전소 찾아 주세요."
    elif kind == "vehicle":
        head = SETTING_KO.get(s.get("setting", ""), target.description)
        if s.get("setting") == "temperature" and s.get("value"):
            head = f"온도를 {s['value']}도로 맞춰 주세요"
        head = head.rstrip(".") + "."
    elif kind == "info":
        head = (
            f"{_ko(target, 'place')} 날씨 어때요?"
            if s.get("topic") == "weather"
            else target.description
        )
    else:
        head = target.description
    extras = [CONSTRAINT_KO[c] for c in target.constraints if c in CONSTRAINT_KO]
    return " ".join([head, *(e + "." for e in extras)])


def render_condition_ko(target: Target, constraints: list[str]) -> str:
    """A condition added to a goal, naming the goal ('아우크스부르크 가는 길은요, ...')."""
    s = target.slots
    if target.kind == "navigate" and _ko(target, "destination"):
        head = f"{_ko(target, 'destination')} 가는 길은요,"
    elif target.kind == "find_poi":
        head = f"{_topic(CATEGORY_KO.get(s.get('category', ''), s.get('category', '그곳')))}요,"
    elif target.kind == "charge":
        head = "충전소는요,"
    else:
        head = "그리고"
    extras = [CONSTRAINT_KO[c] + "." for c in constraints if c in CONSTRAINT_KO]
    return " ".join([head, *extras])


def _topic(noun: str) -> str:
    """The noun with its topic particle: 은 after a final consonant, 는 after a vowel."""
    last = noun[-1:] or "요"
    closed = "가" <= last <= "힣" and (ord(last) - ord("가")) % 28 != 0
    return noun + ("은" if closed else "는")
