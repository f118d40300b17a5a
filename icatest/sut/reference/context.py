"""The client-given conversation context: where, when, how fast.

Defaults: Munich Marienplatz, 12:00, moving at 50 km/h.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from typing import Any

from icatest.contracts.vehicle import read_vehicle
from icatest.sut.reference.world import World, to_minutes

DEFAULT_PLACE = "marienplatz"


@dataclass(frozen=True)
class DriveContext:
    location_name: str
    location: tuple[float, float]
    minute: int
    date: dt.date
    speed_kmh: float
    battery_pct: float | None = None

    @property
    def weekday(self) -> int:
        return self.date.isoweekday()

    @property
    def moving(self) -> bool:
        return self.speed_kmh > 0

    @property
    def night(self) -> bool:
        return self.minute >= 20 * 60 + 30 or self.minute < 6 * 60


class ContextError(ValueError):
    """A context value that cannot be understood; the server answers 422 naming the field."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"context.{field}: {problem}")
        self.field = field


def parse_context(raw: dict[str, Any] | None, world: World) -> DriveContext:
    """Read {location, time, date, vehicle: {speed_kmh, battery}}; absent keys use defaults.
    The vehicle may be free text ("parked", "moving at 40 km/h")."""
    raw = raw or {}
    if not isinstance(raw, dict):
        raise ContextError("(top level)", "must be an object")
    name, point = _location(raw.get("location"), world)
    minute = _time(raw.get("time"))
    date = _date(raw.get("date"))
    try:
        vehicle = read_vehicle(raw.get("vehicle") or {})
    except ValueError as exc:
        raise ContextError("vehicle", str(exc)) from None
    if not isinstance(vehicle, dict):
        raise ContextError("vehicle", "must be an object or text such as 'parked'")
    speed = _number(vehicle.get("speed_kmh", 50), "vehicle.speed_kmh")
    battery = vehicle.get("battery", vehicle.get("battery_pct"))
    battery_pct = None if battery is None else _number(str(battery).rstrip("%"), "vehicle.battery")
    return DriveContext(name, point, minute, date, speed, battery_pct)


def _location(value: Any, world: World) -> tuple[str, tuple[float, float]]:
    if value is None or value == "":
        place = world.place(DEFAULT_PLACE)
        return place.name, (place.lat, place.lon)
    if isinstance(value, dict):
        try:
            point = (float(value["lat"]), float(value["lon"]))
        except (KeyError, TypeError, ValueError):
            raise ContextError("location", "needs numeric 'lat' and 'lon'") from None
        return str(value.get("name", "your location")), point
    names = world.find_names(str(value))
    if names:  # 'Munich, Schwabing': the most specific (last) name is where the car is
        item = names[-1][1]
        return item.name, (item.lat, item.lon)
    place = world.place(DEFAULT_PLACE)
    return str(value), (place.lat, place.lon)


def _time(value: Any) -> int:
    if value is None or value == "":
        return 12 * 60
    try:
        minute = to_minutes(str(value)[:5])
    except ValueError:
        raise ContextError("time", "expected HH:MM") from None
    if not 0 <= minute < 1440:
        raise ContextError("time", "expected HH:MM")
    return minute


def _date(value: Any) -> dt.date:
    if value is None or value == "":
        return dt.date(2025, 6, 12)
    try:
        return dt.date.fromisoformat(str(value)[:10])
    except ValueError:
        raise ContextError("date", "expected an ISO date YYYY-MM-DD") from None


def _number(value: Any, field: str) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        raise ContextError(field, "must be a number") from None


def context_from_messages(messages: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The JSON after 'CONTEXT:' in the first system message that has one."""
    for message in messages:
        content = message.get("content")
        if message.get("role") == "system" and isinstance(content, str):
            text = content.strip()
            if text.startswith("CONTEXT:"):
                try:
                    parsed = json.loads(text[len("CONTEXT:") :])
                except json.JSONDecodeError:
                    raise ContextError(
                        "(system message)", "CONTEXT: is not followed by JSON"
                    ) from None
                return parsed if isinstance(parsed, dict) else None
    return None
