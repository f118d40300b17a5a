"""Korean clock times, deadlines and lateness as the rules read them: '오후 6시 20분',
'18시 반', '저녁 7시 반까지 도착해야 해', '6시보다 20분 늦게 도착합니다'.

Exact regular expressions over the words, like the English readings in `text.py` and
`constraints.py`; a time the words leave open is not guessed at, except the half day of an
hour said without 오전/오후 (below).
"""

from __future__ import annotations

import re
from typing import NamedTuple

_DAY = r"(?P<day>오전|오후|아침|저녁|밤|새벽|낮)"
# 'N시' is the hour of a clock; '3시간' is a duration, '2시 방향' a direction, '3시리즈' a car.
_HOUR = (r"(?P<h>[01]?\d|2[0-3])\s*시(?!간|리즈|즌|\s*방향)"
         r"(?:\s*(?P<half>반)(?!드시)|\s*(?P<m>[0-5]?\d)\s*분)?")
_CLOCK = r"(?P<hh>[01]?\d|2[0-3]):(?P<mm>[0-5]\d)(?!\d)"
TIME = rf"(?:{_DAY}\s*)?(?<![\d:.])(?:{_HOUR}|{_CLOCK})"
_TIME = re.compile(TIME)

MORNING = frozenset({"오전", "아침", "새벽"})


class Said(NamedTuple):
    """A clock time in the words: where it is, its minute of the day, and whether a half day
    was said with it."""

    start: int
    end: int
    minute: int
    day_said: bool


def _minute(m: re.Match[str], now: int | None) -> int:
    day = m.group("day")
    if m.group("hh") is not None:
        h, mins = int(m.group("hh")), int(m.group("mm"))
    else:
        h = int(m.group("h"))
        mins = 30 if m.group("half") else int(m.group("m") or 0)
    if day in MORNING:
        return (0 if h == 12 else h) * 60 + mins
    if day == "밤":  # 밤 11시 is 23:00, 밤 12시 midnight, 밤 2시 after it
        return (h + 12 if 6 <= h < 12 else 24 if h == 12 else h) * 60 + mins
    if day == "낮":  # 낮 2시 is 14:00, 낮 12시 noon, 낮 11시 before it
        return (h + 12 if h < 7 else h) * 60 + mins
    if day is not None:  # 오후, 저녁
        return (h + 12 if h < 12 else h) * 60 + mins
    if h > 12 or now is None:
        return h * 60 + mins
    # An hour without its half day ('6시 20분'): the half day nearest the clock, as the
    # driver means it (at 17:20, 6시 20분 is 18:20 and 5시 is 17:00; at 08:50, 9시 is 09:00).
    base = (h % 12) * 60 + mins
    return min((base, base + 12 * 60), key=lambda t: (_apart(t, now), -t))


def _apart(t: int, now: int) -> int:
    d = abs(t - now) % (24 * 60)
    return min(d, 24 * 60 - d)


def times_said(text: str, now: int | None = None) -> list[Said]:
    """The Korean clock times of the text, in order: 'N시 [M분|반]' with or without its half
    day, and 'HH:MM' after a half day ('오후 6:20'; a bare 'HH:MM' is read as in English)."""
    out = []
    for m in _TIME.finditer(text):
        if m.group("hh") is not None and m.group("day") is None:
            continue
        out.append(Said(m.start(), m.end(), _minute(m, now), m.group("day") is not None))
    return out


# A Korean duration: '25분', '1시간 20분', '2시간', '1시간 반' (a clock time's minutes are not one).
_DURATION = re.compile(r"(?<![\d.])(?:(?P<h>\d+(?:\.\d+)?)\s*시간(?:\s*(?P<half>반))?)?\s*"
                       r"(?:(?<![\d.])(?P<m>\d+)\s*분)?")


