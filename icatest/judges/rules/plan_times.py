"""The times of a free-text plan: clock times that cannot be (earlier than now, going back), the
last arrival after the driver's deadline, legs that add up past it; a lateness the reply
states openly is an honest plan, not a poor one. `plans.py` reads the stops."""

from __future__ import annotations

import re

from icatest.judges.rules import constraints, ko_times
from icatest.judges.rules.constraints import DEADLINE, without_hours
from icatest.judges.rules.text import clock, durations, minutes_of, sentences
from icatest.judges.rules.verdicts import Cause


def late_arrival(utterance: str, reply: str, now: int | None) -> tuple[Cause, str] | None:
    """The driver's deadline ("be at the airport by 6 pm") and the reply's arrival after it,
    presented as fine; a limitation stated openly ("arrives 18:20, after your 6 pm") is an
    honest plan, not a poor one."""
    found = deadline_in(utterance, now)
    if not found:
        return None
    deadline = found[0]
    if states_late(reply, found):
        return None
    said = without_hours(reply)
    # a terse plan's bare hours after noon ("square 2:35, ... dripping springs 6:20" at 14:20)
    # are the afternoon's
    arrivals = [t + 12 * 60 if now is not None and t < now <= t + 12 * 60 and t < 12 * 60 else t
                for t in minutes_of(said, now)]
    arrivals = [t for t in arrivals if t != deadline]
    if not arrivals:
        return _legs_too_long(said, now, deadline)
    last = arrivals[-1]
    if 0 < last - deadline < 12 * 60:
        return Cause.INFEASIBLE, f"plan arrives {_hhmm(last)}, after the deadline {_hhmm(deadline)}"
    return None


# A total said for the whole trip ("total 45 min", "in all about an hour") counts alone.
TOTAL = re.compile(r"\b(total|in all|altogether|overall)\b[^.\n]{0,25}?(?=\d)", re.I)
ALL_DAY = re.compile(r"\b24 ?(hours|h)\b|\b24/7\b", re.I)
LEG_SLACK = 10  # minutes: legs said as "about 20 minutes" are rounded


def _legs_too_long(reply: str, now: int | None, deadline: int) -> tuple[Cause, str] | None:
    """No clock time in the plan, but its legs ("20 minutes from you", "18 minutes from the
    groomer", "25 minutes") add up past the deadline from the clock now."""
    if now is None or deadline <= now:
        return None
    text = ALL_DAY.sub(" ", reply)
    total = TOTAL.search(text)
    legs = durations(text[total.end():])[:1] if total else durations(text)
    if len(legs) < (1 if total else 2) or any(leg > 180 for leg in legs):
        return None
    arrive = now + sum(legs)
    if arrive > deadline + LEG_SLACK:
        return Cause.INFEASIBLE, (f"plan's legs add up to {sum(legs)} min: arrives about "
                                  f"{_hhmm(arrive)}, after the deadline {_hhmm(deadline)}")
    return None


def states_late(reply: str, deadline: tuple[int, ...]) -> bool:
    """The reply says openly that the driver's deadline, if any, is not met."""
    return bool(deadline) and constraints.states_late(reply, deadline[0])


# A bare hour after a deadline word ends its clause: "before 9." is 21:00 in the evening, while
# "by 2 people" or "before 5 km" is no time.
BARE_HOUR_END = re.compile(r"\s*(?:$|[,.;!?)]|(?:and|then|so|or|at|for|tonight|today|this)\b)",
                           re.I)


def deadline_in(utterance: str, now: int | None) -> tuple[int, ...]:
    """The driver's deadline in minutes ("by 6" in the afternoon is 18:00, and so is
    "6시까지 공항에 가야 해"), or ()."""
    m = DEADLINE.search(utterance)
    limit = minutes_of(m.group("t")) if m else []
    bare = clock(m.group("t").strip()) if m and BARE_HOUR_END.match(utterance, m.end()) else None
    if not limit and bare is not None:
        limit = [bare]  # "at the Hilton before 9.": an hour, said bare
    if m and limit:
        deadline, morning = limit[0], "am" in m.group("t")
    else:
        korean = ko_times.deadline(utterance)
        booked = APPOINTMENT.search(utterance)
        closes = KO_CLOSES.search(utterance)
        closing = ko_times.times_said(closes.group(0), now) if closes else []
        if korean is not None:
            deadline, morning = korean.minute, korean.day_said
        elif closing:  # "시장 10시에 닫아": the last stop's closing
            deadline, morning = closing[0].minute, closing[0].day_said
        elif booked:
            said = next(t for t in booked.groupdict().values() if t)
            deadline, morning = _hour(said), "am" in said.lower()
        else:
            return ()
    if deadline < 12 * 60 and now is not None and now > deadline and not morning:
        deadline += 12 * 60
    return (deadline,)


