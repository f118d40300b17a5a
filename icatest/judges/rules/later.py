"""A thing the driver put off to another day on an earlier turn ("we're saving the Schafberg
for tomorrow", "the lighthouse can wait till Sunday", "우포늪은 내일 가기로 했어"), and the reply
plans it for now with no word of the day it was kept for (context_forgotten); read only when the
driver now asks about the day at hand ("this morning", "today", "지금"). Or a thing the driver
has done already ("we saw the Callanish stones this morning"), offered again when the driver
asks what to do or where to stop."""

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
# ... or a thing already done ("we saw the Callanish stones this morning, so nothing there
# tonight", "we've already been to Dunvegan")
DONE = re.compile(r"(?i:\b(?:we|i) (?:saw|visited|did|walked|climbed|'ve seen|have seen|"
                  r"'ve been to|have been to|'ve done|have done|already saw|already did|"
                  r"already visited)\s+"
                  r"(?:the\s+)?)" + _NAME.replace("x>", "d>") +
                  r"(?i:[^.!?]{0,40}\b(?:this morning|yesterday|already|earlier|today)\b)")
# ... in Korean ("마곡사는 작년에 다 봤어")
DONE_KO = re.compile(r"(?P<k>[가-힣]{2,}?)(?:은|는|도) "
                     r"(?:작년에|어제|이미|벌써|아까|오전에|지난번에) "
                     r"(?:다 )?(?:봤|갔다 왔|다녀왔|가 봤|둘러봤)")
# ... and now asks what to do or where to stop
SUGGEST = re.compile(r"\b(what|where|any|worth|ideas?|suggest\w*|recommend\w*|should we)\b"
                     r"|뭐 하|뭘 하|추천|어디 (가|갈)|볼 만한|할 만한", re.I)
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


def _done(turn: TurnInput) -> str | None:
    found = None
    for said in turn.history_users:
        for m in (*DONE.finditer(said), *DONE_KO.finditer(said)):
            found = m.group("d") if "d" in m.re.groupindex else m.group("k")
    return found


def saved_for_later(turn: TurnInput) -> str | None:
    thing, done = _put_off(turn), _done(turn)
    if thing is None or not NOW.search(turn.user):
        thing = None
    if thing is None and (done is None or not SUGGEST.search(turn.user)):
        return None
    if acts.is_refusal(turn.reply) or (thing and KEPT_FOR.search(turn.reply)):
        return None
    for name, why in ((thing, "put {0!r} off to another day"), (done, "has done {0!r} already")):
        if name is None:
            continue
        head = re.escape(name.split()[0])
        # its name, or the start of a name built on it ("SchafbergBahn" for "Schafberg")
        if re.search(rf"(?<![\w가-힣]){head}", turn.reply, re.I) and not ALREADY.search(turn.reply):
            return f"the driver {why.format(name)}, the reply plans it for now"
    return None


# the reply says the thing was done or is for later ("you've seen the stones already")
ALREADY = re.compile(r"\b(already|again|tomorrow|saved|since you|still|instead)\b", re.I)


def kept_for_later(turn: TurnInput, j: Judging) -> Judging:
    return forgot(turn, j, "saved_for_later", saved_for_later(turn))
