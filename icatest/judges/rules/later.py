"""A thing the driver put off to another day on an earlier turn ("we're saving the Schafberg
for tomorrow", "the lighthouse can wait till Sunday", "우포늪은 내일 가기로 했어"), and the reply
plans it for now with no word of the day it was kept for (context_forgotten). Read only when the
driver now asks about the day at hand ("this morning", "today", "지금")."""

from __future__ import annotations

import re

from icatest.judges.rules import acts
from icatest.judges.rules.established import forgot
from icatest.judges.rules.turn import TurnInput
from icatest.judges.rules.turn_rules import Judging

_DAY = (r"(?P<when>tomorrow|another day|the weekend|monday|tuesday|wednesday|thursday|friday|"
        r"saturday|sunday)")
_NAME = r"(?P<x>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,2})"
# the thing put off, named with its capital, and the day it was kept for
SAVED = re.compile(
    r"(?i:\b(?:saving|save|keeping|keep|leaving|leave|doing|do|visiting|visit)\s+(?:the\s+)?)"
    + _NAME + r"(?i:\s+(?:for|until|till|on)\s+" + _DAY + r")\b"
    + r"|(?:^|\b(?i:the)\s+)" + _NAME.replace("x>", "y>")
    + r"(?i:\s+(?:can wait|will have to wait|is for|is saved for)\s+(?:till\s+|until\s+)?"
    + _DAY.replace("when>", "w2>") + r")\b"
    # in Korean: the place, then the day it goes to ("우포늪은 내일 가기로 했어")
    + r"|(?P<k>[가-힣]{2,}?)(?:은|는) (?P<w3>내일|모레|주말에?) "
    r"(?:가기로|갈 거|가자|보기로|하기로)")
# the driver asks about the day at hand
NOW = re.compile(r"\b(this (morning|afternoon|evening)|today|tonight|right now)\b|오늘|지금|이따",
                 re.I)
# the reply keeps the day it was put off to
KEPT_FOR = re.compile(r"\b(tomorrow|another day|weekend|monday|tuesday|wednesday|thursday|"
                      r"friday|saturday|sunday|saved|saving)\b|내일|모레|주말", re.I)


def _put_off(turn: TurnInput) -> str | None:
    """The last thing the driver put off to another day on an earlier turn."""
    found = None
    for said in turn.history_users:
        for m in SAVED.finditer(said):
            found = m.group("x") or m.group("y") or m.group("k")
    return found


def saved_for_later(turn: TurnInput) -> str | None:
    thing = _put_off(turn)
    if thing is None or not NOW.search(turn.user) or "?" in turn.reply:
        return None
    if acts.is_refusal(turn.reply) or KEPT_FOR.search(turn.reply):
        return None
    head = re.escape(thing.split()[0])
    # its name, or the start of a name built on it ("SchafbergBahn" for "Schafberg")
    if not re.search(rf"(?<![\w가-힣]){head}", turn.reply, re.I):
        return None
    return f"the driver put {thing!r} off to another day, the reply plans it for now"


def kept_for_later(turn: TurnInput, j: Judging) -> Judging:
    return forgot(turn, j, "saved_for_later", saved_for_later(turn))