# A booked time the plan must reach, said as what happens then: "blowing rock for dinner at 4,
# table's booked", "our table at 19:30", "the 13:00 cruise".
APPOINTMENT = re.compile(
    r"\b(?:dinner|lunch|breakfast|brunch|table|booking|reservation|check-?in|appointment|lesson|"
    r"class|session|tour|show|concert|match|ceremony|wedding)\s+"
    r"(?:(?:in|at) (?:the )?[\w'’-]+(?: [\w'’-]+){0,2} )?(?:is\s+|starts\s+|begins\s+)?at\s+"
    r"(?P<t>(?:2[0-3]|[01]?\d)(?:[:.][0-5]\d)?(?!\d)(?:\s*[ap]\.?m\.?)?)"
    r"(?![\d:.]*\s*(?:km|mi|min|h\b|hours?|%|€|\$))"
    # ... or a boat that leaves then ("whale boat leaves grande-grave at 4")
    r"|\b(?:boat|ferry|cruise|train|bus|shuttle|tour|flight)\s+(?:leaves|departs|sails|goes)\s+"
    r"(?:(?:from\s+)?(?:the\s+)?[\w'’-]+(?: [\w'’-]+){0,2}\s+)?at\s+(?P<t6>(?:2[0-3]|[01]?\d)"
    r"(?:[:.][0-5]\d)?(?!\d)(?:\s*[ap]\.?m\.?)?)(?![\d:.]*\s*(?:km|mi|min|h\b|hours?|%|€|\$))"
    r"|\bthe\s+(?P<t2>(?:2[0-3]|[01]?\d)[:.][0-5]\d)\s+(?:cruise|ferry|boat|train|tour|show|"
    r"flight|shuttle|bus|sailing|departure)\b"
    # a meeting there, or the last stop's closing ("meeting friends there at 2", "it closes at
    # 18:00")
    r"|\b(?:meeting|meet)\b(?:\s+[\w'’]+){0,3}?\s+at\s+(?P<t3>(?:2[0-3]|[01]?\d)(?:[:.][0-5]\d)?"
    r"(?!\d)(?:\s*[ap]\.?m\.?)?)(?![\d:.]*\s*(?:km|mi|min|h\b|hours?|%|€|\$))"
    r"|\b(?:closes|shuts|last (?:entry|admission))\s+at\s+(?P<t4>(?:2[0-3]|[01]?\d)"
    r"(?:[:.][0-5]\d)?(?!\d)(?:\s*[ap]\.?m\.?)?)"
    # ... or what the plan ends at, said to start then ("the pottery class, it starts at 12:30")
    r"|\b(?:it|that|which) (?:starts|begins) at\s+(?P<t5>(?:2[0-3]|[01]?\d)(?:[:.][0-5]\d)?(?!\d)"
    r"(?:\s*[ap]\.?m\.?)?)(?![\d:.]*\s*(?:km|mi|min|h\b|hours?|%|€|\$))",
    re.I,
)


# ... in Korean, a stop's closing ("시장 10시에 닫아", "박물관 5시 반 마감이야")
KO_CLOSES = re.compile(r"(?:오전|오후|저녁|밤)? ?\d{1,2}시(?: ?\d{1,2}분| ?반)?(?:에|까지)? ?"
                       r"(?:닫|문 ?닫|마감|영업 ?끝)")


def _hour(said: str) -> int:
    """A booked time's minutes: '4' and '4 pm' are 16:00 in the afternoon, '19:30' as said."""
    times = minutes_of(said)
    if times:
        return times[0]
    return int(said.strip()) * 60


def infeasible_times(reply: str, now: int | None,
                     quoted: set[int] | None = None) -> tuple[Cause, str] | None:
    """The clock times of a plan, in the order the reply gives them: one earlier than the
    clock now, or one earlier than the time before it (within the same half day)."""
    times = [t for t in minutes_of(without_alternatives(reply), now) if t not in (quoted or set())]
    if now is not None:
        past = [t for t in times if 0 < now - t < 6 * 60]
        if past:
            return Cause.INFEASIBLE, f"plan has a time ({_hhmm(past[0])}) before now ({_hhmm(now)})"
    for a, b in zip(times, times[1:], strict=False):
        if 0 < a - b < 6 * 60:
            return Cause.INFEASIBLE, f"plan goes back in time ({_hhmm(a)} then {_hhmm(b)})"
    return None


# A sentence about another plan than the one laid out ("If we skip the coffee, you'd be there
# around 08:50", "커피를 빼면 8시 50분에 도착해요"): its times are no step of this one.
ALTERNATIVE = re.compile(r"^\W*(if|without|skipping|by skipping|dropping|should you|were we to)\b"
                         r"|\b(you'?d|we'?d|would)\b|(빼면|생략하면|건너뛰면|들르지 않으면)", re.I)


def without_alternatives(reply: str) -> str:
    """The reply less its sentences about another plan."""
    return "\n".join(s for s in sentences(reply) if not ALTERNATIVE.search(s))


def _hhmm(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"
