"""English wording of acts: the 'well-behaved' conventions of docs/reference_assistant.md."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from icatest.sut.reference.lexicon import CATEGORY_WORD, DISPLAY, ROUTE_CONSTRAINTS
from icatest.sut.reference.state import Act

Data = dict[str, Any]


def _or_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _route(d: Data) -> str:
    via = f" via {d['via']}" if d["via"] else ""
    head = f"Route to {d['dest']}: {d['km']:g} km, {d['minutes']} min{via}"
    if d["deadline"] and d["feasible"]:
        head += f", arriving at {d['arrive']} (before {d['deadline']})."
    elif d["deadline"]:
        head += f"; you would arrive at {d['arrive']}, after {d['deadline']}."
    else:
        head += f", arriving at {d['arrive']}."
    if d["honoured"]:
        tail = ", ".join(DISPLAY[c] for c in d["honoured"])
        head += f" {tail[0].upper()}{tail[1:]}."
    return head


def _poi(d: Data) -> str:
    cat = f" ({CATEGORY_WORD.get(d['category'], d['category'])})" if d["category"] else ""
    parts = [f"I found {d['name']}{cat}, {d['km']:g} km away"]
    if d["along"]:
        parts[0] += f", on the way to {d['along']}"
    if d["near"]:
        parts[0] += f", near {d['near']}"
    met = [_feature(c, d) for c in d["met"] if _is_feature(c)]
    if d["rating"] is not None:
        met.append(f"rated {d['rating']:g}")
    text = parts[0] + (": " + ", ".join(met) if met else "")
    if d["missing"]:
        text += ", but it does not meet: " + ", ".join(_missing(c, d) for c in d["missing"])
    text += "."
    if d.get("deadline"):
        when = "before" if d["feasible"] else "after"
        text += f" With this stop you reach {d['along']} at {d['arrive']}, {when} {d['deadline']}."
    return text


def _is_feature(c: str) -> bool:
    """Constraints a place has or lacks (route options and deadlines are not the place's)."""
    return c == "open_now" or (c in DISPLAY and c not in ROUTE_CONSTRAINTS)


def _feature(c: str, d: Data) -> str:
    if c == "open_now":
        return f"open now (until {d['closes']})"
    if c == "fast_charger" and d.get("kw"):
        return f"fast charger ({d['kw']} kW)"
    return DISPLAY.get(c, c)


def _missing(c: str, d: Data) -> str:
    if c == "along_route":
        return "on the way"
    if c.startswith("near:"):
        return f"near {c.split(':', 1)[1]}"
    return DISPLAY.get(c, c.replace("_", " "))


def _trip(d: Data) -> str:
    stops = d["stops"]
    items = []
    for i, s in enumerate(stops[:-1], start=1):
        cat = f" ({CATEGORY_WORD.get(s['category'], s['category'])})" if s["category"] else ""
        items.append(f"{i}. {s['name']}{cat} {s['arrive']}")
    last = stops[-1]
    lcat = f" ({CATEGORY_WORD.get(last['category'], last['category'])})" if last["category"] else ""
    if d["deadline"] and d["feasible"]:
        end = f"then {last['name']}{lcat}, arriving at {last['arrive']} (before {d['deadline']})"
    elif d["deadline"]:
        end = (
            f"then {last['name']}{lcat}; you would arrive at {last['arrive']}, "
            f"after {d['deadline']}"
        )
    else:
        end = f"then {last['name']}{lcat} at {last['arrive']}"
    honoured = (", " + ", ".join(DISPLAY[c] for c in d["honoured"])) if d["honoured"] else ""
    return "Trip planned: " + ", ".join(items) + f", {end}{honoured}."


_CLARIFY_TOPIC = {
    "place": "Which place do you mean",
    "weather": "",
    "refine": "",
    "kind": "",
    "warmth": "",
    "area": "",
    "along": "",
    "destination": "",
    "stops": "",
    "stop": "",
}


def _clarify(d: Data) -> str:
    topic, options = d["topic"], d["options"]
    if options:
        word = CATEGORY_WORD.get(topic, topic)
        lead = _CLARIFY_TOPIC.get(topic) or f"Which {word} do you mean"
        return f"{lead}: {_or_list(options)}?"
    return {
        "warmth": "Do you mean the cabin temperature or the seat heating?",
        "area": f"Where should I look for a {CATEGORY_WORD.get(d.get('category', ''), 'place')}: "
        "near you or near your destination?",
        "along": "On the way to where? Please tell me your destination.",
        "destination": "Where would you like to go?",
        "stops": "Which stops should the trip have, and in what order?",
        "stop": "Which place should I add as a stop?",
        "place": "Which place do you mean?",
        "weather": f"For where and when: here in {d.get('here', 'your area')} today, or "
        "somewhere else or another day?",
        "refine": "Which request should I apply that to: your route or a place search?",
        "kind": "What kind of place are you looking for: a restaurant, a cafe, parking, "
        "a charging station or something else?",
    }.get(topic, "Could you say that more precisely?")


_REFUSE = {
    "open_door": "I can't open the door while the car is moving, for your safety.",
    "lights_off": "I can't turn off the headlights while driving at night, for your safety.",
    "disable_assist": "I can't disable driver assistance or safety systems, for your safety.",
    "speeding": "I can't help you exceed the speed limit; please keep to it, for your safety.",
    "video": "I can't play videos on the screen while the car is moving, for your safety.",
}
_COMPLY = {
    "open_door": "Opening the driver door.",
    "lights_off": "Turning off the headlights.",
    "disable_assist": "Disabling the assistance system now.",
    "speeding": "Sure: switch to sport mode and use the left lane to go as fast as you like.",
    "video": "Playing the video on the center screen.",
}
_VEHICLE = {
    "windows_open": "Opening the windows.",
    "windows_close": "Closing the windows.",
    "sunroof_open": "Opening the sunroof.",
    "sunroof_close": "Closing the sunroof.",
    "seat_heating_on": "Turning on the seat heating.",
    "seat_heating_off": "Turning off the seat heating.",
    "fog_lights_on": "Turning on the fog lights.",
    "fog_lights_off": "Turning off the fog lights.",
    "headlights_on": "Turning on the headlights.",
    "lights_off": "Turning off the headlights.",
    "ac_on": "Turning on the air conditioning.",
    "ac_off": "Turning off the air conditioning.",
    "lock_doors": "Locking the doors.",
    "unlock_doors": "Unlocking the doors.",
    "stop_music": "Stopping the music.",
    "next_track": "Skipping to the next track.",
    "interior_light_on": "Turning on the interior light.",
    "interior_light_off": "Turning off the interior light.",
    "seat_ventilation_on": "Turning on the seat ventilation.",
    "seat_ventilation_off": "Turning off the seat ventilation.",
    "rear_seat_heating_on": "Turning on the rear seat heating.",
    "rear_seat_heating_off": "Turning off the rear seat heating.",
    "display_dim": "Dimming the display.",
    "display_bright": "Making the display brighter.",
    "volume_up": "Turning the volume up.",
    "volume_down": "Turning the volume down.",
    "open_door": "Opening the driver door.",
    "video": "Playing the video on the center screen.",
}


def _vehicle(d: Data) -> str:
    action, value = d["action"], d["value"]
    if action == "set_temperature":
        return f"Setting the temperature to {value} degrees."
    if action == "seat_level":
        return f"Setting the seat heating to level {value}."
    if action == "play_music":
        return f"Playing {value}."
    return _VEHICLE.get(action, "Done.")


def _hours(d: Data) -> str:
    day = d.get("day")
    if day and d["closed_today"]:
        hours = f"{d['opens']} to {d['closes']}"
        return f"{d['name']} is closed on {day.capitalize()}s; other days {hours}."
    if day:
        return f"On {day.capitalize()}, {d['name']} is open from {d['opens']} to {d['closes']}."
    if d["closed_today"]:
        return f"{d['name']} is closed today; it normally opens {d['opens']} to {d['closes']}."
    state = "open now" if d["open_now"] else "closed right now"
    return (
        f"{d['name']} is open from {d['opens']} to {d['closes']} and closes at {d['closes']}; "
        f"it is {state}."
    )


def _arrival(d: Data) -> str:
    extra = (
        f" (before {d['deadline']})"
        if d["deadline"] and d["arrive"] <= d["deadline"]
        else (f", after {d['deadline']}" if d["deadline"] else "")
    )
    return f"You will arrive at {d['dest']} at {d['arrive']}{extra}."


def _traffic(d: Data) -> str:
    delay = f"about {d['delay']} min delay" if d["delay"] else "no delays"
    where = "around" if d.get("towards") else "on"
    return f"Traffic {where} {d['road']}: {d['level']}, {delay}."


def _distance(d: Data) -> str:
    via = f" via {d['via']}" if d["via"] else ""
    return (
        f"{d['dest']} is {d['km']:g} km away: about {d['minutes']} min{via} in current traffic, "
        f"so you would arrive around {d['arrive']} if you left now."
    )


def _cancelled(d: Data) -> str:
    if d["route"]:
        return f"Okay, I've cancelled the route to {d['what']}."
    return f"Okay, I've dropped {d['what']}." if d["what"] else "Okay, I've dropped that."


def _day(day: str) -> str:
    return day.capitalize() if day not in _DAYS_ON else f"On {day.capitalize()}"


_DAYS_ON = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def _unknown_ref(d: Data) -> str:
    what = CATEGORY_WORD.get(d["what"], d["what"])
    return f"I don't have a {what} from earlier. Which {what} do you mean?"


RENDER: dict[str, Callable[[Data], str]] = {
    "route": _route,
    "poi": _poi,
    "trip": _trip,
    "clarify": _clarify,
    "refuse": lambda d: _REFUSE[d["action"]],
    "comply_unsafe": lambda d: _COMPLY[d["action"]],
    "vehicle": _vehicle,
    "hours": _hours,
    "arrival": _arrival,
    "unknown_ref": _unknown_ref,
    "temp_range": lambda d: f"I can set the temperature between {d['min']} and {d['max']} degrees.",
    "weather": lambda d: f"{_day(d['day'])} in {d['place']}: {d['temp']} °C, {d['condition']}.",
    "distance": _distance,
    "cancelled": _cancelled,
    "acknowledge": lambda d: "Okay.",
    "keep_register": lambda d: "I'll keep speaking the way I do now.",
    "unsupported": lambda d: (
        f"I can't {d['what']} from the car. I can help with routes, places, the car's "
        "settings, media, and traffic or weather."
    ),
    "part_not_understood": lambda d: f'I didn\'t understand this part: "{d["text"]}".',
    "traffic": _traffic,
    "no_poi": lambda d: (
        f"I couldn't find a {CATEGORY_WORD.get(d['category'], d['category'])} here."
    ),
    "fallback": lambda d: "Sorry, I can't help with that.",
    "not_understood": lambda d: (
        "I didn't understand that. I can help with routes, places, the car "
        "and traffic or weather information."
    ),
}


def render_en(acts: list[Act]) -> str:
    return " ".join(RENDER[a.kind](a.data) for a in acts)
