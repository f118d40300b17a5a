"""A charger's least power checked against the kW a reply names ("at least 150 kW" / "50 kW"),
and a long vehicle's length against the longest a campsite or a car park takes ("our 8 metre
motorhome" / "vans up to 6 m"), and its height against a car park's clearance (read by
`clearance.py`). Only a figure on each side decides; without one the constraint stays unread."""

from __future__ import annotations

import re

from icatest.judges.rules import clearance
from icatest.judges.rules.checked import Check, Checked

# the driver's side: a least power ("at least 150 kW", "150 kW or more")
POWER_ASKED = re.compile(
    r"\b(?:at least|min(?:imum)?|more than|over|above)\s+(?P<p>\d{2,3})\s*kw\b|"
    r"\b(?P<q>\d{2,3})\s*kw\s*(?:or more|and up|minimum|\+)",
    re.I,
)
POWER = re.compile(r"\b(?P<k>\d{2,3})\s*kw\b", re.I)


def power_enough(constraint: str, reply: str) -> tuple[bool, str] | None:
    """(enough, why) for a least charger power against the kW figures the reply names."""
    asked = POWER_ASKED.search(constraint)
    named = [int(m.group("k")) for m in POWER.finditer(reply)]
    if not asked or not named:
        return None
    least = int(asked.group("p") or asked.group("q"))
    return max(named) >= least, f"up to {max(named)} kW for at least {least} kW"


# the driver's long vehicle and its length ("our 8 metre motorhome", "a 30-foot rv", "the
# caravan is 7.5 m long")
_LENGTH = r"(?P<n>\d{1,2}(?:[.,]\d)?)[\s-]?(?P<u>m|metres?|meters?|ft|feet|foot)"
_LONG_VEHICLE = r"(?:motor ?home|camper(?: ?van)?|caravan|rv|rig|trailer|coach|minibus|vehicle)"
LENGTH_ASKED = (re.compile(rf"\b{_LENGTH}(?:[\s-]long)?\s+{_LONG_VEHICLE}\b", re.I),
                re.compile(rf"\b{_LONG_VEHICLE}\b[^.?!\d]{{0,20}}\b{_LENGTH}[\s-]long\b", re.I))
# ... the longest the place takes, with no height in the sentence ("vans up to 6 m", "pitches
# for rigs under 25 ft"); a few metres or less is a height or a width, never a pitch
LONGEST = re.compile(rf"\b(?:up to|max(?:imum)?|no longer than|under|at most|limit(?:ed)? to)\s+"
                     rf"{_LENGTH}\b", re.I)
NOT_LENGTH = re.compile(r"\b(height|clearance|headroom|high|tall|barrier|wide|width)\b", re.I)
SHORTEST_LIMIT_M = 4.0


def _metres(m: re.Match[str]) -> float:
    n = float(m.group("n").replace(",", "."))
    return n * 0.3048 if m.group("u").lower().startswith(("f", "ft")) else n


def vehicle_length(text: str) -> float | None:
    """The length of the driver's long vehicle, in metres, or None."""
    m = next((m for pattern in LENGTH_ASKED if (m := pattern.search(text))), None)
    if m is None or NOT_LENGTH.search(text):  # "clearance for a 2.9 m camper" is its height
        return None
    return _metres(m) if _metres(m) >= SHORTEST_LIMIT_M else None


def length_fits(constraint: str, reply: str) -> tuple[bool, str] | None:
    """(fits, why) for the vehicle's length against the longest the reply says a place takes."""
    length = vehicle_length(constraint)
    if length is None:
        return None
    if not LONGEST.search(reply):
        return None
    longest = [_metres(m) for s in re.split(r"(?<=[.!?;])\s+", reply) if not NOT_LENGTH.search(s)
               for m in LONGEST.finditer(s)]
    longest = [n for n in longest if n >= SHORTEST_LIMIT_M]
    if not longest:
        return None
    most = max(longest)
    return most >= length - 0.05, f"takes up to {most:g} m, the vehicle is {length:g} m"


def vehicle_needs(text: str) -> list[str]:
    """The charger power, the height and the length the driver's vehicle needs, as constraints
    ('at least 150 kW', 'the van is 2.1 m high', 'fits our 8 metre motorhome')."""
    power = POWER_ASKED.search(text)
    height, length = clearance.needed(text), vehicle_length(text)
    return ([power.group(0).lower()] if power else []
            + ([f"clearance over {height:g} m"] if height is not None else [])
            + ([f"fits a {round(length, 1):g} m long vehicle"] if length is not None else []))


def vehicle_limit(spoken: str, reply: str) -> Checked | None:
    """A charger's power or the vehicle's length against the figure the reply names."""
    met = power_enough(spoken, reply) or length_fits(spoken, reply)
    if met is None:
        return None
    return Checked(Check.HONOURED if met[0] else Check.MISSED, met[1])


def clears(spoken: str, reply: str) -> Checked | None:
    """The vehicle's height against the height limits the reply names (none: no evidence)."""
    height = clearance.needed(spoken)
    if height is None:
        return None
    named = clearance.limits(reply)
    if not named:
        return Checked(Check.UNKNOWN, "no height limit named")
    if max(named) >= height - 0.005:
        return Checked(Check.HONOURED, f"{max(named):g} m clears {height:g} m")
    if clearance.says_too_low(reply):
        return Checked(Check.STATED, "the reply says it is too low")
    return Checked(Check.MISSED, f"height limits up to {max(named):g} m, under {height:g} m")
