"""classify_sentence / analyze / verify: each ending type, punctuation, unknown handling."""

from __future__ import annotations

import pytest

from icatest.locar.honorifics import Level, analyze, classify_sentence, verify
from icatest.locar.honorifics.endings import final_ending, level_of_ef
from icatest.locar.honorifics.morphs import Morph, kiwi_form, normalize_form

CASES = [
    # hae
    ("지금 길이 막혀.", Level.HAE),  # 어/EF
    ("좋아!", Level.HAE),  # 아/EF
    ("거기는 휴게소야.", Level.HAE),  # copula 야
    ("충전소 가는 길 알지?", Level.HAE),  # 지/EF
    ("천천히 가자.", Level.HAE),  # 자/EF
    ("어디 있니?", Level.HAE),  # 니 (Kiwi: EC)
    ("뭐 하냐?", Level.HAE),  # 냐/EF
    ("경로를 다시 찾았다.", Level.HAE),  # plain 다/EF
    ("배터리가 30% 남았네.", Level.HAE),  # 네/EF
    ("에어컨 켤까?", Level.HAE),  # ㄹ까/EF
    ("다음 교차로에서 우회전해.", Level.HAE),  # 어/EC at the end
    # haeyo
    ("지금 길이 막혀요.", Level.HAEYO),  # 어요
    ("좋아요!", Level.HAEYO),  # 아요
    ("오늘은 길이 한산하죠.", Level.HAEYO),  # 죠
    ("우회전하세요.", Level.HAEYO),  # 세요
    ("배터리가 30% 남았네요.", Level.HAEYO),  # 네요
    ("거기는 휴게소예요.", Level.HAEYO),  # 예요
    ("이건 고속도로 요금이에요.", Level.HAEYO),  # 이에요
    ("벌써 도착했군요.", Level.HAEYO),  # 군요
    ("지금 출발하시나요?", Level.HAEYO),  # 나요
    ("어디가 더 가까운가요?", Level.HAEYO),  # 은가/EF + 요/JX
    ("내일 비가 온대요.", Level.HAEYO),  # ㄴ대/EF + 요/JX
    ("주유소요.", Level.HAEYO),  # noun + 요/JX
    ("네, 강남역이요.", Level.HAEYO),  # noun + 이요/JX
    ("잠깐만요.", Level.HAEYO),  # particle + 요
    ("꼭 가야죠.", Level.HAEYO),  # 어야죠
    ("아니요.", Level.HAEYO),  # interjection with 요
    # hapsyo
    ("경로를 다시 탐색했습니다.", Level.HAPSYO),  # 습니다
    ("거기는 휴게소입니다.", Level.HAPSYO),  # copula ㅂ니다
    ("지금 출발하십니까?", Level.HAPSYO),  # ㅂ니까
    ("목적지가 맞습니까?", Level.HAPSYO),  # 습니까
    ("속도를 줄이십시오.", Level.HAPSYO),  # ㅂ시오
    ("함께 출발합시다.", Level.HAPSYO),  # ㅂ시다
    ("목적지까지 10분 남았습니다 :)", Level.HAPSYO),  # Kiwi tags 습니다 EC before ':)'
]


@pytest.mark.parametrize(("text", "level"), CASES)
def test_classify_each_ending(text: str, level: Level) -> None:
    assert classify_sentence(text) is level


@pytest.mark.parametrize(
    "text",
    ["네.", "OK", "Sure, I can do that.", "강남역 2번 출구", "👍", "음...", "우회전 금지!"]
    + ["가시오."],
)
def test_no_clear_ending_is_unknown(text: str) -> None:
    assert classify_sentence(text) is Level.UNKNOWN


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("감사합니다 👍", Level.HAPSYO),
        ("좋아요 ㅋㅋㅋ", Level.HAEYO),
        ("2마일이나 걸었지 뭡니까 허허", Level.HAPSYO),
        ('"Drive mode"로 바꿨어요.', Level.HAEYO),
        ("OK, 집으로 안내할게.", Level.HAE),
        ('"알겠어요"라고 말했다.', Level.HAE),  # the quoted ending does not count
        ("도착했어요!!!", Level.HAEYO),
    ],
)
def test_trailing_emoji_quotes_english(text: str, level: Level) -> None:
    assert classify_sentence(text) is level


def test_analyze_splits_and_keeps_trailing_emoji() -> None:
    sentences = analyze("안녕하세요. 길이 막혀. 10분 남았습니다 😀")
    assert [s.level for s in sentences] == [Level.HAEYO, Level.HAE, Level.HAPSYO]
    assert sentences[-1].text.endswith("😀")
    assert sentences[0].ending == "세요/EF"


def test_verify_fails_on_any_sentence_of_another_level() -> None:
    result = verify("안녕하세요. 길이 많이 막혀. 조심하세요.", "haeyo")
    assert not result.ok
    assert [(v.index, v.level) for v in result.violations] == [(1, Level.HAE)]


def test_verify_ignores_unknown_sentences() -> None:
    result = verify("네. 강남역 2번 출구. 다음 출구로 나가세요 🙂", Level.HAEYO)
    assert result.ok
    assert [s.level for s in result.sentences] == [Level.UNKNOWN, Level.UNKNOWN, Level.HAEYO]


def test_verify_hapsyo_rejects_haeyo() -> None:
    assert verify("도착했습니다. 안녕히 가십시오.", "hapsyo").ok
    assert not verify("도착했습니다. 안녕히 가세요.", "hapsyo").ok


def test_jamo_spellings_are_equivalent() -> None:
    assert normalize_form("ᆸ니다") == normalize_form("ㅂ니다") == "ㅂ니다"
    assert kiwi_form("ㅂ시다") == "ᆸ시다"
    for form in ("ᆸ니까", "ㅂ니까"):  # Kiwi default vs compatible_jamo=True output
        morphs = (Morph("가", "VV", 0, 1, 0), Morph(form, "EF", 0, 2, 0), Morph("?", "SF", 2, 3, 0))
        ending = final_ending(morphs)
        assert ending is not None and ending.level is Level.HAPSYO
    assert level_of_ef("ㄹ게요") is Level.HAEYO and level_of_ef("ᆯ게") is Level.HAE
