"""A second question joined to the first in one free-text request ("how far to pisac and is
there parking there", "find a car wash and tell me if its open sunday"): a reply that answers
the first and says nothing of the second leaves one request of two unanswered
(`request_omitted`), as a turn of two structured requests does (`left_out`)."""

from __future__ import annotations

import re
from dataclasses import replace

from icatest.contracts.labels import FailureMode as F
from icatest.judges.rules.acts import POLARITY
from icatest.judges.rules.answers import TOPICS
from icatest.judges.rules.text import any_match, content_stems, distances_km, durations, minutes_of
from icatest.judges.rules.turn import TurnInput
from icatest.judges.rules.turn_rules import Judging
from icatest.judges.rules.verdicts import Cause, Outcome, failed

# "… and is there …", "… and tell me if …", "… and what time …": the second question starts
# after the "and" with a question's own words.
SECOND = re.compile(
    r"\s(?:,\s*)?and\s+(?P<q>(?:is|are|does|do|can|will|tell me|let me know|check)\b(?:\s+"
    r"(?:if|whether|there|it|its|it's|they|they're))?.*|(?:what|when|where|how|which)\b.*)$",
    re.I,
)
# Words of a second question that name nothing it asks about.
GENERIC = frozenset({"tell", "let", "know", "check", "there", "open", "today", "time", "much",
                     "long", "far"})
# An opening hour given answers "is it open sunday"; a yes or a no answers a yes/no question;
# a price "what does it cost", a time "when", a distance or a duration "how far" and "how long".
OPEN_ASKED = re.compile(r"\b(open|close[sd]?|hours)\b", re.I)
COST_ASKED = re.compile(r"\b(cost\w*|price\w*|how much|fee|fare|charge)\b", re.I)
MONEY = re.compile(r"[€$£¥₩]\s?\d|\d\s?(?:€|euros?|eur|dollars?|bucks|yen|won|원|zł|kr)\b|\bfree\b",
                   re.I)
# A question for the assistant's judgement ("is it worth a stop", "any good"): answered by what
# the reply tells of it ("15 min is plenty"), in words no rule reads; not plain evidence.
EVALUATIVE = re.compile(r"\b(worth|any good|good for|nice|ok|okay|recommend\w*)\b", re.I)
WHEN_ASKED = re.compile(r"\b(when|what time|how long|how far)\b", re.I)


def second_question(user: str) -> str | None:
    """The second question of the utterance, or None."""
    m = SECOND.search(user)
    return m.group("q") if m and content_stems(m.group("q")) - GENERIC else None


FUEL_ASKED = re.compile(r"\b(fuel|petrol|gas|diesel)\b|연료|기름", re.I)
FUEL_SAID = re.compile(r"\b(stations?|pumps?|fuel|petrol|diesel)\b|주유소", re.I)


def answer_of_its_kind(question: str, reply: str) -> bool:
    """The reply has an answer of the kind the question asks for: the topic's words for the
    weather or the traffic, an hour for "open", a price for "how much", a time or a distance
    for "when", "how long" and "how far"."""
    if any(re.search(asked, question, re.I) and re.search(said, reply, re.I)
           for asked, said in TOPICS.values()):
        return True  # "how's the traffic?" answered "there is a road block nearby"
    if OPEN_ASKED.search(question) and (minutes_of(reply) or OPEN_ASKED.search(reply)):
        return True
    if COST_ASKED.search(question) and MONEY.search(reply):
        return True
    if FUEL_ASKED.search(question) and FUEL_SAID.search(reply):
        return True  # "is there gas there": "two stations on the main road"
    return bool(WHEN_ASKED.search(question) and (minutes_of(reply) or durations(reply)
                                                 or distances_km(reply)))


def _answers(question: str, reply: str) -> bool:
    if (content_stems(question) - GENERIC) & content_stems(reply):
        return True
    return answer_of_its_kind(question, reply) or any_match((POLARITY,), reply.lower())


def second_unanswered(turn: TurnInput, j: Judging) -> Judging:
    """One free-text request of two questions, the reply answering only the first."""
    if len(turn.requests) != 1 or turn.requests[0].simulated or not j.verdicts:
        return j
    v = j.verdicts[0]
    if v.outcome is not Outcome.COMPLETED or v.labels:
        return j
    question = second_question(turn.user)
    if question is None or "?" in turn.reply or _answers(question, turn.reply) or EVALUATIVE.search(
            question):
        return j  # a question back ("For which one?") handles the request in its own way
    why = f"[{turn.requests[0].description}] the reply leaves the second question unanswered: " \
          f"{question!r}"
    return replace(j, verdicts=(failed(F.REQUEST_OMITTED, Cause.LEFT_OUT, "second_unanswered",
                                       why),))
