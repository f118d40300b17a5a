"""What a reply asks, and whether it only asks: questions that pin the request down (not
"Anything else?"), a reply of questions only, questions about how to go on with a place the
driver named, and directions offered rather than given (what a reply does otherwise: `acts.py`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from icatest.judges.rules.acts import DEFLECTION, confirms_action
from icatest.judges.rules.text import (
    NUMBER,
    any_match,
    content_stems,
    names,
    new_names,
    questions,
    sentences,
)

CLARIFY = (  # a question of these forms pins the request down
    r"\bwhich\b",
    r"\bwhat (kind|type|sort)\b",
    r"\b(do|did) you mean\b",
    r"\bwhere (exactly|to|would you|do you)\b",
    r"\b(specify|clarify)\b",
    r"\bwhat (times?|days?|dates?|place|destination|address|city|town|temperature|location|"
    r"name|area|kind)\b",
    r"^\s*(\w+,\s*)?(when|where|who|what|which)\b[^?]{0,40}\?$",
    r"\bwhere are you\b",
    r"어느|어떤|어디",
)
CLARIFY_IF_ABOUT = (  # these only when they speak of the request or offer options
    r"\bwould you (prefer|rather|like)\b",
    r"\bprefer\b",
    r"\b\w+,? or \w+",  # "the windows down, or the boot open?"
    r"\bhow (far|many|much|long|warm|cold)\b",
    r"\b(should|shall) i\b",
    r"\bconfirm\b",
    r"\bis (it|that) (the one|correct)\b",
    # Korean options, "A인가요, 아니면 B인가요?"
    r"아니면",
)


def clarifying_questions(reply: str, request: str, user: str) -> list[str]:
    """Questions that ask the driver to pin down *this* request (not 'Anything else?')."""
    return list(_clarifying_questions(reply, request, user))


@lru_cache(maxsize=4096)
def _clarifying_questions(reply: str, request: str, user: str) -> tuple[str, ...]:
    subject = content_stems(request) | content_stems(user)
    found = []
    for q in questions(reply):
        low = q.lower()
        if any_match(DEFLECTION, low) or any_match(OFFERS_MORE, low):
            continue
        if any_match(PROCEDURE, low) and new_names(q, request, user) and not (
            content_stems(low) & subject
        ):
            continue  # about another place ("replace the destination with the Eisbach wave?")
        if any_match(CLARIFY, low):
            found.append(q)
        elif any_match(CLARIFY_IF_ABOUT, low):
            options = " or " in low or "아니면" in low
            if options or content_stems(low) & subject or new_names(q, request, user):
                found.append(q)
    return tuple(found)


# An offer of more talk ("Would you like some general tips on parking?", "more historical
# facts?") pins nothing down: the request is what it was.
OFFERS_MORE = (r"\b(would you like|do you want|want me to|shall i|should i|can i)\b[^?]*"
               r"\b(more|general|other|some|a few) (\w+ )?(tips|facts|information|info|ideas|"
               r"advice|trivia|background)\b",)


PROCEDURE = (r"\b(replace|add(ed)?|as a stop|intermediate stop|instead of|current destination)\b",)


def without_procedure(reply: str) -> str:
    """The reply less its questions about how to go on ("Should I replace the current
    destination with X?"): they name a place without offering it as an answer."""
    return " ".join(
        s for s in sentences(reply) if not (s.endswith("?") and any_match(PROCEDURE, s.lower()))
    )


def asks_how_not_which(question: str, request: str, user: str) -> bool:
    """'Should I replace the current destination with X or add it as a stop?' to 'Navigate to
    X': the driver named X; the question asks how to carry it out, not which one is meant."""
    low = question.lower()
    named = names(request) | names(user)
    return any_match(PROCEDURE, low) and any(n in low for n in named)


ROUTE_GIVEN = (
    r"\b(route|via|arriv\w*|eta|navigat\w*|heading|turn (left|right)|exit|guid\w*|minutes?|"
    r"mins?|hours?|km|miles?|directions (are|sent|on)|set (a|the) (course|route))\b",
)


# A place's distance is what a search gives; with directions still offered ("found rynek
# glowny, 1.8 km. want directions?") it starts no route. A duration or a clock time does.
DISTANCE_ONLY = re.compile(r"\b\d+(?:[.,]\d+)?\s*(?:km|kilomet\w+|miles?|mi|m)\b", re.I)


def only_offers_directions(reply: str) -> bool:
    """'Found it! Need directions?': nothing set or given, only offered in a question."""
    said = [s for s in sentences(reply) if not s.rstrip().endswith("?")]
    offer = (r"\bdirections?\b|\bhead there\b",)
    asked = [q for q in questions(reply) if any_match(offer, q.lower())]
    low = reply.lower()
    rest = [DISTANCE_ONLY.sub(" ", s) for s in said]
    return bool(asked and said) and not (
        any(any_match(ROUTE_GIVEN, s.lower()) or confirms_action(s) for s in rest)
        or any(NUMBER.search(s) for s in rest)
        or any_match((r"\b(no|not|none|nothing)\b",), low)  # nothing to go to
    )
