"""A place open on a day of the week ("a tyre shop that's open on a Sunday", "일요일에도 여는
데로") held against the days the reply gives its hours for ("Mon–Fri 7:30–18:00, Sat
8:00–14:00", "평일 9시~18시, 토요일 오후 1시까지"). Only days the reply names decide; a reply
that names none leaves the constraint unread (`None`)."""

from __future__ import annotations

import re

from icatest.judges.rules.checked import Check, Checked

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
KO_DAYS = "월화수목금토일"
_EN_DAY = r"(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?"

# the day asked for: "open on a Sunday", "open sundays", "일요일에도 영업", "일요일에 여는"
ASKED = (
    re.compile(rf"\bopen\b[^.?!,]{{0,20}}\b(on )?(a |the )?{_EN_DAY}(?:s\b)?", re.I),
    re.compile(r"(?P<ko>[월화수목금토일])요일(에도|에|도|날)? ?[^.?!,]{0,6}"
               r"(영업|여는|열|문 여|하는)"),
)
# the days the reply gives hours for: a range ("Mon–Sat", "Monday to Friday", "월~토"), one
# day ("Sat 8:00–14:00", "토요일 오후 1시까지"), or every day ("daily", "매일", "연중무휴")
_RANGE_EN = re.compile(rf"\b{_EN_DAY}\s*(?:[-–]|to|through|thru)\s*{_EN_DAY}", re.I)
_ONE_EN = re.compile(rf"\b{_EN_DAY}(?=[\s:,]*\d)", re.I)
_RANGE_KO = re.compile(r"([월화수목금토일])(?:요일)?\s?[~\-–]\s?([월화수목금토일])(?:요일)?")
_ONE_KO = re.compile(r"([월화수목금토일])요일(?!에도)")
EVERY_DAY = re.compile(r"\b(daily|every day|7 days|seven days|24/7|all week)\b|매일|연중무휴|"
                       r"365일|주 ?7일", re.I)
WEEKDAYS = re.compile(r"\bweekdays\b|평일", re.I)
WEEKEND = re.compile(r"\bweekends?\b|주말", re.I)
# the day said openly to be closed ("closed on Sundays", "none open on Sunday", "일요일 휴무")
_DAY_D = r"(?P<d>mon|tue|wed|thu|fri|sat|sun)[a-z]*"
CLOSED = (
    re.compile(rf"\b(closed|shut)\b[^.?!]{{0,12}}\b{_DAY_D}", re.I),
    re.compile(rf"\b(none|nothing|no \w+)\b[^.?!]{{0,20}}\bopen\b[^.?!]{{0,12}}\b{_DAY_D}", re.I),
    re.compile(r"(?P<d>[월화수목금토일])요일(은|에는)? ?(휴무|휴업|쉬|문 닫|닫)"),
)


def _index(day: str) -> int:
    return KO_DAYS.index(day) if day in KO_DAYS else DAYS.index(day[:3].lower())


def _span(a: int, b: int) -> set[int]:
    return set(range(a, b + 1)) if a <= b else set(range(a, 7)) | set(range(0, b + 1))


def asked_day(constraint: str) -> int | None:
    for pattern in ASKED:
        m = pattern.search(constraint)
        if m:
            return _index(m.group("ko") if "ko" in pattern.groupindex else m.group(3))
    return None


def days_given(reply: str) -> set[int]:
    days: set[int] = set()
    rest = reply
    for m in _RANGE_EN.finditer(reply):
        days |= _span(_index(m.group(1)), _index(m.group(2)))
    rest = _RANGE_EN.sub(" ", rest)
    for m in _RANGE_KO.finditer(rest):
        days |= _span(_index(m.group(1)), _index(m.group(2)))
    rest = _RANGE_KO.sub(" ", rest)
    days |= {_index(m.group(1)) for m in _ONE_EN.finditer(rest)}
    days |= {_index(m.group(1)) for m in _ONE_KO.finditer(rest)}
    if EVERY_DAY.search(reply):
        days |= set(range(7))
    if WEEKDAYS.search(reply):
        days |= set(range(5))
    if WEEKEND.search(reply):
        days |= {5, 6}
    return days


def open_on_day(constraint: str, reply: str) -> Checked | None:
    day = asked_day(constraint)
    if day is None:
        return None
    name = DAYS[day]
    if any(_index(m.group("d")) == day for p in CLOSED for m in p.finditer(reply)):
        return Checked(Check.STATED, f"the reply says it is closed on {name}")
    given = days_given(reply)
    if not given:
        return None
    if day in given:
        return Checked(Check.HONOURED, f"hours given for {name}")
    return Checked(Check.MISSED, f"hours given for other days than {name}")
