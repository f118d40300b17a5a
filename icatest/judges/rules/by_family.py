"""A constraint read by its paraphrase family (`families.py`): the reply's words that break it,
a place offered that lacks it, a reply that says none meets it, or the words that honour it."""

from __future__ import annotations

import re

from icatest.judges.rules.checked import Check, Checked
from icatest.judges.rules.families import FAMILIES, HAD
from icatest.judges.rules.text import any_match, sentences

# The reply says that nothing meets it ("none stays open all night", "밤새 여는 약국이 없어요"):
# the evidence for it said in a sentence that denies it.
NONE_ENGLISH = re.compile(r"\b(no|none|nothing|nowhere|not find|couldn'?t find|can'?t find)\b")
NONE_KOREAN = re.compile(r"(없어요|없습니다|없네요|없어\b|없고|없는 것 같)")


def _said_none(honours: tuple[str, ...], low: str) -> bool:
    for s in sentences(low):
        hit = next((m for p in honours if (m := re.search(p, s))), None)
        if hit and (NONE_ENGLISH.search(s[: hit.start()]) or NONE_KOREAN.search(s[hit.end():])):
            return True
    return False


# A place offered, then what it lacks said after it ("hotel slon, from 140 eur, no charger on
# site"): the offer does not meet the constraint. Said first ("no chargers along that stretch,
# but two in ulm"), or beside "none", it says openly that none meets it.
_LACKS = re.compile(r"^\W*no ((?:\w+ )?\w+)(?: (?:on site|onsite|inside|there|allowed))?\W*$")


# What a place has or lacks, which a terse reply says after the place ("no parking")
FACILITIES = (*HAD, "free_parking", "pets_allowed", "outdoor_seating", "kid_friendly",
              "card_payment")


def _lacks(honours: tuple[str, ...], low: str) -> bool:
    clauses = [c for c in re.split(r"[,.;]|\bbut\b", low) if c.strip()]
    if len(clauses) < 2 or NONE_ENGLISH.search(clauses[0]) or re.search(r"\bnone\b", low):
        return False
    return any((m := _LACKS.match(c)) and any(re.search(p, m.group(1)) for p in honours)
               for c in clauses[1:])


# A sentence that says the reply left the breaking thing aside ("I've left out the forest track
# along the Cumbre: that one's gravel") does not break it.
LEFT_ASIDE = re.compile(r"\b(left out|leaving out|left it out|skipp(ed|ing)|avoid(ed|ing|s)|"
                        r"steer(ed|ing)? clear|rather than|instead of|not taking|won'?t take)\b")


def _breaks(breaks: tuple[str, ...], low: str) -> bool:
    return any(any_match(breaks, s) and not LEFT_ASIDE.search(s) for s in sentences(low))


def family_check(spoken: str, low: str) -> Checked | None:
    """The constraint read by its family's words: broken, lacked by the place offered, said to
    be met by none, honoured, or (silent) no evidence; None if no family asks it."""
    named = [(n, f) for n, f in FAMILIES.items() if n.replace("_", " ") == spoken]  # exact first
    for name, family in named or list(FAMILIES.items()):
        if named or any_match(family.asks, spoken):
            if any_match(family.breaks, low) and _breaks(family.breaks, low):
                return Checked(Check.MISSED, "the reply goes against it")
            if name in FACILITIES and _lacks(family.honours, low):
                return Checked(Check.MISSED, "the place offered lacks it")
            if family.honours and _said_none(family.honours, low):
                return Checked(Check.STATED, "the reply says none meets it")
            if not family.honours or any_match(family.honours, low):
                return Checked(Check.HONOURED, "evidence in the reply")
            if family.unread_if_silent:
                return Checked(Check.UNKNOWN, "the reply does not say either way")
            return Checked(Check.MISSED, "no evidence in the reply", absent=True)
    return None
