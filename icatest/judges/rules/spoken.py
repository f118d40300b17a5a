"""Figures a voice assistant speaks and a speech recogniser writes out, read as digits: "about
twenty five minutes" is "about 25 minutes", "eight point five kilometres" "8.5 kilometres", "nine
euros fifty" "9.50 euros", "a hundred and ten kilometres an hour" "110 km/h", and clock times
("quarter past six", "twenty to seven", "half seven", "ten o'clock", "at two fifteen", "by nine")
the 24-hour time in the half day nearest the clock the turn gives ("twenty to seven" at 16:50 is
18:40). Every other check then reads them as it reads digits.

The driver's words as a speech recogniser writes them lose their hesitations and what a
self-correction takes back (`unhesitating`): "a charger within uh five kilometres" reads "within
five kilometres", "to uh to the castle" "to the castle", "call jess no not jess call mom" "call
mom".

Exact and closed: a number word becomes a digit only where it is plainly a figure, before a unit,
in a clock phrase or in a compound number ("a hundred and forty", "twenty three"); a lone "one"
or "six" stays a word ("the stonegate one", "a table for six").
"""

from __future__ import annotations

import re
from functools import lru_cache

_UNITS = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split())}
_TENS = {w: 10 * n for n, w in enumerate(
    "twenty thirty forty fifty sixty seventy eighty ninety".split(), start=2)}
_UNIT = "|".join(sorted(_UNITS, key=len, reverse=True))
_TEN = "|".join(_TENS)
_TWO = rf"(?:(?:{_TEN})(?:[\s-](?:{_UNIT}))?|{_UNIT})"  # 0-99
# 0-999: "a hundred and forty", "two hundred and ninety", "forty five"
_NUMBER = rf"(?:(?:a|one|{_UNIT})\s+hundred(?:\s+(?:and\s+)?{_TWO})?|{_TWO})"
_POINT = rf"(?:\s+point(?:\s+(?:{_UNIT}))+)?"
_SPOKEN = re.compile(rf"\b(?P<n>{_NUMBER}){_POINT}\b", re.I)

# what a number before it measures
_MEASURE = (r"minutes?|mins?|hours?|hrs?|seconds?|km|kilomet(?:re|er)s?|miles?|met(?:re|er)s?|"
            r"euros?|eur|pounds?|quid|dollars?|bucks|francs?|cents?|degrees?|percent|per cent|"
            r"kw|kilowatts?|km/h|kph|mph|kilometres an hour|kilometers an hour|miles an hour|"
            r"stops?|lanes?|spaces?|spots?|chargers?|nights?|days?|weeks?")
_MEASURED = re.compile(rf"\s*(?:{_MEASURE})\b", re.I)
_SPEED = ((re.compile(r"\b(\d+)\s+kilomet(?:re|er)s?\s+(?:an|per)\s+hour\b", re.I), r"\1 km/h"),
          (re.compile(r"\b(\d+)\s+miles\s+(?:an|per)\s+hour\b", re.I), r"\1 mph"))
# "nine euros fifty" and "one euro eighty": the cents after the currency
_CENTS = re.compile(r"\b(\d+)\s+(euros?|pounds?|dollars?|francs?)\s+(\d{2})\b(?!\s*(?:[.:]\d|"
                    r"minutes?|mins?|km|kilomet|miles?|met))", re.I)
# "an hour and forty minutes", "two hours fifty": the minutes after the hours
# ("an hr and a half" typed)
_AN_HOUR = re.compile(r"\b(?:an|one)\s+(?:hour|hr)\b(?!\s+late)", re.I)
_HOURS = ((re.compile(r"\b(?:an|one)\s+(?:hour|hr)\s+and\s+(?:a\s+)?half\b", re.I), "90 minutes"),
          (re.compile(r"\bhalf\s+an\s+(?:hour|hr)\b", re.I), "30 minutes"),
          (re.compile(r"\b(?:an|one)\s+hour\s+(?:and\s+)?(?=\d+\s+minutes?\b)", re.I), "1 hour "),
          (re.compile(r"\b(\d+\s+hours?)\s+and\s+(?=\d+\s+minutes?\b)", re.I), r"\1 "),
          (re.compile(r"\b(about|abt|approx|around|roughly|in|under|over|nearly|almost|just)\s+"
                      r"an\s+(?:hour|hr)\b", re.I), r"\1 1 hour"),
          (re.compile(r"\b(\d+\s+hours?)\s+(?:and\s+)?(\d{1,2})\b(?!\s*(?:minutes?|mins?|[.:]\d))",
                      re.I), r"\1 \2 minutes"))

