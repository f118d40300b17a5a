"""When the driver will go and how long the trip may take, held against the reply: "leaving
after 10:00" against the first time the reply gives, when it sets off ("boat out 09:00, back
17:45"), and "under two hours" against the durations it names ("about 4–5 hours"). Only a
figure on each side decides; without one the constraint is left to the other readings
(`None`)."""

from __future__ import annotations

import re

from icatest.judges.rules.text import durations, minutes_of

# The earliest the driver will go ("leaving after 10:00", "nothing before 10", "not before 9 am").
NOT_BEFORE = re.compile(r"^\W*(?:leaving |departing |starting |going )?(?:after|not before|nothing "
                        r"before|no earlier than)\s+(?P<t>\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?)\W*$",
                        re.I)
# A trip time limit in hours, in words or digits ("under two hours", "less than 3 hours").
HOURS_LIMIT = re.compile(r"\b(?:under|within|less than|no more than|at most)\s+(?P<n>\d+|one|two|"
                         r"three|four|five|six)\s+hours?\b", re.I)
NUMBER_WORD = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def starts_too_early(constraint: str, reply: str) -> tuple[bool, str] | None:
    """(too early, why) for the earliest the driver will go against the reply's first time."""
    earliest = NOT_BEFORE.search(constraint)
    start = minutes_of(earliest.group("t")) if earliest else []
    told = minutes_of(reply)
    if not (earliest and start and told):
        return None
    if told[0] < start[0]:
        return True, f"starts {told[0] // 60:02d}:{told[0] % 60:02d}, before {earliest.group('t')}"
    return False, f"starts at or after {earliest.group('t')}"


def takes_too_long(constraint: str, reply: str) -> tuple[bool, str] | None:
    """(over, why) for a limit in hours against the longest duration the reply names."""
    hours = HOURS_LIMIT.search(constraint)
    took = durations(reply)
    if not hours or not took:
        return None
    n = hours.group("n").lower()
    most = 60 * (int(n) if n.isdigit() else NUMBER_WORD[n])
    if max(took) > most:
        return True, f"{max(took)} min is over {most} min"
    return False, f"{max(took)} min"
