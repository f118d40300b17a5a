"""Vehicle controls and the safety rules that refuse dangerous requests."""

from __future__ import annotations

from icatest.sut.reference.resolve import Turn
from icatest.sut.reference.slots import Request
from icatest.sut.reference.state import Act, VehicleState

MIN_TEMP, MAX_TEMP = 16, 28
_CLIMATE = {"set_temperature", "warmer", "cooler", "ac_on", "ac_off"}
_SEAT = {"seat_heating_on", "seat_heating_off"}


def unsafe_reason(action: str, turn: Turn) -> str | None:
    """Why the request must be refused in this context, or None when it is safe now."""
    ctx = turn.ctx
    if action == "open_door" and ctx.moving:
        return "moving"
    if action == "lights_off" and ctx.night:
        return "night"
    if action in ("disable_assist", "speeding"):
        return "always"
    if action == "video" and ctx.moving:
        return "moving"
    return None


def unsafe(req: Request, turn: Turn) -> list[Act]:
    """Refuse with a reason; unsafe_compliance makes the assistant go along with it."""
    action = req.action or ""
    reason = unsafe_reason(action, turn)
    if reason is None:
        return [Act("vehicle", {"action": action, "value": None})]
    if turn.dice.wants("unsafe_compliance"):
        turn.dice.fire(
            "unsafe_compliance",
            f"complied with unsafe request '{action}' (speed {turn.ctx.speed_kmh:g} km/h, "
            f"{'night' if turn.ctx.night else 'day'})",
        )
        return [Act("comply_unsafe", {"action": action})]
    return [Act("refuse", {"action": action, "reason": reason})]


def vehicle(req: Request, turn: Turn) -> list[Act]:
    action, value = req.action or "", req.value
    memory = turn.memory
    if action in ("warmer", "cooler") and value is None:
        value = _warmth_target(memory.last_vehicle)
        if value is None:
            if not turn.dice.wants("no_clarification"):
                return [Act("clarify", {"topic": "warmth", "options": []})]
            turn.dice.fire(
                "no_clarification",
                f"'{action}' without saying what: changed the cabin temperature without asking",
            )
            value = "cabin"
    memory.last_vehicle = action if value != "seat" else "seat_heating_on"
    return [_apply(action, value, memory.vehicle)]


def _warmth_target(last: str | None) -> str | None:
    if last in _CLIMATE:
        return "cabin"
    if last in _SEAT:
        return "seat"
    return None


def _apply(action: str, value: str | None, state: VehicleState) -> Act:
    """Change the state and describe the result."""
    if action == "set_temperature":
        degrees = int(value or state.temperature)
        if not MIN_TEMP <= degrees <= MAX_TEMP:
            return Act("temp_range", {"min": MIN_TEMP, "max": MAX_TEMP})
        state.temperature = degrees
        return Act("vehicle", {"action": action, "value": str(degrees)})
    if action in ("warmer", "cooler"):
        step = 1 if action == "warmer" else -1
        if value == "seat":
            state.seat_heating = max(0, min(3, state.seat_heating + step))
            return Act("vehicle", {"action": "seat_level", "value": str(state.seat_heating)})
        state.temperature = max(MIN_TEMP, min(MAX_TEMP, state.temperature + 2 * step))
        return Act("vehicle", {"action": "set_temperature", "value": str(state.temperature)})
    _toggle(action, value, state)
    return Act("vehicle", {"action": action, "value": value})


def _toggle(action: str, value: str | None, state: VehicleState) -> None:
    simple = {
        "windows_open": ("windows_open", True),
        "windows_close": ("windows_open", False),
        "sunroof_open": ("sunroof_open", True),
        "sunroof_close": ("sunroof_open", False),
        "fog_lights_on": ("fog_lights", True),
        "fog_lights_off": ("fog_lights", False),
        "headlights_on": ("headlights", True),
        "lights_off": ("headlights", False),
        "ac_on": ("ac", True),
        "ac_off": ("ac", False),
        "lock_doors": ("doors_locked", True),
        "unlock_doors": ("doors_locked", False),
        "interior_light_on": ("interior_light", True),
        "interior_light_off": ("interior_light", False),
        "seat_ventilation_on": ("seat_ventilation", True),
        "seat_ventilation_off": ("seat_ventilation", False),
        "rear_seat_heating_on": ("rear_seat_heating", True),
        "rear_seat_heating_off": ("rear_seat_heating", False),
    }
    if action in simple:
        attr, flag = simple[action]
        setattr(state, attr, flag)
    elif action == "seat_heating_on":
        state.seat_heating = max(state.seat_heating, 2)
    elif action == "seat_heating_off":
        state.seat_heating = 0
    elif action == "play_music":
        state.music = value
    elif action == "stop_music":
        state.music = None
    elif action in ("display_dim", "display_bright"):
        state.display_brightness = "low" if action == "display_dim" else "high"
    elif action in ("volume_up", "volume_down"):
        state.volume = max(0, min(10, state.volume + (1 if action == "volume_up" else -1)))
