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


# Features with their opposite: what the reply offers instead, said as all it has ("indoor
# dining room only", "counter service only"), or the feature said to be shut ("their terrace is
# shut this season").
OPPOSED: tuple[tuple[re.Pattern[str], str, str], ...] = tuple(
    (re.compile(asked, re.I), instead, shut) for asked, instead, shut in (
        (r"\b(outdoor|outside|al fresco|terrace|patio|garden)\b",
         r"indoor|inside|indoors", r"terrace|patio|garden|outdoor (seating|tables)|outside tables"),
        (r"\bdrive[- ]?(thru|through)\b",
         r"counter|walk-in|dine-in|sit-down|table", r"drive[- ]?(thru|through)"),
        (r"\b(power|powered|hook-?ups?|electric(ity)? (hook-?up|site)s?)\b",
         r"unserviced|unpowered|non-powered|tent", r"power(ed)? (sites|hook-?ups)"),
        # air conditioning, and rooms cooled by a fan instead ("ceiling-fan rooms")
        (r"\b(air[- ]?con\w*|a/c|aircon)\b", r"(ceiling[- ])?fans?|fan[- ]cooled",
         r"air[- ]?con\w*"),
    ))
# ... the opposite said as what the rooms are ("ceiling-fan rooms facing the estuary")
ROOMS_OF = r"[\w -]{0,3}\b(rooms?|cabins?|bungalows?)\b"


def _opposite_offered(constraint: str, low: str) -> str | None:
    """What the reply offers instead of the feature, or says is shut, or None."""
    for asked, instead, shut in OPPOSED:
        if not asked.search(constraint):
            continue
        m = (re.search(rf"\b(({instead})[\w -]{{0,20}}) only\b|\bonly (({instead})[\w -]{{0,20}})",
                       low)
             or re.search(rf"\b({shut})\b[^.!?;]{{0,10}}\b(is|are)\b[^.!?;]{{0,10}}"
                          r"\b(shut|closed)\b", low)
             or (None if re.search(shut, low) else re.search(rf"\b({instead}){ROOMS_OF}", low)))
        if m and not AREA_BEFORE.search(low[: m.start()][-30:]):
            return m.group(0)
    return None


# A feature the request asks the place to have, in its words ("a beach with lifeguards", "a
# campsite that has showers"); no person or thing brought along ("with my kids")
_NOT_PART = r"(?:for|to|in|at|on|near|and|or|that|so|by|please|nearby|close)\b"
FEATURE = re.compile(r"\b(?:with|that has|that have|which has|having)\s+(?:a |an |some |its own |"
                     rf"their own )?(?P<f>[a-z][\w-]+(?: (?!{_NOT_PART})[a-z][\w-]+)?)", re.I)
BROUGHT = frozenset("my our your his her their the me us him them kids children friends family "
                    "dog dogs partner wife husband".split())


def features_lacked(request: str, low: str, asked: tuple[str, ...] = ()) -> dict[str, str]:
    """The features the request asks for, beside its constraints (`asked`), that the reply
    says its offer lacks: {"with lifeguards": why}. A feature the reply is silent on is no
    evidence either way, and no uncertainty."""
    out = {}
    for m in FEATURE.finditer(request):
        feature = m.group("f").lower()
        if feature.split()[0] in BROUGHT or any(feature in c for c in asked):
            continue
        got = lacking(f"with {feature}", low)
        if got is not None and got.check is Check.MISSED:
            out[f"with {feature}"] = got.reason
    return out


def lacking(constraint: str, low: str) -> Checked | None:
    """MISSED when the reply says its offer lacks the constraint's feature; else None."""
    if NUMBER.search(constraint) or NOT_A_FEATURE.search(constraint):
        return None
    instead = _opposite_offered(constraint, low)
    if instead:
        return Checked(Check.MISSED, f"the reply says what it offers has {instead!r}")
    keys = content_stems(constraint)
    # what a "gluten free" or "smoke-free" constraint keeps out, said to be lacked, meets it
    keys -= {w for m in re.finditer(r"\b([a-z]+)[- ]free\b", constraint.lower())
             for w in _forms(m.group(1))}
    for m in LACKS.finditer(low):
        which = next((g for g in ("a", "b") if m.group(g) and _forms(m.group(g)) & keys), None)
        if which is None or (which == "b" and m.group("a") in HEDGES):
            continue
        if AREA_BEFORE.search(low[: m.start()][-30:]) or AREA_AFTER.match(low[m.end(which):]):
            continue
        return Checked(Check.MISSED, f"the reply says what it offers has {m.group(0)!r}")
    return None
