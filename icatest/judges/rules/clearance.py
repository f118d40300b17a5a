"""A height the vehicle needs ("clearance over 2.1 m", "fits a 2.2 m van", "높이 2.1미터 넘게")
against the height limits a reply names ("2.10 m clearance", "max height 1.90 m", "높이 제한이
2.3m"): a car park whose every named limit is lower does not take the car.

Only heights are read, never distances: a figure in metres between 1.2 and 5 with a decimal
point or a height word in its sentence ("400 m from the Belfry" is a walk, not a limit).
"""

from __future__ import annotations

import re

from icatest.judges.rules.text import any_match, sentences

_METRES = r"(?P<n>\d(?:[.,]\d{1,2})?)\s?(?:m|meters?|metres?|미터)(?![a-z])"
HEIGHT_WORDS = (r"\b(clearance|height|headroom|high|tall|fits?|van|camper|motorhome|roof ?box|"
                r"max(imum)?)\b", r"높이|높은|제한")
# the driver's need, in the utterance: the height stated next to a height word
NEEDS = (
    re.compile(r"\b(?:clearance|height|headroom)\b[^.?!\d]{0,24}" + _METRES, re.I),
    re.compile(_METRES + r"\s?(?:high|tall|van|camper|motorhome|with the roof ?box)\b", re.I),
    re.compile(r"\b(?:we'?re|it'?s|van is|car is)\s+" + _METRES + r"\b(?! (?:away|from))",
               re.I),
    re.compile(r"높이[^.?!\d]{0,8}" + _METRES),
)
LIMIT = re.compile(_METRES, re.I)
LOW, HIGH = 1.2, 5.0
# the reply says openly that the car does not fit
TOO_LOW = (r"\b(too low|won'?t fit|doesn'?t fit|does not fit|can'?t fit|not fit|too tall|"
           r"too high for)\b", r"못 들어|들어갈 수 없|낮아|낮습니다")


def _metres(m: re.Match[str]) -> float:
    return float(m.group("n").replace(",", "."))


def needed(text: str) -> float | None:
    """The height the driver says the vehicle needs, in metres, or None."""
    for pattern in NEEDS:
        m = pattern.search(text)
        if m and LOW <= _metres(m) <= HIGH:
            return _metres(m)
    return None


def limits(reply: str) -> list[float]:
    """The height limits a reply names, in metres."""
    out = []
    for s in sentences(reply):
        for m in LIMIT.finditer(s):
            v = _metres(m)
            if LOW <= v <= HIGH and ("." in m.group("n") or "," in m.group("n")
                                     or any_match(HEIGHT_WORDS, s.lower())):
                out.append(v)
    return out


def says_too_low(reply: str) -> bool:
    return any_match(TOO_LOW, reply.lower())
