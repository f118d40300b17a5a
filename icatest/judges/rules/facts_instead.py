"""A yes or a no asked of a place ("is the pass going to ice up tonight", "can we park right by
the abbey") answered with what the place is, and nothing of the side asked: its height, its
age, how many live there ("white pass summit is 4,500 ft", "the abbey goes back to the 8th
century"). The reply answers another question about the same place: irrelevant."""

from __future__ import annotations

import re

from icatest.contracts.labels import FailureMode as F
from icatest.judges.rules import acts
from icatest.judges.rules import question_kinds as qk
from icatest.judges.rules.request_rules import Reading
from icatest.judges.rules.text import HANGUL, any_match, content_stems
from icatest.judges.rules.verdicts import Cause, RequestVerdict, failed

# A figure of what the place is: a height, a year or a century, a count of its people or its
# parts; not a distance to go or a time (a height "from the car park" is a way there)
LORE = re.compile(r"\b(1[0-9]{3}s?|\d{1,2}(st|nd|rd|th) century)\b"
                  r"|\b\d[\d,.]* ?(m|ft|feet|metres|meters)\b"
                  r"(?! (from|away|ahead|past|before|after|walk|to go|on))"
                  r"|\b\d[\d,]* (people|inhabitants|residents|hairpins|bends|trees|bastions|"
                  r"towers|rooms|steps)\b", re.I)
FIGURE = re.compile(r"\d")
FRESH_WORDS = 5  # the reply's own content words: facts, not a short side in other words


def facts_instead(r: Reading) -> RequestVerdict | None:
    t = r.turn
    if len(t.requests) > 1 or r.req.ambiguous or r.unsafe or r.asking:
        return None
    if HANGUL.search(t.user) or qk.asked(t.user) is not qk.Asks.SIDE:
        return None
    reply = r.own
    if any_match(qk.SIDE_WORDS, reply.lower()) or acts.is_refusal(reply) or acts.is_fallback(
            reply):
        return None
    lore = LORE.findall(reply)
    # every figure of the reply is one of what the place is ("another 30 into the gorge" or
    # "2 km of walls" may answer: not read)
    if not lore or FIGURE.search(LORE.sub(" ", reply)):
        return None
    said, told = content_stems(t.user), content_stems(reply)
    if not said & told or len(told - said) < FRESH_WORDS:
        return None  # about the place asked of, with facts of its own
    why = f"{r.d} asks for a yes or a no; the reply tells what the place is instead"
    return failed(F.IRRELEVANT_RESPONSE, Cause.INSTEAD, "facts_instead", why)
