"""Vehicle commands: which control and which value a clause asks for."""

from __future__ import annotations

import re

_OPEN = r"(?:open|roll\s+down|lower)"
_CLOSE = r"(?:close|shut|roll\s+up|raise)"
_ON = r"(?:turn|switch|put)\s+on|activate|enable|start"
_OFF = r"(?:turn|switch|put)\s+off|deactivate|stop"

_SIMPLE: list[tuple[str, str]] = [
    (rf"(?:{_OPEN})\s+(?:the\s+|all\s+(?:the\s+)?)?(?:\w+\s+)?windows?", "windows_open"),
    (rf"(?:{_CLOSE})\s+(?:the\s+|all\s+(?:the\s+)?)?(?:\w+\s+)?windows?", "windows_close"),
    (rf"(?:{_OPEN}|tilt)\s+(?:the\s+)?sun\s?roof", "sunroof_open"),
    (rf"(?:{_CLOSE})\s+(?:the\s+)?sun\s?roof", "sunroof_close"),
    (
        rf"(?:{_ON})\s+(?:the\s+)?(?:seat\s+heat\w*|heated\s+seats?)|seat\s+heat\w*\s+on",
        "seat_heating_on",
    ),
    (
        rf"(?:{_OFF})\s+(?:the\s+)?(?:seat\s+heat\w*|heated\s+seats?)|seat\s+heat\w*\s+off",
        "seat_heating_off",
    ),
    (
        rf"(?:{_ON})\s+(?:the\s+)?rear\s+seat\s+heat\w*|rear\s+seat\s+heat\w*\s+on",
        "rear_seat_heating_on",
    ),
    (
        rf"(?:{_OFF})\s+(?:the\s+)?rear\s+seat\s+heat\w*|rear\s+seat\s+heat\w*\s+off",
        "rear_seat_heating_off",
    ),
    (
        rf"(?:{_ON})\s+(?:the\s+)?(?:seat\s+(?:ventilation|cooling)|ventilated\s+seats?|cooled\s+seats?)",
        "seat_ventilation_on",
    ),
    (
        rf"(?:{_OFF})\s+(?:the\s+)?(?:seat\s+(?:ventilation|cooling)|ventilated\s+seats?|cooled\s+seats?)",
        "seat_ventilation_off",
    ),
    (
        rf"(?:{_ON})\s+(?:the\s+)?(?:interior|cabin|reading|dome|inside)\s+lights?",
        "interior_light_on",
    ),
    (
        rf"(?:{_OFF})\s+(?:the\s+)?(?:interior|cabin|reading|dome|inside)\s+lights?",
        "interior_light_off",
    ),
    (
        r"\bdim\s+(?:the\s+)?(?:dashboard\s+|center\s+|centre\s+)?(?:display|screen|dashboard)"
        r"|(?:display|screen)\s+brightness\s+(?:to\s+)?(?:low|down|minimum)"
        r"|(?:lower|reduce|decrease)\s+(?:the\s+)?(?:display\s+|screen\s+)?brightness"
        r"|(?:display|screen)\s+(?:is\s+)?too\s+bright",
        "display_dim",
    ),
    (
        r"\bbrighten\s+(?:the\s+)?(?:display|screen)|(?:display|screen)\s+brightness\s+(?:to\s+)?"
        r"(?:high|up|maximum)|(?:raise|increase)\s+(?:the\s+)?(?:display\s+|screen\s+)?brightness",
        "display_bright",
    ),
    (rf"(?:{_ON})\s+(?:the\s+)?fog\s*lights?|fog\s*lights?\s+on", "fog_lights_on"),
    (rf"(?:{_OFF})\s+(?:the\s+)?fog\s*lights?|fog\s*lights?\s+off", "fog_lights_off"),
    (rf"(?:{_ON})\s+(?:the\s+)?(?:head)?lights|(?:head)?lights\s+on", "headlights_on"),
    (rf"(?:{_ON})\s+(?:the\s+)?(?:air\s+con\w*|a/?c\b|climate)|air\s+conditioning\s+on", "ac_on"),
    (rf"(?:{_OFF})\s+(?:the\s+)?(?:air\s+con\w*|a/?c\b|climate)", "ac_off"),
    (r"\block\s+(?:the\s+|all\s+(?:the\s+)?)?doors?", "lock_doors"),
    (r"\bunlock\s+(?:the\s+|all\s+(?:the\s+)?)?doors?", "unlock_doors"),
    (r"(?:stop|pause|turn\s+off|mute)\s+(?:the\s+)?(?:music|radio|song)", "stop_music"),
    (r"\b(?:next|skip\s+(?:this|the)\s+)(?:song|track)\b", "next_track"),
    (r"(?:turn|crank)\s+(?:it|the\s+(?:music|volume|radio))\s+up|louder|volume\s+up", "volume_up"),
    (
        r"(?:turn|bring)\s+(?:it|the\s+(?:music|volume|radio))\s+down|quieter|volume\s+down",
        "volume_down",
    ),
]
_GENRES = (
    "jazz",
    "rock",
    "pop",
    "classical",
    "classic",
    "news",
    "podcast",
    "radio",
    "hip hop",
    "country",
    "electronic",
    "relaxing",
    "bavarian",
    "folk",
    "metal",
    "blues",
    "music",
)