def durations_said(text: str) -> list[int]:
    """The Korean durations of the text in minutes, its clock times ('6시 20분') left out."""
    for said in reversed(times_said(text)):
        text = text[: said.start] + " " * (said.end - said.start) + text[said.end:]
    out = []
    for m in _DURATION.finditer(text):
        if m.group("h") or m.group("m"):
            hours = float(m.group("h") or 0) + (0.5 if m.group("half") else 0)
            out.append(int(hours * 60) + int(m.group("m") or 0))
    for m in _NATIVE_HOURS.finditer(text):  # "세 시간쯤", "두 시간 반"
        out.append(NATIVE[m.group("n")] * 60 + (30 if m.group("half") else 0))
    return out


# hours counted in native numbers ("두 시간 반쯤 걸려요", "세 시간")
NATIVE = {"한": 1, "두": 2, "세": 3, "네": 4, "다섯": 5, "여섯": 6}
_NATIVE_HOURS = re.compile(r"(?<![가-힣])(?P<n>한|두|세|네|다섯|여섯) ?시간(?: ?(?P<half>반))?")


# Verbs of arriving or of being somewhere, after a deadline: '공항에 가야 해', '도착해야 돼요',
# '회사에 있어야 해', '집으로 가 줘'.
ARRIVE = (r"(?:도착|도달|닿|들어가|들어와|와야|있어야|체크인|입실|"
          r"(?:(?<=[\s에로])|^)가(?:야|자|요|려고|고 싶|겠|\s?줘|\s?주세요|\s?주실|\s?주시))")
# 'N시까지', 'N시 전에', 'N시 이전에', then the arriving verb in the same clause.
DEADLINE = re.compile(
    rf"(?P<t>{TIME})\s*(?:까지|전에|전까지|이전에|이전까지)(?:는|도|은)?"
    rf"[^,.!?\n]{{0,30}}?{ARRIVE}"
)


# ... or the time of something the driver must be at ('9시 반 강습 시간까지', '7시 예약 시간에
# 맞춰'): an appointment's hour is a deadline with no verb of arriving.
EVENT_DEADLINE = re.compile(
    rf"(?P<t>{TIME})\s*(?:[가-힣]+\s*){{0,2}}?(?:시간|수업|강습|예약|미팅|회의|체크인|약속|공연|"
    r"경기|진료)\s*(?:까지|전에|전까지|에 맞춰|에 맞게|맞춰)"
)

# ... or the last one that can be had ('카약 마지막 출발이 4시야', '막배가 5시 반', '마지막 입장은
# 오후 5시'): the plan must reach it by then.
LAST_ONE = re.compile(
    r"(?:마지막|막)\s?(?:출발|입장|배|운항|회차|타임|수업|체험|탑승|운행|차)\s?(?:시간)?(?:이|은|는|가)?\s*"
    rf"(?P<t>{TIME})"
)


def deadline(utterance: str) -> Said | None:
    """The driver's Korean deadline ('6시까지 공항에 가야 해': 6:00, no half day said), or None
    when no time before 까지 / 전에 goes with a verb of arriving or an appointment."""
    m = (DEADLINE.search(utterance) or EVENT_DEADLINE.search(utterance)
         or LAST_ONE.search(utterance))
    if not m:
        return None
    t = _TIME.match(m.group("t"))
    assert t is not None
    return Said(m.start("t"), m.end("t"), _minute(t, None), t.group("day") is not None)


# A request's constraint that is a time and nothing more ('오후 3시까지', '낮 12시 전에'): the
# request it belongs to says where, so it is the deadline of getting there.
BARE_DEADLINE = re.compile(
    rf"^\s*(?P<t>{TIME})\s*(?:까지|전에|전까지|이전에|이전까지)(?:는)?\s*(?:도착)?\s*$")


def constraint_deadline(constraint: str) -> Said | None:
    """A constraint's Korean deadline: said with a verb of arriving, or a bare time."""
    said = deadline(constraint)
    if said is not None:
        return said
    m = BARE_DEADLINE.match(constraint)
    if not m:
        return None
    t = _TIME.match(m.group("t"))
    assert t is not None
    return Said(m.start("t"), m.end("t"), _minute(t, None), t.group("day") is not None)


