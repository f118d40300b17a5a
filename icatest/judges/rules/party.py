"""The size of the party the driver gave earlier ("there are four of us", "저희 일행이 여섯
명이에요", "우리 넷이") and a table the reply books for another number: read by
`established.py` as context forgotten.
"""

from __future__ import annotations

import re

from icatest.judges.rules.turn import TurnInput

PARTY = re.compile(
    r"\b(?:there are|there'?ll be|we are|we'?re|we'?ll be|(?:a )?table for|party of|it'?s|"
    r"it will be)\s+"
    r"(?P<n>two|three|four|five|six|seven|eight|\d)(?:\s+of us|\s+people|\s+persons)?\b"
    # "it's me and three friends": the others, and the driver
    r"|\b(?:me|i) and (?P<others>two|three|four|five|six|seven|\d) (?:friends|colleagues|"
    r"others|kids|people|guests)\b",
    re.I,
)
TABLE = re.compile(
    r"\b(?:table|reservation|booking|booked|reserved)\b[^.!?\n]*?\bfor\s+"
    r"(?P<n>one|two|three|four|five|six|seven|eight|\d)\b"
    # a confirmation laid out as fields: "Party size: 2 people", "Guests: 4"
    r"|\b(?:party size|guests|number of (?:people|guests))\W{1,3}"
    r"(?P<field>one|two|three|four|five|six|seven|eight|\d)\b",
    re.I,
)
NUMBERS = {w: i for i, w in enumerate("zero one two three four five six seven eight".split())}
# The same in Korean: the party said with who they are or what they do together ("저희 일행이
# 여섯 명이에요", "오늘 저녁은 다섯 명이 같이 먹어요"), and a table booked for a number ("2명
# 자리로 예약했습니다", "예약 인원: 4명"); people counted politely with 분 ("네 분 자리로"), which
# after a native number is never minutes ("4분" is), and never the 분 of 분위기
KO_COUNT = (r"(?P<ko>\d+(?=\s*(?:명|사람))|한|두|세|네|다섯|여섯|일곱|여덟)"
            r"\s*(?:명|사람|분(?=[이의께을은]|[^가-힣]|$))")
PARTY_KO = re.compile(rf"(?=[^.!?\n]*(?:일행|저희|우리|같이|함께|먹|식사|인원))[^.!?\n]*?"
                      rf"{KO_COUNT}(?:이|이서|이에요|이예요|이야|입니다|이고)")
TABLE_KO = re.compile(rf"{KO_COUNT}[^.!?\n]{{0,12}}?(?:자리|테이블|좌석|예약)"
                      rf"|(?:예약 인원|인원)\W{{1,3}}{KO_COUNT.replace('ko', 'ko2')}")
# ... or counted as themselves, with no 명 ("오늘 점심은 우리 넷이 먹어요", "저희 둘이서 가요")
PARTY_KO_SELF = re.compile(r"(?:우리|저희|일행)\s*(?:은|는|이)?\s*"
                           r"(?P<ko>둘|셋|넷|다섯|여섯|일곱|여덟)"
                           r"(?:이서|이|이에요|이야|입니다)(?![가-힣])")
KO_NUMBERS = {"한": 1, "두": 2, "세": 3, "네": 4, "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8,
              "둘": 2, "셋": 3, "넷": 4}


def _ko_number(word: str) -> int:
    return int(word) if word.isdigit() else KO_NUMBERS[word]


def _number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS[word.lower()]


def party_elsewhere(turn: TurnInput) -> str | None:
    """'There are four of us' earlier, and a table booked for another number."""
    sizes = [_number(m.group("n")) if m.group("n") else _number(m.group("others")) + 1
             for u in turn.history_users for m in PARTY.finditer(u)]
    booked = TABLE.search(turn.reply)
    if not sizes or not booked or PARTY.search(turn.user):
        return party_elsewhere_ko(turn)
    want, got = sizes[-1], _number(booked.group("n") or booked.group("field"))
    if want == got or "?" in turn.reply:
        return None
    return f"the driver said they are {want}, the reply books for {got}"


def party_elsewhere_ko(turn: TurnInput) -> str | None:
    """'저희 일행이 여섯 명이에요' earlier, and a table booked for another number."""
    sizes = [_ko_number(m.group("ko")) for u in turn.history_users
             for m in (*PARTY_KO.finditer(u), *PARTY_KO_SELF.finditer(u))]
    booked = TABLE_KO.search(turn.reply)
    said_now = PARTY_KO.search(turn.user) or PARTY_KO_SELF.search(turn.user)
    if not sizes or not booked or said_now or "?" in turn.reply:
        return None
    want, got = sizes[-1], _ko_number(booked.group("ko") or booked.group("ko2"))
    if want == got:
        return None
    return f"the driver said they are {want}, the reply books for {got}"
