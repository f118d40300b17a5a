"""Two requests in one turn, the reply doing one and saying nothing of the other ("is the
creamery open tomorrow morning and how long to drive there": "42 mi, 1 h 5 min"): the one it
says nothing of is left out (`request_omitted`), though the reply as a whole answers
something. Nothing of it means no word of its own (none the other request shares) and no
answer of its kind: an hour for "open", a price for "how much", a distance or a time for "how
far" and "when", the weather's words for the weather, a place for a search, a level for the
fuel or the range, a yes or a no."""

from __future__ import annotations

import re
from dataclasses import replace

from icatest.contracts.labels import FailureMode as F
from icatest.judges.rules.attribution import HOW_HIGH, MEASURE
from icatest.judges.rules.place_kinds import place_kind
from icatest.judges.rules.requests import RequestKind, request_kind
from icatest.judges.rules.second_ask import OPEN_ASKED, answer_of_its_kind
from icatest.judges.rules.text import (
    content_stems,
    distances_km,
    durations,
    heads,
    minutes_of,
    names,
    new_names,
    on_a_street,
    sentences,
)
from icatest.judges.rules.turn import Request, TurnInput
from icatest.judges.rules.turn_rules import Judging
from icatest.judges.rules.verdicts import Cause, Outcome, failed

# Words of a request that name nothing it asks about ("tell me whether ...", "say how far ...")
ASKING_WORDS = frozenset(heads(content_stems(
    "tell say show find check let know whether how long far much many is are there it me "
    "please what when where which give")))
WHEN_FAR = re.compile(r"\b(when|what time|how long|how far|distance|drive time|minutes|eta)\b"
                      r"|얼마나|몇 분|몇 시|거리", re.I)
LEVEL = re.compile(r"\b(fuel|petrol|gas|diesel|battery|charge|range)\b|연료|기름|배터리|주행 ?가능",
                   re.I)
LEVEL_SAID = re.compile(r"\d\s?%|\b(range|full|empty|half|quarter)\b|주행 ?가능", re.I)
STATION = re.compile(r"\b(stations?|pumps?|garage|charger|chargers)\b|주유소|충전소", re.I)
YES_NO = re.compile(r"\b(yes|no|nope|yep|yeah|nah)\b|(^|\s)(네|아니요|아뇨)(\s|[,.!]|$)", re.I)
DATE = re.compile(r"\d+ ?월 ?\d+ ?일|\b\d{1,2}(st|nd|rd|th)? (of )?(jan|feb|mar|apr|may|jun|jul|"
                  r"aug|sep|oct|nov|dec)[a-z]*\b", re.I)
CLOSED = re.compile(r"\b(closed|shut|24/7|24 ?h(ours)?)\b|휴무|문 ?닫|영업", re.I)


def _answer_of_its_kind(request: str, reply: str) -> bool:
    """Whether the reply has an answer of the kind the request asks for (`second_ask`'s
    kinds, and a shut place, a distance or a time in more words, a level, a place, a date)."""
    if answer_of_its_kind(request, reply):
        return True
    if OPEN_ASKED.search(request) and CLOSED.search(reply):
        return True
    if WHEN_FAR.search(request) and (minutes_of(reply) or durations(reply)
                                     or distances_km(reply)):
        return True
    if LEVEL.search(request) and not STATION.search(request) and LEVEL_SAID.search(reply):
        return True
    if HOW_HIGH.search(request) and MEASURE.search(reply):
        return True
    searched = request_kind(request) is RequestKind.SEARCH or place_kind(request)
    if searched and (names(reply) or on_a_street(reply, request)):
        return True
    return bool(YES_NO.search(reply) or DATE.search(reply))


def _own_words(req: Request, other: Request, turn: TurnInput) -> set[str]:
    return (heads(content_stems(req.description)) - heads(content_stems(other.description))
            - ASKING_WORDS - heads(content_stems(turn.situation.location)))


def _says_nothing_of(req: Request, other: Request, turn: TurnInput) -> bool:
    if _own_words(req, other, turn) & heads(content_stems(turn.reply)):
        return False
    if new_names(turn.reply, turn.user, *turn.history_users):
        return False  # a place or a name of its own may answer it in words no rule reads
    if not _answer_of_its_kind(req.description, turn.reply):
        # ... and every sentence of the reply is the other request's ("1.5 mi to the stone
        # at the top. small lay-by right next to it": the second one is not)
        return all(_for(other, req, turn, s) for s in sentences(turn.reply))
    return False


def _for(req: Request, other: Request, turn: TurnInput, sentence: str) -> bool:
    """The sentence speaks to this request: a word of its own, or an answer of its kind."""
    return bool(_own_words(req, other, turn) & heads(content_stems(sentence))) or (
        _answer_of_its_kind(req.description, sentence))


def other_unanswered(turn: TurnInput, j: Judging) -> Judging:
    """Of two requests, the one the reply says nothing of, the other done and unlabelled."""
    if len(turn.requests) != 2 or any(r.simulated for r in turn.requests) or "?" in turn.reply:
        return j
    if any(v.labels for v in j.verdicts):
        return j
    a, b = turn.requests
    silent = [_says_nothing_of(a, b, turn), _says_nothing_of(b, a, turn)]
    if silent.count(True) != 1:
        return j
    left = silent.index(True)
    done = j.verdicts[1 - left]
    if done.outcome is not Outcome.COMPLETED or j.verdicts[left].outcome is Outcome.OPEN:
        return j
    req = turn.requests[left]
    why = f"[{req.description}] the reply does the other request and says nothing of this one"
    verdicts = list(j.verdicts)
    verdicts[left] = failed(F.REQUEST_OMITTED, Cause.LEFT_OUT, "other_unanswered", why)
    return replace(j, verdicts=tuple(verdicts))
