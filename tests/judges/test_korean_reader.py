"""The rules judge's Korean word reader (icatest/judges/rules/korean.py): what it strips, what its
guards keep whole, that the forms of one verb meet, and that judging Korean turns needs no Kiwi."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from icatest.judges.rules import korean_table
from icatest.judges.rules.korean import content_morphemes, is_korean, without_particles
from icatest.judges.rules.text import content_stems

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("word", "stem"), [
    ("주유소를", "주유소"), ("주유소", "주유소"), ("경로를", "경로"), ("집으로", "집"),
    ("서울로", "서울"), ("화면에서", "화면"), ("근처에서는", "근처"), ("강남역까지는", "강남역"),
    ("곳으로요", "곳"), ("말씀이세요", "말씀"), ("주유소요", "주유소"), ("도착했구나", "도착"),
    ("온대요", "오"), ("필요해요", "필요"),
    # verb and adjective endings, on syllables and on the jamo of the last one
    ("찾았습니다", "찾"), ("찾아", "찾"), ("갈게요", "가"), ("가는", "가"), ("안내할게요", "안내"),
    ("안내해", "안내"), ("도착합니다", "도착"), ("저렴한", "저렴"), ("걸려요", "걸리"),
    ("걸립니다", "걸리"), ("바꿨습니다", "바꾸"), ("보여", "보이"), ("맞춰", "맞추"),
    ("알겠습니다", "알"), ("가겠습니다", "가"), ("좋아요", "좋"), ("가시면", "가"),
    ("확인하십시오", "확인"), ("찾아주세요", "찾"), ("알려줘", "알리"), ("도와드릴까요", "돕"),
    # irregular stems
    ("가까운", "가깝"), ("추워요", "춥"), ("빨라요", "빠르"), ("들렀다가", "들르"),
    ("껐어요", "끄"), ("어때요", "어떻"), ("어떠세요", "어떻"),
])
def test_a_word_reads_as_its_content_stem(word: str, stem: str) -> None:
    assert content_morphemes(word) == {stem}


@pytest.mark.parametrize("word", [
    # a particle must fit the sound before it: 경 ends in a consonant, so 로 is part of the noun
    "경로", "진로",
    # nouns that end like a particle or an ending stay whole
    "도로", "고속도로", "온도", "아이", "사이", "거리", "가게", "공기", "사고", "화면", "바로",
    # 요 after a stem of one syllable is part of the noun
    "필요", "소요",
    # a one-syllable ending nouns end in too is cut only after a verb stem
    "광고", "메시지", "타이어", "영화",
])
def test_guards_keep_a_word_whole(word: str) -> None:
    assert content_morphemes(word) == {word}


@pytest.mark.parametrize(("word", "whole"), [
    ("도로를", "도로"), ("고속도로로", "고속도로"), ("온도를", "온도"), ("아이가", "아이"),
    ("가게에서", "가게"), ("영화를", "영화"), ("한국어로", "한국어"),
])
def test_a_whole_noun_still_loses_its_particles(word: str, whole: str) -> None:
    assert content_morphemes(word) == {whole}


@pytest.mark.parametrize("word", [
    "있어요", "없습니다", "합니다", "했어요", "해", "줘", "주세요", "돼요", "이에요", "거예요",
    "중에는", "어디", "여기서", "그리고", "네", "두", "를", "까지", "아니면", "내가",
])
def test_empty_stems_and_function_words_carry_no_content(word: str) -> None:
    assert content_morphemes(word) == frozenset()


def test_the_forms_of_one_verb_meet() -> None:
    """A request and a reply that say the same thing in other forms share their content."""
    assert content_stems("에어컨 켜 줘") & content_stems("에어컨을 켰습니다") == {"에어컨", "켜"}
    assert "켜" in content_stems("에어컨 켜줘")
    assert content_stems("주유소 찾아 줘") <= content_stems("주유소를 찾았어요")
    assert "끄" in content_stems("열선 꺼 줘") & content_stems("열선을 껐어요")
    assert "안내" in content_stems("길 안내해 줘") & content_stems("경로를 안내하겠습니다")


@pytest.mark.parametrize(("word", "name"), [
    ("스타벅스로", "스타벅스"), ("선릉점이에요", "선릉점"), ("역삼점입니다", "역삼점"),
    ("이마트까지요", "이마트"), ("gs25로", "gs25"), ("안내할게요", "안내"),
    # a verb is no name: the word itself; so is a pronoun
    ("찾아", "찾아"), ("갈게요", "갈게요"), ("여기서", "여기서"), ("도로", "도로"),
])
def test_without_particles_leaves_the_name(word: str, name: str) -> None:
    assert without_particles(word) == name


def test_is_korean() -> None:
    assert is_korean("gs칼텍스") and not is_korean("Aral")


def test_every_particle_and_ending_names_a_sound_it_follows() -> None:
    conds = {"A", "C", "V", "L", "K"}
    assert set(korean_table.PARTICLES.values()) <= conds
    assert {c for _, c in (*korean_table.ENDINGS, *korean_table.SHORT_ENDINGS)} <= conds
    assert {j for j, _ in korean_table.JAMO_ENDINGS} <= {"ㄴ", "ㄹ", "ㅁ", "ㅂ"}
    assert not korean_table.WHOLE_WORDS & korean_table.FUNCTION


def test_the_rules_judge_does_not_import_kiwi() -> None:
    """Kiwi stays LoCar's (its speech-level check); no module of the judges imports it."""
    for path in sorted((REPO / "icatest" / "judges").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.split(".")[0] == "kiwipiepy" for n in names), path


_JUDGE_KOREAN = """
import json, sys
from tests.judges.test_rule_table import judged, read_table
cases = [c for c in read_table() if any('\\uac00' <= ch <= '\\ud7a3' for ch in c['user'])]
labels = [judged(c)[1] for c in cases]
print(json.dumps({"cases": len(cases), "kiwi": "kiwipiepy" in sys.modules}))
"""


def test_judging_korean_turns_leaves_kiwi_unloaded() -> None:
    """In a fresh interpreter: the rules judge every Korean case of the golden table and
    kiwipiepy is not in sys.modules afterwards."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run([sys.executable, "-c", _JUDGE_KOREAN], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=240)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["cases"] >= 5
    assert out["kiwi"] is False
