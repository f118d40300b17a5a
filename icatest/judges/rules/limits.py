"""A charger's least power checked against the kW a reply names ("at least 150 kW" / "50 kW").
Only a figure on each side decides; without one the constraint stays unread (`None`). The
vehicle's height against a car park's clearance is `clearance.py`."""

from __future__ import annotations

import re

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
