"""Understanding beyond places and routes: questions (weather, traffic, hours, distance),
follow-ups on an earlier request (more constraints, cancelling it), vague asks, chit-chat and
requests outside what an in-car assistant can do.

Each classifier fills the request and returns True when the clause is of its kind.
"""

from __future__ import annotations

import re

from icatest.sut.reference import lexicon as lx
from icatest.sut.reference.slots import Request, category_of
from icatest.sut.reference.world import World, normalize

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAY = rf"\b({'|'.join(WEEKDAYS)})s?\b"
_WHEN = (
    r"\b(tomorrow|tonight|this\s+evening|this\s+afternoon|this\s+morning|later\s+today|today"
    rf"|(?:this\s+|the\s+)?weekend|right\s+now|{'|'.join(WEEKDAYS)})"
)

# things a driver may ask that no in-car assistant of this kind does: (pattern, what, offer)
UNSUPPORTED: list[tuple[str, str]] = [
    (r"\b(?:book|reserve)\b.*\b(?:table|room|seat|ticket|spot)s?\b", "make reservations"),
    (r"\b(?:call|phone|dial|ring)\s+(?!me\b)\w+", "make phone calls"),
    (r"\b(?:send|text|write)\b.*\b(?:message|sms|text|email|e-mail)\b", "send messages"),
    (r"\b(?:order|buy|purchase|pay\s+for)\b", "order or pay for things"),
    (r"\b(?:remind\s+me|calendar|appointment|schedule\s+a)\b", "manage your calendar"),
]

REQUEST_VERBS = (
    r"\b(?:find|take|set|turn|switch|play|open|close|show|navigate|plan|add|route|drive|get"
    r"|start|stop|put|change|make|tell|give|check|book|call|send|reserve|order|buy|read"
    r"|search|look|need|want|go|bring|lower|raise|dim|increase|decrease|activate|enable"
    r"|disable|remove|cancel|skip)\b"
)


def info(req: Request, norm: str, world: World) -> bool:
    """Arrival time, distance / travel time, weather, traffic and opening hours."""
    if re.search(
        r"arrival\s+time|when\s+(?:will|do|would|did)\s+(?:i|we)\s+(?:arrive|get\s+there|be\s+there)"
        r"|\beta\b|what\s+time\s+(?:will|do)\s+(?:i|we)\s+arrive",
        norm,
    ):
        req.intent = "recall_arrival"
    elif re.search(
        r"how\s+far|\bdistance\b|how\s+many\s+(?:km|kilomet\w+|miles)|how\s+long\s+(?:is|does|will"
        r"|would|to\b)|travel\s+time|driving\s+time|how\s+long\s+(?:a\s+)?drive",
        norm,
    ) and (req.named or req.ref or re.search(r"\bthere\b|destination", norm)):
        req.intent = "distance"
    elif re.search(
        r"\bweather\b|forecast|will\s+it\s+(?:be\s+)?(?:rain|snow|sunny|cold|warm|hot|nice|dry)"
        r"|how\s+(?:cold|warm|hot)\s+(?:is|will)|\bumbrella\b|\bsunny\b|temperature\s+outside",
        norm,
    ):
        req.intent = "weather"
        m = re.search(_WHEN, norm)
        req.value = re.sub(r"^(?:this|the)\s+(?=weekend)", "", m.group(1)) if m else None
    elif re.search(r"\btraffic\b|congest|\bjam(?:s|med)?\b|\bstau\b", norm):
        req.intent = "traffic"
        m = re.search(r"\b(a\s?\d{1,3}|mittlerer\s+ring|altstadtring)\b", norm)
        req.value = (
            m.group(1).replace(" ", "").upper()
            if m and m.group(1)[0] == "a"
            else (m.group(1).title() if m else None)
        )
    elif _asks_hours(req, norm, world):
        req.intent = "hours"
        m = re.search(_DAY, norm)
        req.value = m.group(1) if m else None
    else:
        return False
    return True


def _asks_hours(req: Request, norm: str, world: World) -> bool:
    if re.search(
        r"when\s+(?:does|do|is|are)\s+.*\b(?:close|open)\w*\b|opening\s+(?:hours|times)"
        r"|what\s+time\s+does\s+.*\b(?:close|open)|how\s+long\s+is\s+.*\bopen\b|\bhours\s+of\b",
        norm,
    ):
        return True
    return bool(re.search(r"^is\s+.+\s+open\b", norm)) and not category_of(req.text, world)[0]


def cancel(req: Request, norm: str, world: World) -> bool:
    """'Forget about the museum' / 'never mind that one': the driver drops an earlier request."""
    m = re.search(
        r"\b(?:forget\s+(?:about\s+)?|never\s*mind\s*(?:about\s+)?|cancel\s+|drop\s+|skip\s+)"
        r"(?:the\s+|that\s+|my\s+)?(.*)$",
        norm,
    )
    if not m or req.intent:
        return False
    req.intent, req.value = "cancel", m.group(1).strip(" .,!?") or "that"
    return True


def refine(req: Request, norm: str, world: World) -> bool:
    """'For the Allianz Arena, also avoid tolls' / 'About the cafe: with parking as well': more
    constraints on something asked for earlier, without a verb of its own."""
    if not req.constraints:
        return False
    bare = norm  # the words around the constraints ('open now' holds no request verb)
    for pattern in (*(p for p, _ in lx.CONSTRAINT_PATTERNS), *lx.CHITCHAT):
        bare = re.sub(pattern, " ", bare)
    if re.search(REQUEST_VERBS, bare) and not re.search(
        r"^\W*(?:(?:for|about|regarding)\s+the|and|one\s+more\s+thing)\b", bare
    ):
        return False
    req.intent = "refine"
    req.category = category_of(req.text, world)[0]
    return True


def vague(req: Request, norm: str, world: World) -> bool:
    """'Find a place' / 'take me somewhere': a request too vague to act on; ask what is meant."""
    if re.search(
        r"\b(?:find|show|recommend|look\s+for|search\s+for|take\s+me\s+to|go\s+to)\s+"
        r"(?:me\s+)?(?:a|some|any)\s+(?:place|spot|location)s?\b|\bsomewhere\b|\bsomething\s+nice\b",
        norm,
    ):
        req.intent = "vague"
        return True
    return False


def unsupported(req: Request, norm: str, world: World) -> bool:
    for pattern, what in UNSUPPORTED:
        if re.search(pattern, norm):
            req.intent, req.value = "unsupported", what
            return True
    return False


def register(req: Request, norm: str, world: World) -> bool:
    """'Talk to me casually': the assistant keeps its configured speech level and says so."""
    if re.search(r"\b(?:speak|talk)\s+(?:to\s+me\s+)?casually\b", norm):
        req.intent = "register"
        return True
    return False


def is_request_like(text: str) -> bool:
    """Whether an unparsed clause may be a request, i.e. is more than small talk ('Thanks!',
    'Long day, honestly.'): anything left after the small-talk and function words is."""
    if re.search(r"[\uac00-\ud7a3]", text):  # Korean with no known word: a request ending?
        return bool(re.search(r"주세요|줘|줄래|알려|어때|있어\?|있나요|할까", text))
    rest = normalize(text)
    for pattern in (*lx.CHITCHAT, lx.FUNCTION_WORDS):
        rest = re.sub(pattern, " ", rest)
    return len(re.findall(r"[a-z]{2,}", rest)) >= 1
