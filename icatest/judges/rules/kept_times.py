"""A time the driver held the day to on an earlier turn ("our ferry off the island is at 20:30,
keep it in mind", "the rental goes back at 16:00 sharp"), and the reply that goes against it
without a word about it (context_forgotten): a plan that runs past it, the time said back as
another, or the driver asked for it again. A reply that names the time or what it is for, or
says the plan is tight, has not forgotten it (the place taken for a part of the day: `kept.py`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from icatest.judges.rules import acts
from icatest.judges.rules.established import asked_again, forgot
from icatest.judges.rules.korean import is_korean
from icatest.judges.rules.text import clock, durations, sentences, times_at
from icatest.judges.rules.turn import TurnInput
from icatest.judges.rules.turn_rules import Judging

# --- a time the day is held to ----------------------------------------------------------

# what a fixed time is for: a departure, a hand-back, a meeting, a booking
FIXED_FOR = re.compile(
    r"\b(?P<what>ferry|ferries|boat|train|flight|plane|bus|coach|shuttle|rental|hire car|car "
    r"back|return the car|drop[- ]off|meet(?:ing)?|pick (?:\w+ )?up|check[- ]?in|check[- ]?out|"
    r"booked|reservation|reserved|appointment|tour|show|concert|curfew|"
    # a table waiting at a time ("we've got a table at the crêperie at 8")
    r"table)\b"
    r"|(?P<ko>배|페리|여객선|기차|열차|KTX|비행기|버스|반납|약속|예약|체크인|픽업|공연|만나기로|"
    # someone to be fetched ("할머니 모시러 가야 돼", "아버지 모셔 와야 돼")
    r"모시러|모셔 ?(와|가)|데리러|마중)",
    re.I)
# ... or said to be kept ("don't let me forget", "plan the evening around that")
KEEP = re.compile(r"\b(keep (it|that|this) in mind|don'?t let (me|us) forget|plan (\w+ ){0,2}"
                  r"around|(have|need|got) to be (back )?(at|in|there)|sharp)\b"
                  r"|잊지 ?마|기억해|맞춰", re.I)
# the reply keeps to it: it says the time is short, or what the time was for
HEEDED = re.compile(r"\b(miss|tight|too late|won'?t (make|fit)|not enough time|cutting it close|"
                    r"in time for|back by|leaves? you)\b|빠듯|늦|놓치", re.I)
# the driver is somewhere at a time of the reply's plan ("stay till 17:00", "done around
# 17:00", "stay on for the sunset around 22:10") ...
STAYS = re.compile(r"\b(stay\w*|start\w*|done|finish\w*|arriv\w*|back|be there|leav\w*|reach\w*|"
                   r"get (there|back|in)|spend\w*|till|until|wrap\w* up|set off|head off)\b",
                   re.I)
STAYS_KO = re.compile(r"^\s*(까지|쯤 끝|에 끝|에 도착|도착|출발|끝나|머무|있다가|돌아오|"
                      r"(쯤|에) ?나오)")
KO_CLOCK = re.compile(r"^\s*(오전|오후|저녁|밤|아침)?\s*\d{1,2}\s*시(\s*\d{1,2}\s*분|\s*반)?")
# ... or a time of the plan's own, the end of a span or when a part starts ("Sunset walk —
# 19:30–21:00", "pintxos from 21:00", "fish and chips around 14:00")
SPAN = re.compile(r"\d[:.]\d{2}\s*[–-]\s*$|\b(from|around)\s*$", re.I)
# ... which an opening hour is not ("open until 21:00")
HOURS = re.compile(r"\b(open\w*|clos\w*|hours)\b[^.!?\d]{0,12}$", re.I)


def _now(turn: TurnInput) -> int | None:
    return clock(turn.situation.time) if turn.situation.time else None


def _said_earlier(turn: TurnInput) -> Iterator[tuple[str, list[tuple[int, int]]]]:
    """The driver's earlier sentences, each with the clock times in it; a time said in words
    the clock does not read ("at half 3", "the boat at 6") is the one the assistant said back
    ("ok, 3:30 at leenaun"), when it said back one."""
    now = _now(turn)
    replies = (*turn.history_replies, *[""] * len(turn.history_users))
    for said, answer in zip(turn.history_users, replies, strict=False):
        back = times_at(answer, now)
        for sentence in sentences(said):
            times = times_at(sentence, now)
            yield sentence, times or (back if len(back) == 1 and BARE_TIME.search(sentence)
                                      else [])


# a time said as the driver says it, not as a clock ("at half 3", "at 6", "at quarter past 4")
BARE_TIME = re.compile(r"\bat (half|quarter (past|to)) \d{1,2}\b|\bat \d{1,2}\b(?![:.]\d| ?(km|mi|"
                       r"min|%))", re.I)


def _fixed_time(turn: TurnInput) -> tuple[int, str] | None:
    """The last time the driver held the day to on an earlier turn, and what it is for."""
    now = _now(turn)
    found = None
    for sentence, times in _said_earlier(turn):
        what = FIXED_FOR.search(sentence)
        if times and (what or KEEP.search(sentence)):
            found = (min(_ahead(t, now) for _, t in times), (what.group(0) if what else "").lower())
    if found is None or (now is not None and now >= found[0]):
        return None
    return found


def _ahead(minute: int, now: int | None) -> int:
    """A clock time said with no am or pm, already past in the morning's reading, is the
    afternoon's ("we leave by 1:15" said at 11:00 is 13:15)."""
    if now is not None and minute < now < minute + 12 * 60 and minute < 12 * 60:
        return minute + 12 * 60
    return minute


