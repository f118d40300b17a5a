"""Deterministic weather, traffic and opening-hours answers."""

from __future__ import annotations

import hashlib

from icatest.sut.reference.resolve import Turn, forgot_act, resolve_ref
from icatest.sut.reference.slots import Request
from icatest.sut.reference.state import Act
from icatest.sut.reference.travel import rush_factor
from icatest.sut.reference.world import Poi

_CONDITIONS = ["sunny", "partly cloudy", "cloudy", "light rain", "showers", "clear skies"]
_MONTH_TEMP = [1, 3, 7, 12, 16, 20, 22, 21, 17, 12, 6, 2]
_LEVELS = ["light", "moderate", "heavy"]


def _pick(*parts: object) -> int:
    return int(hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:8], 16)


def weather(req: Request, turn: Turn) -> list[Act]:
    place = req.near or (req.named[0] if req.named else None)
    name = place.name if place else turn.ctx.location_name
    day = req.value or "today"
    date = turn.ctx.date.toordinal() + (1 if day == "tomorrow" else 0)
    h = _pick("weather", name, date)
    temp = _MONTH_TEMP[turn.ctx.date.month - 1] + h % 7 - 3
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


def traffic(req: Request, turn: Turn) -> list[Act]:
    road = req.value or (req.named[0].name if req.named else "your route")
    hour = turn.ctx.minute // 60
    level = _pick("traffic", road, turn.ctx.date, hour) % 2 + (
        1 if rush_factor(turn.ctx.minute) < 1 else 0
    )
    delay = [0, 6, 18][level]
    return [Act("traffic", {"road": road, "level": _LEVELS[level], "delay": delay})]


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
    closed_today = poi.sunday_closed and turn.ctx.weekday == 7
    return [
        Act(
            "hours",
            {
                "name": poi.name,
                "opens": opens,
                "closes": closes,
                "open_now": poi.open_at(turn.ctx.minute, turn.ctx.weekday),
                "closed_today": closed_today,
            },
        )
    ]
