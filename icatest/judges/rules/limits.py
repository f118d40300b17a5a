"""Two measured limits of a request checked against the figures a reply states: the vehicle's
height against the clearance of a car park ("we're 2.1 m tall" / "max height 2.25 m") and a
charger's least power against the kW it names ("at least 150 kW" / "50 kW"). Only a figure
on each side decides; without one the constraint stays unread (`None`)."""

from __future__ import annotations

import re

# the driver's side: a height ("2.1 metres tall", "a 2.3 m van", "height clearance for 2.1 m")
# and a least power ("at least 150 kW", "150 kW or more")
HEIGHT_ASKED = re.compile(
    r"\b(?P<h>\d[.,]\d{1,2})\s*(?:m|metres?|meters?)\b(?=[^.?!]*\b(?:tall|high|height|clearance|"
    r"van|roof))|\b(?:height|clearance)\b[^.?!\d]{0,25}(?P<g>\d[.,]\d{1,2})\s*(?:m|metres?|"
    r"meters?)\b",
    re.I,
)
POWER_ASKED = re.compile(
    r"\b(?:at least|min(?:imum)?|more than|over|above)\s+(?P<p>\d{2,3})\s*kw\b|"
    r"\b(?P<q>\d{2,3})\s*kw\s*(?:or more|and up|minimum|\+)",
    re.I,
)
# the reply's side: a clearance it states ("Max height: **2.25 m**", "clearance 2.50 m")
CLEARANCE = re.compile(
    r"\b(?:clearance|max(?:imum)? height|height (?:limit|restriction)|headroom)\b[^.?!\d]{0,15}"
    r"(?P<c>\d[.,]\d{1,2})\s*(?:m|metres?|meters?)\b",
    re.I,
)
POWER = re.compile(r"\b(?P<k>\d{2,3})\s*kw\b", re.I)


def _metres(s: str) -> float:
    return float(s.replace(",", "."))


def height_fits(constraint: str, reply: str) -> tuple[bool, str] | None:
    """(fits, why) for a vehicle height against the clearances the reply states."""
    asked = HEIGHT_ASKED.search(constraint)
    clearances = [_metres(m.group("c")) for m in CLEARANCE.finditer(reply)]
    if not asked or not clearances:
        return None
    height = _metres(asked.group("h") or asked.group("g"))
    best = max(clearances)
    return best >= height, f"clearance {best:g} m for {height:g} m"


def power_enough(constraint: str, reply: str) -> tuple[bool, str] | None:
    """(enough, why) for a least charger power against the kW figures the reply names."""
    asked = POWER_ASKED.search(constraint)
    named = [int(m.group("k")) for m in POWER.finditer(reply)]
    if not asked or not named:
        return None
    least = int(asked.group("p") or asked.group("q"))
    return max(named) >= least, f"up to {max(named)} kW for at least {least} kW"
