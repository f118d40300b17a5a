"""A feature the driver asked for ("with showers", "a baby cot", "ploughed main roads only")
that the reply says the place or the route it offers lacks ("porcupine campground … no showers,
vault toilets only", "back way on the forest track, not ploughed but shorter"): the constraint
is missed, in the reply's own words.

Said of the whole area ("there's no drive-through on this stretch", "I couldn't find a
steakhouse within half a mile") it is a limitation stated openly, and no miss.
"""

from __future__ import annotations

import re

from icatest.judges.rules.checked import Check, Checked
from icatest.judges.rules.text import NUMBER, content_stems

LACKS = re.compile(r"(?<![\w'])(?:no|not|without|lacks?|doesn'?t have|don'?t have)\s+"
                   r"(?:any\s+|a\s+|an\s+)?(?P<a>[a-z][\w-]+)(?:\s+(?P<b>[a-z][\w-]+))?")
# the lack said of the area, not of the place offered
AREA_BEFORE = re.compile(r"\b(there'?s|there is|there are|(couldn'?t|could not|can'?t|cannot|"
                         r"didn'?t) find|may|might|could|would)\s+$")
# ... or hedged ("not always", "not necessarily"): no plain word on the place
HEDGES = frozenset({"always", "necessarily", "all", "every", "sure", "only"})
AREA_AFTER = re.compile(r"^\W*(on this|along (this|the)|in (the|this) (area|town|city|region|"
                        r"village|valley)|within|near(by| here| you)|around (here|you)|anywhere|"
                        r"before|between|close (by|to you)|for miles|"
                        r"(at|in|for) (any|all|every))\b")
# a constraint that rules something out, or measures, is read elsewhere
NOT_A_FEATURE = re.compile(r"n['’]t\b|\b(no|not|avoid\w*|without|except|never|only if|other than|"
                           r"anything but)\b|말고|빼고|제외",
                           re.I)


def _forms(word: str) -> set[str]:
    """The word and its singular, short words too ("cots" ~ "cot")."""
    return {*content_stems(word), word.removesuffix("s"), word.removesuffix("es")}


def lacking(constraint: str, low: str) -> Checked | None:
    """MISSED when the reply says its offer lacks the constraint's feature; else None."""
    if NUMBER.search(constraint) or NOT_A_FEATURE.search(constraint):
        return None
    keys = content_stems(constraint)
    for m in LACKS.finditer(low):
        which = next((g for g in ("a", "b") if m.group(g) and _forms(m.group(g)) & keys), None)
        if which is None or (which == "b" and m.group("a") in HEDGES):
            continue
        if AREA_BEFORE.search(low[: m.start()][-30:]) or AREA_AFTER.match(low[m.end(which):]):
            continue
        return Checked(Check.MISSED, f"the reply says what it offers has {m.group(0)!r}")
    return None