def _late(reply: str, limit: int, now: int | None) -> int | None:
    """A time of the reply's plan past the limit: when the driver would still be elsewhere."""
    for start, minute in times_at(reply, now):
        before = reply[max(0, start - 40):start]
        if minute <= limit or HOURS.search(before):
            continue
        after = KO_CLOCK.sub("", reply[start:], count=1)[:20]  # what follows "8시쯤"
        if (STAYS.search(before) or SPAN.search(before)
                or (is_korean(reply) and STAYS_KO.search(after))):
            return minute
    return None


def _late_by_length(reply: str, limit: int, now: int | None) -> int | None:
    """The end of what the reply offers, from now and the time it says it takes ("다녀오시면 두
    시간 반쯤 걸려요" at 14:50, with 16:00 held), past the limit."""
    if now is None:
        return None
    spans = [d for s in sentences(reply) if TAKES.search(s) for d in durations(s) if d >= 60]
    return now + max(spans) if spans and now + max(spans) > limit else None


# what the offer takes, said as such ("allow 3 hours", "takes about 2 hours", "두 시간 걸려요")
TAKES = re.compile(r"\b(allow|takes?|taking|spend|lasts?)\b|걸려|걸리|걸립니다|소요", re.I)


def time_passed_by(turn: TurnInput) -> str | None:
    fixed = _fixed_time(turn)
    if fixed is None or "?" in turn.reply or acts.is_refusal(turn.reply):
        return None
    limit, what = fixed
    if _names_it(turn, limit, what) or HEEDED.search(turn.reply) or (
            what and what.split()[0] in turn.user.lower()):
        return None
    late = _late(turn.reply, limit, _now(turn)) or _late_by_length(turn.reply, limit, _now(turn))
    if late is None:
        return None
    return f"the driver holds the day to {_held(limit, what)}, the plan runs to {_hhmm(late)}"


def _names_it(turn: TurnInput, limit: int, what: str) -> bool:
    """The reply names the time held to, or what it is for ("the 5 pm ferry")."""
    return limit in [t for _, t in times_at(turn.reply, _now(turn))] or bool(
        what and what.split()[0] in turn.reply.lower())


def _held(limit: int, what: str) -> str:
    return f"{_hhmm(limit)} ({what or 'said earlier'})"