def as_clock(said: Said) -> str:
    """A Korean time as the English deadlines are written ('오전 7시' '7:00 am', '6시' '6:00',
    '저녁 7시 반' '19:30'), so that 'by 6' and '6시까지' are read by one rule."""
    am = " am" if said.day_said and said.minute < 12 * 60 else ""
    return f"{said.minute // 60}:{said.minute % 60:02d}{am}"


# The reply says openly that the deadline is not met: '늦게 도착합니다', '늦을 것 같아요',
# '6시까지는 어렵습니다', '1시 전 도착은 어렵습니다', '제시간에 도착하기 힘들어요', '시간을 맞추기
# 어렵습니다', '7시는 못 맞춰요' (맞추 + 어, contracted). Not '늦지 않게' (not late) nor
# '늦어도 5시 50분에는' (at the latest).
LATE = re.compile(
    r"늦(?:게 도착|을 (?:것|수|예정|듯)|겠|어요|어서|습니다|는데|네요|어지|어질|음)"
    rf"|(?:까지는?|전에는?|전까지는?|{TIME}\s*전|시간 ?안에|시간 ?내에?|제시간에|제때)\s*"
    r"(?:[가-힣]+\s*){0,2}?(?:어렵|어려|힘들|불가능|무리|못|안 될|안 돼)"
    r"|맞추기(?:는)? (?:어렵|어려|힘들)|맞출 수 없|못 맞(?:추|춰|출)|맞추지 못|지각"
)
# '6시 이후에 도착', '6시가 넘어서', '6시를 넘겨', '9시를 25분 넘겨서': past the time named.
PAST = re.compile(rf"(?P<t>{TIME})\s*(?:가|를|이|은|는)?\s*(?:\d+\s*분\s*)?(?:이후|넘|지나)")


def states_late(reply: str, deadline_minute: int) -> bool:
    """The Korean reply says the deadline is not met: in words of lateness, or by arriving
    past the deadline's own hour ('6시 이후에 도착', read on the 12-hour clock)."""
    if LATE.search(reply):
        return True
    for m in PAST.finditer(reply):
        t = _TIME.match(m.group("t"))
        if t is not None and _minute(t, None) % 720 == deadline_minute % 720:
            return True
    return False


# Times that are no arrival: opening hours ('오후 9시까지 영업', '10시부터 운영', '9시에 문을
# 닫아요', '8시 마감').
HOURS = re.compile(
    rf"{TIME}\s*(?:(?:까지|부터)(?:는)?\s*(?:영업|운영|오픈|열|문을?|이용|주문|하는|해요|합니다)"
    r"|에?\s*(?:문을?\s*)?(?:닫|마감|오픈|열어|열고|열려|영업\s*(?:시작|종료))|마감)"
)


def without_opening_hours(text: str) -> str:
    """The text with its opening hours blanked out, so that no rule reads them as a plan's
    times."""
    return HOURS.sub(lambda m: " " * len(m.group(0)), text)


# An opening hour the reply states ('오후 5시부터 영업', '영업시간 오후 5시부터', '11시에 문을
# 열어요'); the time's groups renamed, as it is written twice.
_TIME_A, _TIME_B = TIME.replace("?P<", "?P<a_"), TIME.replace("?P<", "?P<b_")
OPENS = re.compile(
    rf"(?:(?:영업|운영)\s*(?:시간)?\s*(?:은|는)?\s*:?\s*(?P<a>{_TIME_A})\s*부터)"
    rf"|(?P<b>{_TIME_B})\s*(?:부터(?:는)?\s*(?:영업|운영|오픈|열|문을?\s*열)"
    r"|에\s*(?:문을?\s*)?(?:오픈|열어|열고|열려|영업\s*시작))"
)


def opening_times(text: str, now: int | None = None) -> list[int]:
    """The opening hours the text states, as minutes of the day."""
    return [said.minute for m in OPENS.finditer(text)
            for said in times_said(m.group("a") or m.group("b"), now)]