_HOUR = r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_MINUTE = r"five|ten|quarter|twenty(?:[\s-]five)?|half"
_NOT_MEASURED = rf"(?!\s*(?:{_MEASURE}|point)\b)"
_PAST_TO = re.compile(rf"\b(?:a\s+)?(?P<m>{_MINUTE})\s+(?P<w>past|to)\s+(?P<h>{_HOUR})\b"
                      + _NOT_MEASURED, re.I)
_OCLOCK = re.compile(rf"\b(?P<h>{_HOUR})\s+o['’]?\s?clock\b", re.I)
# British "half seven" (7:30): "half" before an hour word, not "half an hour"
_HALF = re.compile(rf"\bhalf\s+(?P<h>{_HOUR})\b" + _NOT_MEASURED, re.I)
_MINUTES = (r"oh\s+(?:five|one|two|three|four|six|seven|eight|nine)|ten|fifteen|twenty|thirty|"
            r"forty|fifty|(?:twenty|thirty|forty|fifty)[\s-](?:five|one|two|three|four|six|seven|"
            r"eight|nine)")
_AFTER = r"at|by|before|until|till|til|around|from"
# "at two fifteen", "by ten forty five": an hour and its minutes after a word that sets a time
_HOUR_MINUTE = re.compile(rf"\b(?P<p>{_AFTER})\s+(?:about\s+|around\s+)?(?P<h>{_HOUR})\s+"
                          rf"(?P<m>{_MINUTES})\b" + _NOT_MEASURED, re.I)
# "by nine", "opens at six this evening": a bare hour after such a word
_BARE_HOUR = re.compile(rf"\b(?P<p>{_AFTER})\s+(?:about\s+|around\s+)?(?P<h>{_HOUR})\b"
                        rf"(?P<half>\s+(?:this|in the|tomorrow)\s+(?:morning|afternoon|evening|"
                        rf"night)|\s+tonight)?" + _NOT_MEASURED
                        + r"(?!\s+(?:of|people|us|them|adults|kids|children|guests|persons|"
                          r"or\s+(?:more|so|fewer)))", re.I)


def number(words: str) -> float:
    """The value of a spoken number ("a hundred and forty" is 140, "eight point five" 8.5)."""
    ws = words.lower().replace("-", " ").split()
    whole, frac, value, after_point = 0, "", 0, False
    for w in ws:
        if w == "point":
            after_point = True
        elif after_point:
            frac += str(_UNITS[w])
        elif w == "hundred":
            whole += (value or 1) * 100
            value = 0
        elif w in _TENS:
            value += _TENS[w]
        elif w in _UNITS:
            value += _UNITS[w]
        elif w == "a":
            value = 1
    whole += value
    return float(f"{whole}.{frac}") if frac else float(whole)


