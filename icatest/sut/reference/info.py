"""Deterministic weather, traffic, opening-hours and distance answers."""

from __future__ import annotations

import hashlib

from icatest.sut.reference.intents import WEEKDAYS
from icatest.sut.reference.resolve import Turn, forgot_act, resolve_ref, spoken_place
from icatest.sut.reference.slots import Request
from icatest.sut.reference.state import Act
from icatest.sut.reference.travel import RouteOptions, leg, rush_factor
from icatest.sut.reference.world import Poi, to_hhmm

_CONDITIONS = ["sunny", "partly cloudy", "cloudy", "light rain", "showers", "clear skies"]
_MONTH_TEMP = [1, 3, 7, 12, 16, 20, 22, 21, 17, 12, 6, 2]
_LEVELS = ["light", "moderate", "heavy"]


def _pick(*parts: object) -> int:
    return int(hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:8], 16)


def weather(req: Request, turn: Turn) -> list[Act]:
    place = spoken_place(req, turn, req.near)
    if isinstance(place, Act):
        return [place]
    if place is None and req.value is None and "weather" not in turn.memory.asked:
        turn.memory.asked.add("weather")  # asked again without an answer: here and today
        return [Act("clarify", {"topic": "weather", "options": [], "here": turn.ctx.location_name})]
    name = place.name if place else turn.ctx.location_name
    day = " ".join((req.value or "today").split())
    date = turn.ctx.date.toordinal() + _days_ahead(day, turn.ctx.weekday)
    h = _pick("weather", name, date)
    evening = day in ("tonight", "this evening")
    temp = _MONTH_TEMP[turn.ctx.date.month - 1] + h % 7 - 3 - (4 if evening else 0)
    return [
        Act(
            "weather",
            {
                "place": name,
                "day": day,
                "temp": temp,
                "condition": _CONDITIONS[(h // 7) % len(_CONDITIONS)],
            },
        )
    ]


def _days_ahead(day: str, weekday: int) -> int:
    """0 for today-ish words, 1 for tomorrow, else the next such weekday (weekend: Saturday)."""
    if day == "tomorrow":
        return 1
    name = "saturday" if "weekend" in day else day
    if name in WEEKDAYS:
        return (WEEKDAYS.index(name) + 1 - weekday) % 7
    return 0


def distance(req: Request, turn: Turn) -> list[Act]:
    """How far, and how long the drive is from here right now (not a route: nothing is set)."""
    target = spoken_place(req, turn)
    if isinstance(target, Act):
        return [target]
    target = target or turn.memory.destination
    if target is None:
        return [Act("clarify", {"topic": "destination", "options": []})]
    options = RouteOptions(
        "avoid_highways" in req.constraints, "avoid_tolls" in req.constraints, False
    )
    one = leg(turn.ctx.location, target, options, turn.ctx.minute)
    minutes = int(round(one.minutes))
    return [
        Act(
            "distance",
            {
                "dest": target.name,
                "km": one.km,
                "minutes": minutes,
                "via": one.via,
                "arrive": to_hhmm(turn.ctx.minute + minutes),
            },
        )
    ]


def traffic(req: Request, turn: Turn) -> list[Act]:
    towards = req.value is None and bool(req.named)
    road = req.value or (req.named[0].name if req.named else "your route")
    hour = turn.ctx.minute // 60
    level = _pick("traffic", road, turn.ctx.date, hour) % 2 + (
        1 if rush_factor(turn.ctx.minute) < 1 else 0
    )
    delay = [0, 6, 18][level]
    data = {"road": road, "level": _LEVELS[level], "delay": delay, "towards": towards}
    return [Act("traffic", data)]


def hours(req: Request, turn: Turn) -> list[Act]:
    poi = next((n for n in req.named if isinstance(n, Poi)), None)
    if poi is None and req.ref:
        res = resolve_ref(req.ref, turn)
        if res.item is None:
            return [forgot_act(req.ref)]
        poi = res.item if isinstance(res.item, Poi) else None
    if poi is None:
        return [Act("clarify", {"topic": "place", "options": []})]
    turn.memory.remember_poi(poi)
    opens, closes = poi.hours.split("-")
    day = req.value if req.value in WEEKDAYS else None
    asked = WEEKDAYS.index(day) + 1 if day else turn.ctx.weekday
    return [
        Act(
            "hours",
            {
                "name": poi.name,
                "opens": opens,
                "closes": closes,
                "day": day if day and asked != turn.ctx.weekday else None,
                "open_now": poi.open_at(turn.ctx.minute, turn.ctx.weekday),
                "closed_today": poi.sunday_closed and asked == 7,
            },
        )
    ]
