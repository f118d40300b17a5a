"""Opening hours in a reply, held against what the driver needs: open now (a closing time
already past on the turn's clock, an opening time still ahead), open past an hour ("open past
midnight"), and the reply saying openly that it is closed or that none is open that late (the
weekday's hours: `weekdays.py`; deadlines and the other constraints: `constraints.py`).
"""

from __future__ import annotations

import re

from icatest.judges.rules import ko_times
from icatest.judges.rules.checked import Check, Checked
from icatest.judges.rules.families import FAMILIES
from icatest.judges.rules.text import any_match, clock, minutes_of

# A closing time the reply states ("open until 17:00", "closes at 5 pm").
# (or the kitchen's: "kitchen till 7:30", "food served until 9", "last orders at 8")
CLOSES = re.compile(r"\b(?:open (?:today )?(?:until|till|til)|closes? at|closing at|shuts at|"
                    r"(?:kitchen|food|serving|hot food)(?: (?:open|served|serving))? "
                    r"(?:until|till|til)|"
                    r"last orders? (?:at|by))\s+"
                    r"(?P<t>\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?)", re.I)
# ... in Korean ("밤 9시에 문 닫는데", "저녁 8시 반까지 영업해요", "9시 마감")
_KO_HOUR = r"(?P<t>(?:밤|저녁|오후|새벽)?\s?\d{1,2}시(?:\s?\d{1,2}분|\s?반)?)"
CLOSES_KO = re.compile(_KO_HOUR + r"(?:에|면|까지만?)?\s?(?:(?:문(?:을)?\s?)?닫|마감|"
                       r"영업(?:을|이)?\s?(?:끝|종료)|"
                       r"(?:영업|운영)(?:해|하|합))")


# An opening time the reply states ("opens at 5 pm", "open from 17:00").
OPENS = re.compile(r"\b(?:opens?|opening|open (?:only )?from|doors open)\s+(?:at|from)?\s*"
                   r"(?P<t>\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?)", re.I)


# Open now asked in Korean ("지금 문 연 김밥집"): read here by the hours alone, its other
# evidence left unread
OPEN_NOW_KO = (r"지금 (문 ?)?(연|열린|열려 있는|여는|영업(하는|중))",)


def open_now(spoken: str, reply: str, now: int | None) -> Checked | None:
    if now is None or not any_match(FAMILIES["open_now"].asks + OPEN_NOW_KO, spoken):
        return None
    closed = _closed_before(reply, now) or _opens_later(reply, now)
    if closed and CLOSED_NOW.search(reply):
        return Checked(Check.STATED, "the reply says it is not open now")
    return Checked(Check.MISSED, closed) if closed else None


# A closing hour the driver needs ("open past midnight", "open after 22:00", "open until 1 am"),
# held against the closing hours the reply states; none stated is no evidence either way.
# (or food served that late: "still serving after 21:00")
OPEN_PAST = re.compile(r"\b(?:open|serving|serves|serve food) (?:past|after|beyond|later than|"
                       r"until|till) (?P<t>midnight|"
                       r"\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?)", re.I)
# ... and a reply that says none is open that late ("none stays open past midnight")
NONE_THAT_LATE = re.compile(r"\b(no|none|nothing|nowhere|not find|couldn'?t find|can'?t find|"
                            r"no one)\b[^.\n]*\b(past|after|later than|beyond|that late)\b", re.I)


# a bare hour from 5 on is the evening's ("shuts at 5" is 17:00; "open till 2" is the night's)
EVENING_BARE = 5 * 60


def _night_minute(t: str) -> int | None:
    """A closing hour as minutes from the day's start, small hours after midnight (1 am is
    25:00), a bare hour before noon with no am/pm read as the evening's ('until 9' is 21:00)."""
    if t.strip().lower() == "midnight":
        return 24 * 60
    times = minutes_of(t) or ([int(t) * 60] if t.strip().isdigit() and int(t) < 24 else [])
    if not times:
        return None  # (a bare hour, "open past 10", is read as the clock's hour)
    minute = times[0]
    bare = t.strip().isdigit()
    if minute < SMALL_HOURS and not (bare and minute >= EVENING_BARE):
        return minute + 24 * 60
    if minute < 12 * 60 and not re.search(r"[ap]\.?m", t, re.I):
        return minute + 12 * 60
    return minute


# ... asked in Korean ("밤 10시 넘어서도 영업", "11시 이후에도 문 여는")
# (or as a meal still to be had then: "밤 9시 넘어서도 밥 먹을 수 있는 식당")
OPEN_PAST_KO = re.compile(_KO_HOUR + r"\s?(?:넘어서도|넘어도|넘어서까지|이후에도|이후까지|이후|"
                          r"지나서도|지나도|"
                          r"넘게)\s?(?:[가-힣]+\s){0,2}?(?:문 ?(?:여는|열|연)|영업|하는|운영|열려|"
                          r"먹을 수 있)")


# ... or as still usable then ("a hot spring bath we can still use after 9 tonight")
OPEN_PAST_STILL = re.compile(r"\b(?:still (?:[a-z]+ ){0,3}?|usable |available |in use )"
                             r"(?:after|past|later than) (?P<t>midnight|"
                             r"\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?)", re.I)
# ... against hours given as a span ("Open 10:00–20:00", "hours 9-17")
CLOSES_SPAN = re.compile(r"\b(?:open|hours:?)\s+(?:daily\s+|today\s+)?\d{1,2}(?:[:.]\d{2})?\s*"
                         r"(?:[ap]\.?m\.?)?\s*(?:–|-|to)\s*(?P<t>\d{1,2}(?:[:.]\d{2})?\s*"
                         r"(?:[ap]\.?m\.?)?)", re.I)