def _hhmm(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"


def kept_time(turn: TurnInput, j: Judging) -> Judging:
    return forgot(turn, j, "kept_time", time_passed_by(turn))


# the reply asks for the time the driver already gave ("depends, when do you need to be
# somewhere?", "what time is your ferry?")
ASKS_WHEN = re.compile(r"\b(when|what time) (do|did|must|will) (you|we) (need|have|want) to "
                       r"(be|leave|get)\b|\bwhat time('?s| is) (your|the) \w+"
                       r"|\bwhen('?s| is) (your|the) \w+\?"
                       # ... or what the answer depends on ("depends when and where you sail")
                       r"|\bwhen (and where )?(you|we) (sail|leave|depart|fly|board|set off)\b"
                       r"|몇 시까지 (가셔야|도착하셔야|가야)|언제까지 (가셔야|도착)", re.I)


def time_asked_again(turn: TurnInput) -> str | None:
    """A time the driver held the day to on an earlier turn, and the reply asks when the driver
    has to be somewhere, giving nothing: the driver would have to say it again."""
    fixed = _fixed_time(turn)
    if fixed is None or not ASKS_WHEN.search(turn.reply) or _names_it(turn, *fixed):
        return None  # ("the 5 pm ferry, right?" is a check)
    return f"the driver holds the day to {_held(*fixed)}, the reply asks when"


def time_asked(turn: TurnInput, j: Judging) -> Judging:
    """The question counts for nothing: the driver would have to say the time again."""
    return asked_again(turn, j, "time_asked", time_asked_again(turn))


# --- the time of a thing the driver set, said back as another --------------------------------

# the event and its time in one breath ("Our dinner at the Mamalluca lodge is at 20:30")
EVENT = re.compile(r"\b(?P<what>dinner|lunch|breakfast|brunch|ferry|boat|train|flight|bus|"
                   r"shuttle|tour|show|concert|meeting|appointment|check[- ]?in|table|"
                   r"reservation|booking|"
                   # in Korean ("비양도 가는 12시 배 표 예매했어", "저녁 예약 7시")
                   r"배|기차|열차|비행기|버스|공연|저녁|점심|체크인|투어)\b", re.I)


def _event_time(turn: TurnInput) -> tuple[int, str] | None:
    """The time of an event the driver set on an earlier turn: (minutes, its word)."""
    found = None
    for sentence, times in _said_earlier(turn):
        what = EVENT.search(sentence)
        if what and len(times) == 1:
            found = (times[0][1], what.group("what").lower())
    return found


def time_said_otherwise(turn: TurnInput) -> str | None:
    """The reply names the driver's event with another time than the one they set ("your
    **22:00 dinner**" for the dinner at 20:30), and never the right one."""
    event = _event_time(turn)
    if event is None:
        return None
    minute, what = event
    now = _now(turn)
    said = times_at(turn.reply, now)
    if not said or minute in [t for _, t in said] or EVENT_TIME_ASKED.search(turn.user):
        return None
    low = turn.reply.lower()
    for start, other in said:
        # the time and the event in one phrase: "22:00 dinner", "dinner at 22:00"
        near = low[max(0, start - 14):start + 14]
        # ... or the event the clause is about ("your meeting with the guide is at 17:00")
        clause = re.search(rf"\b{re.escape(what)}\b[^.,;:!?—–]{{0,40}}\b(is|at|for)\W*$",
                           low[max(0, start - 60):start])
        if (re.search(rf"\b{re.escape(what)}\b", near) or clause) and abs(other - minute) >= 15:
            return (f"the driver set the {what} for {_hhmm(minute)}, the reply says "
                    f"{_hhmm(other)}")
    return None


# the driver moves the event or asks its time now: a new time in the reply is no slip
EVENT_TIME_ASKED = re.compile(r"\b(move|moved|change|changed|push|pushed|resched\w*|instead|"
                              r"now at|what time|when is)\b", re.I)


def time_otherwise(turn: TurnInput, j: Judging) -> Judging:
    return forgot(turn, j, "time_otherwise", time_said_otherwise(turn))
