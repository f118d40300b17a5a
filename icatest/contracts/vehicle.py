"""The vehicle state of a context, as an object or as people write it.

A context's `vehicle` is a mapping of text values (`speed_kmh`, `gear`, `battery_pct`, ...).
Where a context is written by hand (`judge turns` input, context YAML, imported logs) people
write "parked", "moving at 40 km/h", "stopped at a light", "at 55 mph" or "시속 40km로 주행
중"; such text is read into the same mapping (speed in km/h, gear `P` when parked and `D` when
stopped in traffic or moving) and kept verbatim under `text`. Text that says neither a speed nor
whether the car is parked, stopped or moving is an error naming it, never a guessed default.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BeforeValidator, WithJsonSchema

TEXT = "text"  # the key that keeps the state as written
MPH_TO_KMH = 1.609344

_NUMBER = r"(\d+(?:[.,]\d+)?)"
_KMH = re.compile(
    _NUMBER + r"\s*(?:km/h|km/hr|kmh|kph|km\s*per\s*hour|kilomet(?:er|re)s?\s*(?:per|an|a)\s*hour"
    r"|㎞/h|킬로(?:미터)?|km(?=\s*(?:로|으로|$)))",
    re.IGNORECASE,
)
_MPH = re.compile(_NUMBER + r"\s*(?:mph|mi/h|miles?\s*(?:per|an|a)\s*hour)", re.IGNORECASE)
_KOREAN_SPEED = re.compile(r"시속\s*" + _NUMBER)
_BATTERY = re.compile(
    r"(?:battery|charge|배터리)\D{0,12}?" + _NUMBER + r"\s*%|"
    + _NUMBER + r"\s*%\s*(?:battery|charge)",
    re.IGNORECASE,
)
_PARKED = re.compile(r"\bpark(?:ed|ing)?\b(?!\s*(?:lot|garage|house|deck))|\bin\s+p\b|\bgear\s*p\b"
                     r"|\bengine\s+off\b|주차", re.IGNORECASE)  # fmt: skip
_STOPPED = re.compile(
    r"\b(?:stopped|standing|idling|idle|waiting|stationary|halted|at\s+(?:a\s+|the\s+)?"
    r"(?:red\s+)?(?:light|traffic\s+light|signal|stop\s+sign|junction|crossing))\b"
    r"|정차|정지|신호\s*대기|멈춰|서\s*있",
    re.IGNORECASE,
)
_MOVING = re.compile(
    r"\b(?:moving|driving|cruising|travell?ing|going|rolling|on\s+the\s+(?:highway|motorway|"
    r"autobahn|freeway|road)|in\s+(?:motion|traffic))\b|주행|운전\s*중|달리(?:는|고)|이동\s*중",
    re.IGNORECASE,
)
_EXAMPLES = "'parked', 'moving at 40 km/h', 'stopped at a light', 'at 55 mph' or an object"


def _number(text: str) -> float:
    return float(text.replace(",", "."))


def _speed_kmh(text: str) -> float | None:
    if found := _MPH.search(text):
        return _number(found.group(1)) * MPH_TO_KMH
    if found := _KMH.search(text) or _KOREAN_SPEED.search(text):
        return _number(found.group(1))
    return None


def _shown(value: float) -> str:
    return f"{round(value, 1):g}"


def parse_vehicle(text: str) -> dict[str, str]:
    """The vehicle mapping `text` describes; ValueError naming the text when it says nothing
    readable or contradicts itself ("parked at 40 km/h")."""
    written = " ".join(text.split())
    if not written:
        return {}
    speed = _speed_kmh(written)
    parked = bool(_PARKED.search(written))
    stopped = bool(_STOPPED.search(written))
    moving = bool(_MOVING.search(written))
    if parked and speed:
        raise ValueError(f"{written!r}: parked at a speed above 0")
    state: dict[str, str] = {}
    if parked:
        state.update(speed_kmh="0", gear="P")
    elif speed is not None:
        state.update(speed_kmh=_shown(speed), gear="D")
    elif stopped:
        state.update(speed_kmh="0", gear="D")
    elif moving:
        state.update(gear="D")  # moving, speed not said
    if battery := _BATTERY.search(written):
        state["battery_pct"] = _shown(_number(battery.group(1) or battery.group(2)))
    if not state:
        raise ValueError(f"cannot read {written!r} as a vehicle state (write {_EXAMPLES})")
    state[TEXT] = written
    return state


def read_vehicle(value: Any) -> Any:
    """Before validation: text is parsed, an object's numbers become text; anything else is
    left to the field's type to reject."""
    if value is None:
        return {}
    if isinstance(value, str):
        return parse_vehicle(value)
    if isinstance(value, dict):
        return {
            str(k): str(v) if isinstance(v, int | float) and not isinstance(v, bool) else v
            for k, v in value.items()
        }
    return value


VehicleState = Annotated[
    dict[str, str],
    BeforeValidator(read_vehicle),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "object", "additionalProperties": {"type": "string"}},
                {"type": "string"},
            ],
            "description": "speed_kmh, gear, battery_pct, ... or free text such as 'parked', "
            "'moving at 40 km/h', 'stopped at a light', '시속 40km로 주행 중'",
        }
    ),
]
