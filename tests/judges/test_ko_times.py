"""Korean clock times, deadlines and lateness as the rules judge reads them (ko_times.py)."""

from __future__ import annotations

import pytest

from icatest.judges.rules import ko_times
from icatest.judges.rules.constraints import constraints_in
from icatest.judges.rules.text import durations, minutes_of


def _hhmm(times: list[int]) -> list[str]:
    return [f"{t // 60:02d}:{t % 60:02d}" for t in times]


@pytest.mark.parametrize(("text", "now", "expected"), [
    ("오후 6시 20분 도착 예정입니다", None, ["18:20"]),
    ("18시 20분에 도착해요", None, ["18:20"]),
    ("저녁 7시 반까지", None, ["19:30"]),
    ("오전 9시 10분", None, ["09:10"]),
    ("밤 11시", None, ["23:00"]),
    ("새벽 2시", None, ["02:00"]),
    ("오후 6:20 도착", None, ["18:20"]),
    ("18:20에 도착", None, ["18:20"]),
    ("정오에 만나요", None, ["12:00"]),
    # an hour without its half day: the one nearest the clock
    ("6시 20분쯤 도착해요", 17 * 60 + 20, ["18:20"]),
    ("5시에 출발했어요", 17 * 60 + 20, ["17:00"]),
    ("8시 50분", 9 * 60, ["08:50"]),
    ("6시 20분쯤 도착해요", None, ["06:20"]),
    # not clock times: durations, a direction, a car's name
    ("3시간 20분 걸려요", None, []),
    ("24시간 영업해요", None, []),
    ("2시 방향으로 우회전", None, []),
    ("BMW 3시리즈", None, []),
    # the order the text gives them, English and Korean alike
    ("arrives 6:20 pm, 그다음 7시 반", None, ["18:20", "07:30"]),
])
def test_korean_clock_times(text: str, now: int | None, expected: list[str]) -> None:
    assert _hhmm(minutes_of(text, now)) == expected


def test_english_times_read_as_before() -> None:
    assert minutes_of("4pm, then 16:30 and 2.5 km") == [960, 990]
    assert minutes_of("arrive 6:20", 17 * 60) == [380]  # the clock reads Korean hours only


@pytest.mark.parametrize(("text", "expected"), [
    ("약 25분 걸려요", [25]),
    ("1시간 20분 소요", [80]),
    ("1시간 반", [90]),
    ("6시 20분에 도착, 25분 걸립니다", [25]),  # a clock time's minutes are no duration
])
def test_korean_durations(text: str, expected: list[int]) -> None:
    assert durations(text) == expected


@pytest.mark.parametrize(("utterance", "minute", "day_said"), [
    ("6시까지 공항에 가야 해", 360, False),
    ("오후 6시 전에 도착해야 돼요", 1080, True),
    ("저녁 7시 반까지 인천공항 가야 해", 1170, True),
    ("6시 이전에 회사에 있어야 해", 360, False),
    ("공항에 6시까지 도착해야 해", 360, False),
])
def test_korean_deadlines(utterance: str, minute: int, day_said: bool) -> None:
    said = ko_times.deadline(utterance)
    assert said is not None
    assert (said.minute, said.day_said) == (minute, day_said)


@pytest.mark.parametrize("utterance", [
    "9시까지 하는 식당 찾아 줘",  # a place open until 9, no deadline
    "7시까지 알려 줘",
    "6시에 알람 맞춰 줘",
])
def test_no_korean_deadline_without_a_verb_of_arriving(utterance: str) -> None:
    assert ko_times.deadline(utterance) is None


@pytest.mark.parametrize(("reply", "late"), [
    ("6시보다 20분 늦게 도착합니다", True),
    ("6시까지는 어렵습니다", True),
    ("제시간에 도착하기 힘들 것 같아요", True),
    ("6시 이후에 도착해요", True),
    ("늦지 않게 도착합니다", False),
    ("늦어도 5시 50분에는 도착합니다", False),
    ("5시 40분 도착 예정입니다", False),
    ("7시 이후에 도착해요", False),  # past another hour than the deadline's
])
def test_korean_lateness_stated(reply: str, late: bool) -> None:
    assert ko_times.states_late(reply, 18 * 60) is late


def test_opening_hours_are_no_times_of_a_plan() -> None:
    reply = "5시 45분 도착이에요. 약국은 오후 9시까지 영업하고 오전 10시부터 운영해요."
    assert minutes_of(ko_times.without_opening_hours(reply)) == [5 * 60 + 45]


@pytest.mark.parametrize(("utterance", "constraint"), [
    ("7시까지 인천공항 가야 해.", "arrive by 7:00"),  # the afternoon is the clock's to decide
    ("오전 7시까지 회사에 도착해야 해요", "arrive by 7:00 am"),
    ("저녁 7시 반까지 집에 가야 돼", "arrive by 19:30"),
])
def test_a_korean_deadline_is_a_constraint_as_by_6_is(utterance: str, constraint: str) -> None:
    assert constraints_in(utterance) == [constraint]
