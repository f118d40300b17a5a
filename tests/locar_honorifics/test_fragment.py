"""fragment(): content nouns then the main verb + 기."""

from __future__ import annotations

import pytest

from icatest.locar.honorifics import fragment


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("근처 주유소 좀 찾아 줄래?", "근처 주유소 찾기"),
        ("지금 가장 가까운 충전소로 안내해 줘", "충전소 안내"),  # noun + 하다: the noun suffices
        ("창문 좀 열어 줄래요?", "창문 열기"),  # 창+문 glued back
        ("에어컨 온도 22도로 맞춰 주세요", "에어컨 온도 22도 맞추기"),  # number + unit
        ("Starbucks 어디 있어?", "Starbucks"),  # light verb 있다 dropped
    ],
)
def test_fragment(text: str, expected: str) -> None:
    assert fragment(text) == expected


def test_fragment_never_empty() -> None:
    assert fragment("  음...  ") == "음..."