def open_past(spoken: str, reply: str) -> Checked | None:
    asked = (OPEN_PAST.search(spoken) or OPEN_PAST_KO.search(spoken)
             or OPEN_PAST_STILL.search(spoken))
    need = _night_minute(asked.group("t")) if asked else None
    if need is None:
        return None
    closes = [c for m in (*CLOSES.finditer(reply.replace("midnight", "0:00")),
                          *CLOSES_KO.finditer(reply), *CLOSES_SPAN.finditer(reply))
              if (c := _night_minute(m.group("t"))) is not None]
    if not closes:
        return None
    last = f"{max(closes) // 60 % 24:02d}:{max(closes) % 60:02d}"
    if max(closes) >= need:
        return Checked(Check.HONOURED, f"open until {last}")
    if NONE_THAT_LATE.search(reply):
        return Checked(Check.STATED, "the reply says none is open that late")
    return Checked(Check.MISSED, f"closes by {last}, before the hour asked")


# An opening hour the driver needs ("breakfast before 7:30", "open by 7 am", "7시 반 전에 먹을
# 수 있는 곳"), held against the opening hours the reply states; none stated is no evidence.
OPEN_BY = re.compile(r"\b(?:open|opens|serving|serves|breakfast|eat)\b[^.?!]{0,12}\b(?:by|before) "
                     r"(?P<t>\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?)", re.I)
OPEN_BY_KO = re.compile(_KO_HOUR + r"\s?(?:전에|이전에|전까지|전)\s?(?:[가-힣]+\s){0,2}?"
                        r"(?:먹을 수 있|문 ?(?:여는|열|연)|여는|열려|영업|하는)")


def open_by(spoken: str, reply: str, now: int | None) -> Checked | None:
    asked = OPEN_BY.search(spoken)
    need: int | None = None
    if asked is not None:  # (a bare hour, "before 7", is the clock's hour)
        said = minutes_of(asked.group("t"))
        need = said[0] if said else clock(asked.group("t").strip())
    if asked is None and (ko := OPEN_BY_KO.search(spoken)):
        ko_said = ko_times.times_said(ko.group("t"), now)
        need = ko_said[0].minute if ko_said else None
    if need is None:
        return None
    english = [t[0] for m in OPENS.finditer(reply) if (t := minutes_of(m.group("t")))]
    opens = english + ko_times.opening_times(reply, now)
    if not opens:
        return None
    first = min(opens)
    if first > need:
        return Checked(Check.MISSED, f"opens at {first // 60:02d}:{first % 60:02d}, after the "
                                     f"hour asked")
    return Checked(Check.HONOURED, f"open from {first // 60:02d}:{first % 60:02d}")


# The reply says openly that the place is not open now ("closed right now", "지금은 영업 전이에요").
CLOSED_NOW = re.compile(r"\b(closed (now|right now|at the moment|until)|not open (yet|now|right "
                        r"now)|isn'?t open (yet|now|right now))\b|영업 ?전|아직 (문을 )?(안 |열지)|"
                        r"지금은 (문을 )?닫|지금은 (영업|운영)(하지 않| 안)", re.I)


def _opens_later(reply: str, now: int) -> str | None:
    """'opens at 17:00' or '오후 5시부터 영업' said at 12:10: not open yet (a bare hour with no
    am/pm before the clock is left alone: '9' may be 21:00 or gone)."""
    stated = [m.group("t") for m in OPENS.finditer(reply)]
    stated += [m.group("a") for m in HOURS.finditer(reply)]
    english = [t[0] for said in stated if (t := minutes_of(said))]
    later = [t for t in (*english, *ko_times.opening_times(reply, now)) if t > now]
    if not later:
        return None
    return f"opens at {later[0] // 60:02d}:{later[0] % 60:02d}, after the clock"


TWENTY_FOUR = re.compile(r"\s*0\d[:.]\d{2}")
_HOUR = r"\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?"
# Hours stated as a span ("kitchen hours 19:30 to 22:30", "open 9-17"): it opens at the first
# and closes at the second.
HOURS = re.compile(rf"\b(?:hours|open)\s*:?\s*(?P<a>{_HOUR})\s*(?:to|until|till|-|–)\s*"
                   rf"(?P<b>{_HOUR})(?![\d:.])", re.I)


def _closed_before(reply: str, now: int) -> str | None:
    """'open until 17:00' said at 17:20: closed already (a time read as 12-hour when the clock
    is past noon and no am/pm is given would be 5:00, so such times count from noon; one written
    with a leading zero, '01:00', is a 24-hour time: at 22:45 the coming night's)."""
    said = reply.replace("midnight", "0:00")
    stated = [m.group("t") for m in CLOSES.finditer(said)]
    stated += [m.group("b") for m in HOURS.finditer(said)]
    for t in stated:
        times = minutes_of(t)
        if not times:
            continue
        closes = times[0] or 24 * 60  # midnight ends the day
        twelve = not re.search(r"[ap]\.?m", t, re.I) and not TWENTY_FOUR.match(t)
        if closes < 12 * 60 and now >= 12 * 60 and twelve:
            closes += 12 * 60  # "until 5" in the afternoon means 17:00
        if next_day(closes, now) <= now:
            return f"closes at {t.strip()}, before the clock"
    return None


# In the evening a time of the small hours is the night ahead, not the morning gone: "open until
# 1 am" said at 19:15 closes after midnight, "by 2 am" said at 23:20 is the coming night's 02:00.
EVENING, SMALL_HOURS = 18 * 60, 6 * 60


def next_day(minute: int, now: int | None) -> int:
    if now is not None and now >= EVENING and minute < SMALL_HOURS:
        return minute + 24 * 60
    return minute
