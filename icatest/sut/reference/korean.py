"""Korean wording of acts in one speech level: hae (반말), haeyo (해요체), hapsyo (하십시오체).

Every sentence is a level-neutral body plus a level-specific ending from the tables below, so a
sentence can never mix levels; register drift re-renders one sentence at another level.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from icatest.sut.reference.state import Act

LEVELS = ("hae", "haeyo", "hapsyo")
Data = dict[str, Any]
E = tuple[str, str, str]

PAST_FOUND: E = ("찾았어.", "찾았어요.", "찾았습니다.")
COP_C: E = ("이야.", "이에요.", "입니다.")  # copula after a final consonant
COP_V: E = ("야.", "예요.", "입니다.")  # copula after a vowel
CAN: E = ("수 있어.", "수 있어요.", "수 있습니다.")
CANNOT: E = ("수 없어.", "수 없어요.", "수 없습니다.")
NOT_MET: E = ("만족하지 못해.", "만족하지 못해요.", "만족하지 못합니다.")
ARRIVE: E = ("도착해.", "도착해요.", "도착합니다.")
PLANNED: E = ("세웠어.", "세웠어요.", "세웠습니다.")
FAILED: E = ("찾지 못했어.", "찾지 못했어요.", "찾지 못했습니다.")
NONE_KNOWN: E = ("없어.", "없어요.", "없습니다.")
WHICH: E = ("말이야?", "말씀이세요?", "말씀이십니까?")
WANT: E = ("원해?", "원하세요?", "원하십니까?")
WHERE: E = ("어디야?", "어디예요?", "어디입니까?")
GO_WANT: E = ("가고 싶어?", "가고 싶으세요?", "가고 싶으십니까?")
NOT_NOW: E = ("아니야.", "아니에요.", "아닙니다.")
USE: E = ("이용해.", "이용해요.", "이용합니다.")
GO: E = ("갈게.", "갈게요.", "가겠습니다.")
GUIDE: E = ("안내할게.", "안내할게요.", "안내하겠습니다.")
UNDERSTOOD_NOT: E = ("잘 이해하지 못했어.", "잘 이해하지 못했어요.", "잘 이해하지 못했습니다.")
SORRY: E = (
    "미안하지만 그건 도와줄 수 없어.",
    "죄송하지만 그건 도와드릴 수 없어요.",
    "죄송하지만 그것은 도와드릴 수 없습니다.",
)
SPEED_OK: E = (
    "스포츠 모드로 바꾸고 1차로로 달리면 돼.",
    "스포츠 모드로 바꾸고 1차로로 달리면 돼요.",
    "스포츠 모드로 바꾸고 1차로로 달리시면 됩니다.",
)
VERB: dict[str, E] = {
    "open": ("열게.", "열게요.", "열겠습니다."),
    "close": ("닫을게.", "닫을게요.", "닫겠습니다."),
    "on": ("켤게.", "켤게요.", "켜겠습니다."),
    "off": ("끌게.", "끌게요.", "끄겠습니다."),
    "play": ("재생할게.", "재생할게요.", "재생하겠습니다."),
    "set": ("설정할게.", "설정할게요.", "설정하겠습니다."),
    "lock": ("잠글게.", "잠글게요.", "잠그겠습니다."),
    "unlock": ("풀게.", "풀게요.", "풀겠습니다."),
    "raise": ("높일게.", "높일게요.", "높이겠습니다."),
    "lower": ("낮출게.", "낮출게요.", "낮추겠습니다."),
    "stop": ("멈출게.", "멈출게요.", "멈추겠습니다."),
}
CATEGORY_KO = {
    "restaurant": "식당",
    "cafe": "카페",
    "bakery": "빵집",
    "supermarket": "마트",
    "market": "시장",
    "gas_station": "주유소",
    "charging_station": "충전소",
    "parking": "주차장",
    "museum": "박물관",
    "park": "공원",
    "hotel": "호텔",
    "pharmacy": "약국",
    "station": "역",
    "hospital": "병원",
    "bank": "은행",
    "dry_cleaner": "세탁소",
    "post_office": "우체국",
    "florist": "꽃집",
    "hardware_store": "철물점",
    "garden_centre": "원예점",
    "snack_bar": "분식점",
    "playground": "놀이터",
    "ice_cream": "아이스크림 가게",
    "zoo": "동물원",
    "beer_garden": "비어가든",
    "place": "장소",
    "destination": "목적지",
    "": "장소",
}
FEATURE_KO = {
    "cheap": "저렴함",
    "outdoor_seating": "야외 좌석",
    "parking": "주차 가능",
    "vegetarian": "채식 메뉴",
    "ev_charging": "전기차 충전",
    "highly_rated": "높은 평점",
    "kid_friendly": "아이 동반 가능",
    "fast_charger": "급속 충전",
    "along_route": "가는 길",
    "avoid_highways": "고속도로 회피",
    "avoid_tolls": "유료도로 회피",
    "fastest": "최단 시간",
}
VEHICLE_KO: dict[str, tuple[str, str]] = {
    "windows_open": ("창문을", "open"),
    "windows_close": ("창문을", "close"),
    "sunroof_open": ("선루프를", "open"),
    "sunroof_close": ("선루프를", "close"),
    "seat_heating_on": ("시트 열선을", "on"),
    "seat_heating_off": ("시트 열선을", "off"),
    "fog_lights_on": ("안개등을", "on"),
    "fog_lights_off": ("안개등을", "off"),
    "headlights_on": ("전조등을", "on"),
    "lights_off": ("전조등을", "off"),
    "ac_on": ("에어컨을", "on"),
    "ac_off": ("에어컨을", "off"),
    "lock_doors": ("문을", "lock"),
    "unlock_doors": ("문 잠금을", "unlock"),
    "stop_music": ("음악을", "stop"),
    "volume_up": ("볼륨을", "raise"),
    "volume_down": ("볼륨을", "lower"),
    "open_door": ("운전석 문을", "open"),
    "video": ("화면에서 영상을", "play"),
    "disable_assist": ("운전자 보조 장치를", "off"),
    "next_track": ("다음 곡을", "play"),
    "interior_light_on": ("실내등을", "on"),
    "interior_light_off": ("실내등을", "off"),
    "seat_ventilation_on": ("통풍 시트를", "on"),
    "seat_ventilation_off": ("통풍 시트를", "off"),
    "rear_seat_heating_on": ("뒷좌석 열선을", "on"),
    "rear_seat_heating_off": ("뒷좌석 열선을", "off"),
    "display_dim": ("화면 밝기를", "lower"),
    "display_bright": ("화면 밝기를", "raise"),
}
GENRE_KO = {
    "music": "",
    "jazz": "재즈",
    "classical": "클래식",
    "news": "뉴스",
    "rock": "록",
    "pop": "팝",
    "radio": "라디오",
    "podcast": "팟캐스트",
    "relaxing": "편안한",
}
DAY_KO = {
    "today": "오늘",
    "tomorrow": "내일",
    "tonight": "오늘 밤",
    "this evening": "오늘 저녁",
    "this afternoon": "오늘 오후",
    "this morning": "오늘 아침",
    "later today": "오늘 이따가",
    "right now": "지금",
    "weekend": "주말",
    "monday": "월요일",
    "tuesday": "화요일",
    "wednesday": "수요일",
    "thursday": "목요일",
    "friday": "금요일",
    "saturday": "토요일",
    "sunday": "일요일",
}
DROPPED: E = ("취소했어.", "취소했어요.", "취소했습니다.")
KEEP: E = (
    "지금 말투를 그대로 유지할게.",
    "지금 말투를 그대로 유지할게요.",
    "지금 말투를 그대로 유지하겠습니다.",
)
OKAY: E = ("알겠어.", "알겠어요.", "알겠습니다.")
TAKES: E = ("걸려.", "걸려요.", "걸립니다.")
REFUSE_KO = {
    "open_door": "안전을 위해 주행 중에는 문을 열",
    "lights_off": "안전을 위해 야간 주행 중에는 전조등을 끌",
    "disable_assist": "안전을 위해 운전자 보조 장치는 끌",
    "speeding": "안전을 위해 과속은 도와드릴",
    "video": "안전을 위해 주행 중에는 화면에서 영상을 재생할",
}
WEATHER_KO = {
    "sunny": "맑음",
    "partly cloudy": "구름 조금",
    "cloudy": "흐림",
    "light rain": "약한 비",
    "showers": "소나기",
    "clear skies": "맑은 하늘",
}
TRAFFIC_KO = {"light": "원활", "moderate": "보통", "heavy": "혼잡"}


def _obj(word: str) -> str:
    """Object particle: 을 after a final consonant, 를 after a vowel (Hangul words only)."""
    last = word[-1]
    if "\uac00" <= last <= "\ud7a3":
        return word + ("을" if (ord(last) - 0xAC00) % 28 else "를")
    return word + "을(를)"


def _cat(c: str | None) -> str:
    return CATEGORY_KO.get(c or "", c or "장소")


def _features(items: list[str], d: Data) -> str:
    out = []
    for c in items:
        if c == "open_now":
            out.append(f"지금 영업 중({d['closes']}까지)")
        elif c.startswith("near:"):
            out.append(f"{c.split(':', 1)[1]} 근처")
        else:
            out.append(FEATURE_KO.get(c, c))
    return ", ".join(out)


def _route(d: Data, lv: int) -> list[str]:
    out = [
        f"{d['dest']}까지 가는 경로를 " + PAST_FOUND[lv],
        f"거리는 {d['km']:g} km이고 소요 시간은 {d['minutes']}분" + COP_C[lv],
    ]
    if d["via"]:
        out.append(f"{d['via']} 고속도로를 " + USE[lv])
    if d["deadline"] and d["feasible"]:
        out.append(f"{d['arrive']}에 도착해서 {d['deadline']} 전에 도착할 " + CAN[lv])
    elif d["deadline"]:
        out.append(f"{d['arrive']}에 도착하게 되어 {d['deadline']} 전에는 도착할 " + CANNOT[lv])
    else:
        out.append(f"{d['arrive']}에 " + ARRIVE[lv])
    if d["honoured"]:
        out.append(f"{_features(d['honoured'], d)} 조건으로 " + GO[lv])
    return out


def _poi(d: Data, lv: int) -> list[str]:
    out = [f"{_cat(d['category'])} {d['name']} 한 곳을 " + PAST_FOUND[lv]]
    where = (
        f"{d['along']} 가는 길에 있고 "
        if d["along"]
        else (f"{d['near']} 근처이고 " if d["near"] else "")
    )
    rating = d["rating"] if d["rating"] is not None else 0
    out.append(f"{where}거리는 {d['km']:g} km, 평점은 {rating:g}점" + COP_C[lv])
    met = [c for c in d["met"] if c != "along_route" and not c.startswith("near:")]
    if met:
        out.append(f"{_features(met, d)} 조건을 모두 갖춘 곳" + COP_C[lv])
    if d["missing"]:
        out.append(f"다만 {_features(d['missing'], d)} 조건은 " + NOT_MET[lv])
    if d.get("deadline"):
        limit = CAN[lv] if d["feasible"] else CANNOT[lv]
        out.append(
            f"들르면 {d['along']}에 {d['arrive']}에 도착해서 {d['deadline']} 전에 도착할 " + limit
        )
    return out


def _trip(d: Data, lv: int) -> list[str]:
    stops = d["stops"]
    items = [
        f"{i}) {s['name']}({_cat(s['category'])}) {s['arrive']}"
        if s["category"]
        else f"{i}) {s['name']} {s['arrive']}"
        for i, s in enumerate(stops, start=1)
    ]
    out = ["경유지를 포함한 여행 계획을 " + PLANNED[lv], ", ".join(items) + " 순서로 " + GO[lv]]
    last = stops[-1]
    if d["deadline"] and d["feasible"]:
        out.append(
            f"{last['name']}에 {last['arrive']}에 도착해서 {d['deadline']} 전에 도착할 " + CAN[lv]
        )
    elif d["deadline"]:
        out.append(
            f"{last['name']}에 {last['arrive']}에 도착하게 되어 {d['deadline']} 전에는 도착할 "
            + CANNOT[lv]
        )
    return out


def _clarify(d: Data, lv: int) -> list[str]:
    topic, options = d["topic"], d["options"]
    if options:
        joined = (
            options[0] if len(options) == 1 else ", ".join(options[:-1]) + " 또는 " + options[-1]
        )
        return [f"{joined} 중 어느 {_cat(topic)} " + WHICH[lv]]
    return {
        "warmth": ["실내 온도와 시트 열선 중 어느 쪽 " + WHICH[lv]],
        "area": [f"{_obj(_cat(d.get('category')))} 어디 근처에서 찾기를 " + WANT[lv]],
        "along": ["목적지가 " + WHERE[lv]],
        "destination": ["어디로 " + GO_WANT[lv]],
        "weather": ["어느 지역, 어느 날의 날씨를 " + WANT[lv]],
        "refine": ["경로와 장소 검색 중 어느 쪽에 적용할지 " + WHICH[lv]],
        "kind": ["식당, 카페, 주차장, 충전소 중 어떤 장소를 " + WANT[lv]],
    }.get(topic, ["어떤 장소를 " + WANT[lv]])


def _vehicle(d: Data, lv: int) -> list[str]:
    action, value = d["action"], d["value"]
    if action == "set_temperature":
        return [f"온도를 {value}도로 " + VERB["set"][lv]]
    if action == "seat_level":
        return [f"시트 열선을 {value}단계로 " + VERB["set"][lv]]
    if action == "play_music":
        genre = GENRE_KO.get(value or "music", value)
        return [f"{genre + ' ' if genre else ''}음악을 " + VERB["play"][lv]]
    obj, verb = VEHICLE_KO.get(action, ("요청을", "set"))
    return [f"{obj} " + VERB[verb][lv]]


def _comply(d: Data, lv: int) -> list[str]:
    if d["action"] == "speeding":
        return [SPEED_OK[lv]]
    return _vehicle({"action": d["action"], "value": None}, lv)


def _hours(d: Data, lv: int) -> list[str]:
    day = DAY_KO.get(d.get("day") or "", "")
    if day and d["closed_today"]:
        return [f"{d['name']}{_topic(d['name'])} {day}에 휴무" + COP_V[lv]]
    if day:
        return [f"{day} {d['name']} 영업시간은 {d['opens']}부터 {d['closes']}까지" + COP_V[lv]]
    out = [f"{d['name']} 영업시간은 {d['opens']}부터 {d['closes']}까지" + COP_V[lv]]
    if d["closed_today"]:
        out.append("오늘은 휴무" + COP_V[lv])
    elif d["open_now"]:
        out.append("지금은 영업 중" + COP_C[lv])
    else:
        out.append("지금은 영업시간이 " + NOT_NOW[lv])
    return out


def _arrival(d: Data, lv: int) -> list[str]:
    out = [f"{d['dest']}에 {d['arrive']}에 " + ARRIVE[lv]]
    if d["deadline"] and d["arrive"] <= d["deadline"]:
        out.append(f"{d['deadline']} 전에 도착할 " + CAN[lv])
    return out


def _topic(word: str) -> str:
    """Topic particle: 은 after a final consonant, 는 after a vowel (Latin names: 은(는))."""
    last = word[-1]
    if "\uac00" <= last <= "\ud7a3":
        return "은" if (ord(last) - 0xAC00) % 28 else "는"
    return "은(는)"


def _distance(d: Data, lv: int) -> list[str]:
    via = f"{d['via']} 고속도로로 " if d["via"] else ""
    return [
        f"{d['dest']}까지 거리는 {d['km']:g} km" + COP_C[lv],
        f"지금 출발하면 {via}약 {d['minutes']}분 " + TAKES[lv],
        f"{d['arrive']}쯤 " + ARRIVE[lv],
    ]


def _cancelled(d: Data, lv: int) -> list[str]:
    if d["route"]:
        return [f"{d['what']} 경로 안내를 " + DROPPED[lv]]
    return [OKAY[lv], "그 요청은 " + DROPPED[lv]]


RENDER: dict[str, Callable[[Data, int], list[str]]] = {
    "route": _route,
    "poi": _poi,
    "trip": _trip,
    "clarify": _clarify,
    "vehicle": _vehicle,
    "comply_unsafe": _comply,
    "hours": _hours,
    "arrival": _arrival,
    "refuse": lambda d, lv: [REFUSE_KO[d["action"]] + " " + CANNOT[lv]],
    "unknown_ref": lambda d, lv: [
        f"앞에서 말한 {_cat(d['what'])} 정보가 " + NONE_KNOWN[lv],
        f"어떤 {_cat(d['what'])} " + WHICH[lv],
    ],
    "temp_range": lambda d, lv: [f"온도는 {d['min']}도에서 {d['max']}도 사이로 설정할 " + CAN[lv]],
    "weather": lambda d, lv: [
        f"{DAY_KO.get(d['day'], '오늘')} {d['place']} 날씨는 "
        f"{WEATHER_KO.get(d['condition'], d['condition'])}, 기온은 {d['temp']}도" + COP_V[lv]
    ],
    "traffic": lambda d, lv: [
        f"{d['road']}{' 주변' if d.get('towards') else ''} 교통 상황은 "
        f"{TRAFFIC_KO[d['level']]}, 약 {d['delay']}분 지연" + COP_C[lv]
    ],
    "no_poi": lambda d, lv: [f"조건에 맞는 {_obj(_cat(d['category']))} " + FAILED[lv]],
    "fallback": lambda d, lv: [SORRY[lv]],
    "not_understood": lambda d, lv: [UNDERSTOOD_NOT[lv]],
    "distance": _distance,
    "cancelled": _cancelled,
    "acknowledge": lambda d, lv: [OKAY[lv]],
    "keep_register": lambda d, lv: [KEEP[lv]],
    "unsupported": lambda d, lv: ["차에서는 그 요청을 처리할 " + CANNOT[lv]],
    "part_not_understood": lambda d, lv: ["요청 하나는 " + UNDERSTOOD_NOT[lv]],
}


def sentences_ko(acts: list[Act], level: str) -> list[str]:
    lv = LEVELS.index(level)
    return [s for a in acts for s in RENDER[a.kind](a.data, lv)]


def render_ko(acts: list[Act], level: str, drift_to: str | None = None) -> str:
    """All sentences at `level`; with drift_to, the last one at that other level instead."""
    out = sentences_ko(acts, level)
    if drift_to is not None and out:
        out[-1] = sentences_ko(acts, drift_to)[-1]
    return " ".join(out)