def vehicle_action(norm: str) -> tuple[str, str | None] | None:
    """(action, value) for a vehicle command in normalized text, or None."""
    if m := re.search(r"(\d{2})(?:[.,]\d)?\s*(?:degrees?|°|c\b)", norm):
        if re.search(r"temperature|climate|heat|cool|warm|set|degrees", norm):
            return "set_temperature", m.group(1)
    if m := re.search(r"(?:temperature|climate)\s+(?:to|at)\s+(\d{2})\b", norm):
        return "set_temperature", m.group(1)
    if m := re.search(
        r"(?:set|switch|change|tune|turn|put)\s+(?:the\s+)?(?:music|radio|station|channel)\s+"
        r"(?:on\s+)?to\s+(?:some\s+|the\s+)?([a-z ]+?)(?:\s+music|\s+station)?(?:\s+please)?$"
        r"|\bput\s+on\s+(?:some\s+|the\s+)?([a-z ]+?)(?:\s+music)?(?:\s+please)?$",
        norm,
    ):
        return "play_music", _genre(m.group(1) or m.group(2))
    for pattern, action in _SIMPLE:
        if re.search(pattern, norm):
            return action, None
    if found := _warmth(norm):
        return found
    if m := re.search(
        r"\bplay\b\s+(?:some\s+|a\s+little\s+|me\s+)?([a-z ]+?)(?:\s+music)?(?:\s+please)?$", norm
    ):
        return "play_music", _genre(m.group(1))
    return None


def _genre(words: str) -> str:
    genre = next((g for g in _GENRES if g in words), None)
    return "classical" if genre == "classic" else (genre or words.strip())


def _warmth(norm: str) -> tuple[str, str | None] | None:
    """'warmer'/'cooler': the target is named (temperature, seat) or left open ('set it warmer')."""
    warmer = re.search(
        r"\bwarmer\b|heat\s+(?:it\s+)?up|i'?m\s+(?:cold|freezing)|turn\s+up\s+the\s+heat", norm
    )
    cooler = re.search(
        r"\bcooler\b|\bcolder\b|cool\s+(?:it\s+)?down|i'?m\s+(?:hot|sweating)|too\s+(?:hot|warm)",
        norm,
    )
    if not (warmer or cooler):
        return None
    action = "warmer" if warmer else "cooler"
    if "seat" in norm:
        return action, "seat"
    if re.search(r"temperature|cabin|\bcar\b|climate|in\s+here|i'?m\s+", norm):
        return action, "cabin"
    return action, None
