"""Plain-text evidence the offline judge reads: content words, stems, times, distances, names.

Everything here is exact (regular expressions and small closed word lists); what varies with
wording is left to `semantic.py`.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from icatest.judges.rules.ko_times import durations_said, times_said
from icatest.judges.rules.korean import content_morphemes, is_korean

WORD = re.compile(r"[a-z0-9][a-z0-9'’-]*|[가-힣]+", re.I)
HANGUL = re.compile(r"[가-힣]")  # a Hangul syllable: Korean words in a text

# Function words and the words every request or reply uses; they carry no content.
STOP = frozenset(
    """a an the and or but if then so to of in on at by for from with without about into onto
    over under near as is are was were be been being am do does did done have has had having
    i me my mine we us our you your yours he she it its they them their this that these those
    there here what which who whom whose when where why how can could would should will shall
    may might must just also too very really please thanks thank ok okay yes no not sure
    right now let lets let's get gets got go going want wanted like need needs i'm i'll i've i'd
    you're you'll you've it's that's there's what's can't don't won't isn't aren't didn't
    any some all one more most much many other else again still up down out off only than
    well oh hey hi hello yeah yep nope alright great perfect fine good nice cool awesome
    find look looking search show tell give take make see know think help try check
    me. it, some, please, ya y'all gonna wanna you'd we'd we're we'll they'd they're they'll
    he'd she'd it'd it'll that'd there'd""".split()
)

# Acknowledgement and filler words: an "answer" made only of these says nothing.
FILLER = frozenset(
    """sure ok okay certainly absolutely course done alright fine no problem will do got
    it that's taken care handled all set gladly happy help here you go anything else
    something assist request understood noted yes right away on it thing things
    consider sorted everything there now thanks thank welcome
    choice idea coming absolutely wonderful excellent fantastic love glad happy awesome
    definitely surely lot drivers sounds 좋 생각 완료 물론 네 알 당연
    달라고 하시"""  # the driver's request told back: "약국을 찾아 달라고 하셨군요!"
    .split()
)


def words(text: str) -> list[str]:
    return [w.lower().strip("'’-") for w in WORD.findall(text)]


@lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """A crude suffix stripper: 'restaurants' ~ 'restaurant', 'avoiding' ~ 'avoid'."""
    w = word.lower()
    for suffix in ("ing", "ies", "ed", "es", "s", "ly"):
        if len(w) > len(suffix) + 3 and w.endswith(suffix):
            return w[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return w


_FILL = frozenset(stem(w) for w in FILLER)


def content_stems(text: str) -> set[str]:
    """Content words, stemmed; a Korean word gives its content morphemes."""
    return set(_content_stems(text))


@lru_cache(maxsize=4096)
def _content_stems(text: str) -> frozenset[str]:
    """The rules read the same reply and request many times a turn: read each text once."""
    out: set[str] = set()
    for w in words(text):
        if not w.isascii() and is_korean(w):  # Hangul is never ASCII
            out |= content_morphemes(w)
        elif w not in STOP and len(w) > 1:
            out.add(stem(w))
    return frozenset(out)


def heads(stems: set[str]) -> set[str]:
    """Stems cut to five letters: 'disabling' and 'disable', 'assistance' and 'assist' meet."""
    return {s[:5] for s in stems}


def new_content(reply: str, *sources: str) -> set[str]:
    """Content stems of the reply found in none of the sources and not mere filler."""
    seen: set[str] = set()
    for source in sources:
        seen |= _content_stems(source)
    return {s for s in _content_stems(reply) - seen if s not in _FILL}


# --- times ---------------------------------------------------------------------------------

_TIME = re.compile(
    r"\b(?P<h>[01]?\d|2[0-3])(?:[:.h](?P<m>[0-5]\d))?\s*(?P<ap>a\.?m\.?|p\.?m\.?)?(?![\d%])",
    re.I,
)
_NOON = re.compile(r"\b(noon|midday)\b|정오", re.I)
_MIDNIGHT = re.compile(r"\bmidnight\b|자정", re.I)


def minutes_of(text: str, now: int | None = None) -> list[int]:
    """Clock times mentioned, as minutes after midnight ('4pm' and '16:00' both give 960), in
    the order the text gives them; Korean ones too ('오후 6시 20분' is 1100, `ko_times.py`).

    A bare number counts only with am/pm or a minute part, so '2 miles' is not a time. With
    the clock `now`, a Korean hour said without 오전/오후 is read in the half day nearest it."""
    times = [t for _, t in times_at(text, now)]
    if _NOON.search(text):
        times.append(12 * 60)
    if _MIDNIGHT.search(text):
        times.append(24 * 60)
    return times


FIGURE = re.compile(r"\d+(?:[.,:]\d+)*")  # a whole number, time or amount ("3.5", "17:40")


def times_at(text: str, now: int | None = None) -> list[tuple[int, int]]:
    """The clock times of `minutes_of` with where each starts in the text: (offset, minutes),
    in order (noon and midnight said in words are not among them)."""
    found: list[tuple[int, int]] = []
    if is_korean(text):
        for said in times_said(text, now):
            found.append((said.start, said.minute))
            text = text[: said.start] + " " * (said.end - said.start) + text[said.end:]
    for m in _TIME.finditer(text):
        h, mins, ap = int(m.group("h")), m.group("m"), (m.group("ap") or "").lower()
        if not mins and not ap:
            continue
        if mins and not ap and m.group(0).find(".") >= 0:
            continue  # '2.5 km' is not a time
        if ap.startswith("p") and h < 12:
            h += 12
        if ap.startswith("a") and h == 12:
            h = 0
        found.append((m.start(), h * 60 + int(mins or 0)))
    return sorted(found)


def clock(hhmm: str) -> int | None:
    times = minutes_of(hhmm if ":" in hhmm else f"{hhmm}:00")
    return times[0] if times else None


_DURATION = re.compile(
    # also written as one word with a hyphen ("a 6-minute walk", "a 2-hour drive")
    r"\b(?:(?P<h>\d+(?:\.\d+)?)[\s-]*(?:h|hrs?|hours?))?\s*(?:(?P<m>\d+)[\s-]*(?:min|mins|minutes?))?\b",
    re.I,
)


def durations(text: str) -> list[int]:
    """Travel durations in minutes ('18 minutes', '1 hour 20 min', '2 hours', '1시간 20분')."""
    out = durations_said(text) if is_korean(text) else []
    for m in _DURATION.finditer(text):
        if not m.group("h") and not m.group("m"):
            continue
        out.append(int(float(m.group("h") or 0) * 60 + int(m.group("m") or 0)))
    return out


# --- distances, numbers, names, addresses ---------------------------------------------------

# the unit may run into a Korean ending ("2.8km예요", "500m입니다"): no Latin letter after it
_DISTANCE = re.compile(
    r"\b(?P<n>\d+(?:[.,]\d+)?)\s*(?P<u>km|kilometers?|kilometres?|m|meters?|metres?|mi|miles?)"
    r"(?![a-z\d])",
    re.I,
)


def distances_km(text: str) -> list[float]:
    out = []
    for m in _DISTANCE.finditer(text):
        n = float(m.group("n").replace(",", "."))
        unit = m.group("u").lower()
        if unit.startswith("mi"):
            n *= 1.609
        elif unit == "m" or unit.startswith("met"):
            n /= 1000
        out.append(n)
    return out


NUMBER = re.compile(r"\d")
ADDRESS = re.compile(
    r"\b\d+\s+\w+(?:\s\w+)?\s+(?:st|street|rd|road|ave|avenue|blvd|boulevard|dr|drive|ln|lane|"
    r"way|pl|place|ct|court|str|straße|strasse|platz|allee|weg|ring)\b\.?"
    r"|\b\w+(?:straße|strasse|platz|allee|weg|ring)\s+\d+\b",
    re.I,
)
# A name's lowercase particles join its words ("Parking Cité du Vin", "Bassins à Flot",
# "Museo di Palazzo Poggi", "Place de la Justice"), so one name is not read as two.
_PARTICLE = r"(?:(?:\s+(?:du|de|des|la|le|les|à|a|au|aux|di|da|del|della|dei|van|von|der|den|" \
    r"am|im|sur|en))+(?=\s+[A-ZÄÖÜÉ]))?"
_CAPITAL = re.compile(r"(?<![.!?]\s)(?<!^)\b([A-ZÄÖÜÉ][\w'’&-]+(?:" + _PARTICLE
                      + r"\s+[A-ZÄÖÜÉ&][\w'’&-]*)*)")
NOT_NAMES = frozenset(
    "I I'm I'll I've I'd OK Okay Sure Yes No The A An It There Here Let You Your Would Could "
    "Shall Should Do Does Is Are What Which Where When How Why Please Thanks Thank Got Want "
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday "
    # their contractions start sentences and lines too ("You'd like to go to X!")
    "You'd You're You'll You've We'll We're Let's That's It's There's Here's "
    # a wish or a tip opening a sentence that an emoji, not a full stop, ended before it
    # ("… a delight ✨ Enjoy your evening!")
    "Enjoy Have Drive Stay Safe Happy Remember Note Tip".split()
)


def names(text: str) -> set[str]:
    """Capitalised words or phrases that are not sentence starts or stock words."""
    out = set()
    for m in _CAPITAL.finditer(text):
        said = m.group(1).split()
        while len(said) > 1 and said[-1] in NOT_NAMES:
            said.pop()  # a heading run on into the next line's first word ("... Bridge You'd")
        if said[0] in NOT_NAMES and len(said) == 1:
            continue
        # a name's possessive is the name ("Timisoara's dining scene")
        out.add(re.sub(r"['’]s$", "", " ".join(said).lower()))
    return out


# A place put on its street in lowercase ("cafe drukarnia on mariacka", "lidl on via
# monteroni"): a word the driver did not say, "on" or "at", and another word the driver did not
# say; the names a terse reply gives without capitals.
# An ordinal street counts too ("canadian tire on 2nd ave").
_ON_STREET = re.compile(r"\b([a-z][\w'-]+) (?:on|at) ([a-z][\w'-]+|\d+(?:st|nd|rd|th))\b")


def on_a_street(reply: str, user: str) -> bool:
    said = set(words(user))
    return any(a not in said and b not in said and a not in STOP and b not in STOP
               for a, b in _ON_STREET.findall(reply.lower()))


def new_names(reply: str, *sources: str) -> set[str]:
    known = " ".join(sources).lower()
    return {n for n in names(reply) if n not in known}


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[.!?][\"”’])\s+|\n+")


def sentences(text: str) -> list[str]:
    return list(_sentences(text))


@lru_cache(maxsize=4096)
def _sentences(text: str) -> tuple[str, ...]:
    return tuple(s.strip() for s in _SENTENCE_END.split(text) if s.strip())


# A reply typed without its question mark still asks when its last sentence opens as a
# question does and ends with no stop at all ("what time is your yoga class")
_UNMARKED_QUESTION = re.compile(
    # after an acknowledgement too ("sure, which place are you headed to")
    r"^(?:(?:sure|okay|ok|alright|right)\W+)?"
    r"(?:(?:what|which|how)\s+(?:\w+\s+)?|where\s+|when\s+|who\s+)"
    r"(?:is|are|was|do|does|did|would|should|can|could|will|shall)\b[^.!?:;\n]*$"
    r"|^(?:do|does|did|would|should|shall|could|can|is|are)\s+"
    r"(?:you|i|we|it|there|that|this|your|the)\b[^.!?:;\n]*$"
    # "which one, the norauto or the euromaster": the choice put with its "or"
    r"|^which\s+(?:one|of\s+them|of\s+the\s+two)\b[^.!?:;\n]*\bor\b[^.!?:;\n]*$", re.I)


# A remark with a tag ("Weather can be so unpredictable, can't it?"): it asks nothing
TAG_QUESTION = re.compile(r",\s*(can'?t|isn'?t|aren'?t|doesn'?t|don'?t|won'?t|wasn'?t|hasn'?t|"
                          r"haven'?t|couldn'?t|wouldn'?t|is|does) (it|they|there|that|you|we)"
                          r"\W*\?\W*$", re.I)


def questions(text: str) -> list[str]:
    return list(_questions(text))


@lru_cache(maxsize=4096)
def _questions(text: str) -> tuple[str, ...]:
    said = _sentences(text)
    asked = [s for s in said if s.rstrip().endswith("?") and not TAG_QUESTION.search(s)]
    if said and not asked and _UNMARKED_QUESTION.match(said[-1].strip()):
        asked.append(said[-1])
    return tuple(asked)


@lru_cache(maxsize=4096)
def pattern(regex: str) -> re.Pattern[str]:
    return re.compile(regex, re.I)


# a regex that refers to its own groups cannot share one pattern with others
_GROUP_REFERENCE = re.compile(r"\\[1-9]|\(\?P=")


@lru_cache(maxsize=1024)
def _any_pattern(regexes: tuple[str, ...]) -> re.Pattern[str] | None:
    """One pattern for the whole family, `(?:r1)|(?:r2)|...`: it finds a match wherever one
    of them does, in one pass over the text. None when they cannot be joined (or there are
    none: the empty pattern would match everything)."""
    if not regexes or any(_GROUP_REFERENCE.search(r) for r in regexes):
        return None
    try:
        return re.compile("|".join(f"(?:{r})" for r in regexes), re.I)
    except re.error:  # e.g. two regexes naming the same group
        return None


def any_match(regexes: tuple[str, ...], text: str) -> bool:
    """Does any of the regexes (case-insensitive) match somewhere in `text`. Cached: the
    rules of a turn ask the same family about the same reply several times."""
    return _any_match(tuple(regexes), text)


@lru_cache(maxsize=16384)
def _any_match(regexes: tuple[str, ...], text: str) -> bool:
    joined = _any_pattern(regexes)
    if joined is None:
        return any(pattern(r).search(text) for r in regexes)
    return joined.search(text) is not None


# "Forget the pharmacy", "skip the Arena", "never mind the highways": what the driver calls off.
CALLED_OFF = re.compile(
    r"\b(forget|skip|never ?mind|cancel|drop(?! (?:me|us|off|by)\b)|scrap|ditch|ignore)"
    r"( about)?( the| that| my)?\s+"
    r"[^,.;:!?—–]+",
    re.I,
)


def called_off(text: str) -> list[str]:
    """The clauses of an utterance that call something off, each as 'avoid ...' (so the
    constraint families read what is called off)."""
    return [m.group(0).replace(m.group(1), "avoid", 1) for m in CALLED_OFF.finditer(text)]


def without_called_off(text: str) -> str:
    return CALLED_OFF.sub(" ", text).strip()



# Markup an LLM-style reply wraps its words in: read the words, not the markup.
_MARKUP = (
    (re.compile(r"\[([^\]]+)\]\([^)\s]+\)"), r"\1"),  # [text](link)
    (re.compile(r"^[ \t]{0,3}#{1,6}[ \t]*", re.M), ""),  # headings
    (re.compile(r"^[ \t]*>[ \t]?", re.M), ""),  # quotes
    (re.compile(r"^[ \t]*(?:[-*+•·▪–]|\d{1,2}[.)])[ \t]+", re.M), ""),  # list items
    (re.compile(r"(\*\*|\*|__)(?=\S)(.+?)(?<=\S)\1"), r"\2"),  # bold, italics
    (re.compile(r"`+"), ""),
    (re.compile(r"^[ \t]*(?:-{3,}|\*{3,}|_{3,})[ \t]*$", re.M), ""),  # rules
)
_SPACES = re.compile(r"[ \t]+")
# A terse reply's text-speak "ur": "you're" before a verb in -ing ("ur driving"), else "your"
# ("right on ur route", "on ur screen"); a lone "u" is "you" ("for u", "what makes u want"),
# not the letter of a name ("u-haul", "u.s.").
_TEXT_SPEAK = (
    (re.compile(r"\bur(?= \w+ing\b)"), "you're"),
    (re.compile(r"\bur\b"), "your"),
    (re.compile(r"(?<![\w.'’-])u(?![\w'’-]|\.\w)"), "you"),
)
_EMOJI = re.compile(
    "[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u200d\u20e3\U000e0000-\U000e007f]+"
)

# the one emoji that is a word: the sign of a car park ("🅿️ Parkhaus Mitte is your best bet")
_PARKING_SIGN = re.compile("\U0001f17f\ufe0f?")
_HANGUL_SYLLABLE = re.compile("[\uac00-\ud7a3]")


@lru_cache(maxsize=4096)
def plain(text: str) -> str:
    """The reply as words: markdown, list markup and emoji removed; a list item that ends
    without a full stop still ends its sentence (it keeps its own line). Cached: each turn
    reads the last replies of the conversation again."""
    for regex, repl in _MARKUP:
        text = regex.sub(repl, text)
    if not _HANGUL_SYLLABLE.search(text):  # (a Korean reply names its 주차장 in words)
        text = _PARKING_SIGN.sub("parking ", text)
    text = _EMOJI.sub("", text)
    for regex, repl in _TEXT_SPEAK:
        text = regex.sub(repl, text)
    text = _SPACES.sub(" ", text)
    return "\n".join(line.strip() for line in text.splitlines() if line.strip())


# Latin letters with marks read as their base letter: a driver types "pilsudskiego" for
# "Piłsudskiego" and "cite du vin" for "Cité du Vin". Only Latin is folded: Hangul would
# decompose into jamo.
_LETTERS = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ß": "ss",
                          "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ı": "i", "ð": "d",
                          "þ": "th"})
_MARKED = re.compile("[\u00c0-\u024f]")


@lru_cache(maxsize=4096)
def fold(text: str) -> str:
    if text.isascii():
        return text
    text = text.translate(_LETTERS)
    return _MARKED.sub(lambda m: unicodedata.normalize("NFKD", m.group(0))[0], text)