def _digits(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def _clock(hour: int, minute: int, now: int | None, half: str = "") -> str:
    """The 24-hour time of a spoken hour: the half day a word names ("this evening"), else the
    one nearest the clock now, else as said."""
    hour %= 12
    half = half.lower()
    if any(w in half for w in ("afternoon", "evening", "night", "tonight")):
        hour += 12
    elif "morning" not in half and now is not None:
        later = hour + 12
        if abs(later * 60 + minute - now) < abs(hour * 60 + minute - now):
            hour = later
    return f"{hour:02d}:{minute:02d}"


def _past_to(m: re.Match[str], now: int | None) -> str:
    said = m.group("m").lower().replace("-", " ")
    mins = {"quarter": 15, "half": 30}.get(said) or int(number(said))
    hour = _UNITS[m.group("h").lower()]
    if m.group("w").lower() == "to":
        hour, mins = hour - 1 or 12, 60 - mins
    return _clock(hour, mins, now)


def _hour_minute(m: re.Match[str], now: int | None) -> str:
    mins = int(number(m.group("m").lower().replace("oh ", "")))
    return f"{m.group('p')} {_clock(_UNITS[m.group('h').lower()], mins, now)}"


def _bare_hour(m: re.Match[str], now: int | None) -> str:
    half = m.group("half") or ""
    return f"{m.group('p')} {_clock(_UNITS[m.group('h').lower()], 0, now, half)}{half}"


def _plainly_a_number(m: re.Match[str], text: str) -> bool:
    said = m.group(0).lower().split()
    compound = len(said) > 1 and said[0] != "a" or "hundred" in said or said[0] in _TENS
    return compound or bool(_MEASURED.match(text, m.end()))


@lru_cache(maxsize=8192)
def figures(text: str, now: int | None = None) -> str:
    """`text` with its spoken figures written as digits; `now` is the clock in minutes after
    midnight (a spoken hour is read in the half day nearest it)."""
    low = text.lower()
    if not _SPOKEN.search(text) and "o'clock" not in low and not _AN_HOUR.search(low):
        return text
    text = _PAST_TO.sub(lambda m: _past_to(m, now), text)
    text = _OCLOCK.sub(lambda m: _clock(_UNITS[m.group("h").lower()], 0, now), text)
    text = _HALF.sub(lambda m: _clock(_UNITS[m.group("h").lower()], 30, now), text)
    text = _HOUR_MINUTE.sub(lambda m: _hour_minute(m, now), text)
    text = _BARE_HOUR.sub(lambda m: _bare_hour(m, now), text)
    text = _SPOKEN.sub(lambda m: _digits(number(m.group(0))) if _plainly_a_number(m, text)
                       else m.group(0), text)
    for regex, repl in (*_SPEED, *_HOURS):
        text = regex.sub(repl, text)
    return _CENTS.sub(r"\1.\3 \2", text)


_HESITATION = re.compile(r"(?<![\w'’-])(?:uh+|um+|uhm+|erm+|er|hmm+|mm+)(?![\w'’-])[,.]?\s*", re.I)
_STUTTER = re.compile(r"\b(\w+(?:['’]\w+)?)(?:\s+\1\b)+", re.I)


# The driver correcting themselves mid-sentence ("first the pharmacy no wait the bank first"):
# what counts is what follows the correction.
_CORRECTION = re.compile(r"\b(?:no,? wait|wait,? no|no,? sorry|sorry,? i mean|actually,? no|"
                         r"no,? actually)\b[,.]?\s*", re.I)
# ... or the thing ruled out said again ("call jess no not jess call mom", "the hilton no not
# the hilton the marriott"): its first mention and the "no not …" go, the one meant stays
_RULED_OUT = re.compile(r"\bno,? not (?!(?:really|quite|yet|now|sure|at all|here|there|today|"
                        r"tonight)\b)"
                        r"(?P<what>(?:the |that |this |a |an )?\w+(?: one)?)\b[,.]?\s*", re.I)


@lru_cache(maxsize=8192)
def unhesitating(text: str) -> str:
    """The driver's words without the hesitations a recogniser writes out ("uh", "um", "er"),
    without a word said twice in a row after one ("the uh the" is "the") and without what a
    self-correction takes back ("no wait", "no not jess")."""
    said = _STUTTER.sub(r"\1", _HESITATION.sub("", text)).strip() if _HESITATION.search(text) \
        else text
    ruled = _RULED_OUT.search(said)
    if ruled:
        before = said[:ruled.start()]
        mentions = list(re.finditer(rf"\b{re.escape(ruled.group('what'))}\b", before, re.I))
        kept = before[:mentions[-1].start()] if mentions else before
        said = _STUTTER.sub(r"\1", f"{kept.rstrip()} {said[ruled.end():]}").strip()
    corrected = list(_CORRECTION.finditer(said))
    if corrected:
        after = said[corrected[-1].end():].strip()
        if len(after.split()) >= 2:
            said = after
    return said or text
