"""rewrite(): every ending type to each level, punctuation kept, unknown left alone, verified."""

from __future__ import annotations

import pytest

from icatest.locar.honorifics import Level, classify_sentence, rewrite

# (source, hae, haeyo, hapsyo): each form must rewrite to the other columns exactly.
TABLE = [
    ("지금 길이 막혀요.", "지금 길이 막혀.", "지금 길이 막혀요.", "지금 길이 막힙니다."),
    ("경로를 찾았다.", "경로를 찾았다.", "경로를 찾았어요.", "경로를 찾았습니다."),
    ("같이 가자!", "같이 가자!", "같이 가요!", "같이 갑시다!"),
    ("휴게소에서 쉽시다.", "휴게소에서 쉬자.", "휴게소에서 쉬어요.", "휴게소에서 쉽시다."),
    ("창문 좀 닫아 줘.", "창문 좀 닫아 줘.", "창문 좀 닫아 주세요.", "창문 좀 닫아 주십시오."),
    ("속도를 줄이십시오.", "속도를 줄여.", "속도를 줄이세요.", "속도를 줄이십시오."),
    ("어디 있니?", "어디 있니?", "어디 있어요?", "어디 있습니까?"),
    ("지금 출발합니까?", "지금 출발해?", "지금 출발해요?", "지금 출발합니까?"),
    ("거기는 휴게소야.", "거기는 휴게소야.", "거기는 휴게소예요.", "거기는 휴게소입니다."),
    ("이건 요금이에요.", "이건 요금이야.", "이건 요금이에요.", "이건 요금입니다."),
    ("실수가 아닙니다.", "실수가 아니야.", "실수가 아니에요.", "실수가 아닙니다."),
    ("오늘은 한산하죠.", "오늘은 한산하지.", "오늘은 한산하죠.", "오늘은 한산합니다."),
    ("30% 남았네요.", "30% 남았네.", "30% 남았네요.", "30% 남았습니다."),
    ("벌써 도착했군요.", "벌써 도착했군.", "벌써 도착했군요.", "벌써 도착했습니다."),
    ("제가 바꿔 드릴게요.", "제가 바꿔 드릴게.", "제가 바꿔 드릴게요.", "제가 바꿔 드리겠습니다."),
    ("에어컨 켤까?", "에어컨 켤까?", "에어컨 켤까요?", "에어컨 켜겠습니까?"),
    ("어디가 가까운가요?", "어디가 가까워?", "어디가 가까운가요?", "어디가 가깝습니까?"),
    ("목적지까지 10분 남았어요 :)", "목적지까지 10분 남았어 :)", "목적지까지 10분 남았어요 :)",
     "목적지까지 10분 남았습니다 :)"),
    ('"Drive mode"로 바꿨어요.', '"Drive mode"로 바꿨어.', '"Drive mode"로 바꿨어요.',
     '"Drive mode"로 바꿨습니다.'),
]  # fmt: skip
LEVELS = (Level.HAE, Level.HAEYO, Level.HAPSYO)


@pytest.mark.parametrize("row", TABLE, ids=[r[0] for r in TABLE])
@pytest.mark.parametrize("target", LEVELS)
def test_rewrite_each_ending_type(row: tuple[str, str, str, str], target: Level) -> None:
    source, *expected = row
    result = rewrite(source, target)
    assert result.text == expected[LEVELS.index(target)]
    assert result.ok
    assert classify_sentence(result.text) is target


def test_noun_yo() -> None:
    assert rewrite("주유소요.", "hapsyo").text == "주유소입니다."
    assert rewrite("강남역이요?", "hapsyo").text == "강남역입니까?"
    hae = rewrite("주유소요.", "hae")
    assert hae.text == "주유소." and hae.ok  # a bare noun is `unknown`, which never fails


def test_multi_sentence_keeps_spacing_and_emoji() -> None:
    text = "안녕하세요!  길이 막혀 🚗 조심해서 가요."
    result = rewrite(text, "hapsyo")
    assert result.text == "안녕하십시오!  길이 막힙니다 🚗 조심해서 갑니다."
    assert result.changed == 3 and result.ok


def test_unknown_sentences_are_left_alone() -> None:
    text = "네. 강남역 2번 출구. OK 👍"
    for level in LEVELS:
        result = rewrite(text, level)
        assert result.text == text
        assert result.changed == 0 and result.ok


def test_unrewritable_ending_is_reported_not_hidden() -> None:
    result = rewrite("가자고요.", "hapsyo")  # quoted propositive: no simple 합쇼체 form
    assert result.text == "가자고요."
    assert not result.ok


def test_rewrite_to_unknown_is_refused() -> None:
    with pytest.raises(ValueError):
        rewrite("가요.", "unknown")
