"""Which sentence-final morphemes mark which speech level.

The level is read from the last morphemes of a sentence, after skipping punctuation, symbols,
emoji, numbers and foreign words (tags S*, W_*) and trailing laughter (허허, ㅋㅋ). Forms are
compared in compatibility jamo (see morphs.normalize_form), so 'ᆸ니다/EF' and 'ㅂ니다/EF'
are the same entry.

Rules, in order:
1. `요` (or `이요`) as the last morpheme (요/JX after a noun, particle, ending or adverb; or
   요/EF) -> haeyo.
2. An EF ending: hapsyo when it is one of the 합쇼체 forms (ㅂ니다, 습니다, ㅂ니까, 습니까, ㅂ시오,
   십시오, ㅂ시다, 읍시다, ...); haeyo when it ends in 요 (어요, 세요, 네요, 에요, 예요, 군요, 나요,
   ㄹ게요, ...) or in 죠 (어야죠); unknown for the archaic 하오체/하게체 forms (오, 소, 구려, 게,
   세); hae for every other EF (어, 아, 야, 지, 자, 니, 냐, 다, 네, 군, ㄹ게, ㄹ까, 어라, ...).
3. A connective ending (EC) at the very end: a 합쇼체 form or a form ending in 요 gets that level
   (Kiwi occasionally tags 습니다 as EC before an emoticon); otherwise it is a 반말 trailing-off
   only for the forms Kiwi tags EC although they end a sentence in speech (어/아 as in '우회전해.',
   니, 지, 는데, 거든, 고, ...) -> hae; any other EC -> unknown.
4. An interjection ending in 요 (아니요) -> haeyo.
5. Anything else (noun, interjection, adverb, ETN nominalisation '함/음/기') -> unknown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from icatest.locar.honorifics.levels import Level
from icatest.locar.honorifics.morphs import Morph

HAPSYO_SUFFIXES: tuple[str, ...] = (
    "ㅂ니다",
    "습니다",
    "ㅂ니까",
    "습니까",
    "ㅂ시오",
    "십시오",
    "읍시오",
    "ㅂ시다",
    "읍시다",
    "ㅂ디다",
    "습디다",
    "ㅂ디까",
    "습디까",
    "나이다",
)
YO_FORMS: frozenset[str] = frozenset({"요", "이요"})  # 커피요, 강남역이요 (Kiwi: 이요/JX)
HAEYO_EXTRA: frozenset[str] = frozenset({"죠", "쇼"})
ARCHAIC_EF: frozenset[str] = frozenset({"오", "소", "구려", "는구려", "게", "세", "소서"})
HAE_FINAL_EC: frozenset[str] = frozenset(
    {
        "어",
        "아",
        "여",
        "니",
        "지",
        "는데",
        "ㄴ데",
        "은데",
        "던데",
        "거든",
        "고",
        "잖아",
        "어서",
        "아서",
        "니까",
        "으니까",
        "다고",
        "라고",
        "냐고",
        "자고",
        "게",
        "려고",
        "으려고",
        "나",
    }
)


_LAUGHTER = re.compile(r"^[하허호히헤흐ㅋㅎ]+$")  # trailing 허허 / 하하 / ㅋㅋ, like an emoticon


@dataclass(frozen=True)
class FinalEnding:
    """The morpheme that decides a sentence's level: its index, level and a printable label."""

    index: int
    level: Level

    def label(self, morphs: tuple[Morph, ...]) -> str:
        m = morphs[self.index]
        return f"{m.norm}/{m.base}"


def last_content_index(morphs: tuple[Morph, ...]) -> int | None:
    """Index of the last morpheme that is not punctuation, symbol, emoji, number or foreign word."""
    for i in range(len(morphs) - 1, -1, -1):
        m = morphs[i]
        laughter = m.base == "IC" and _LAUGHTER.match(m.form) is not None
        if not m.skippable and not (laughter and i > 0):
            return i
    return None


def level_of_ef(form: str) -> Level:
    """Level of a final-ending (EF) form written in compatibility jamo."""
    if form.endswith(HAPSYO_SUFFIXES):
        return Level.HAPSYO
    if form.endswith(("요", "죠")) or form in HAEYO_EXTRA:
        return Level.HAEYO
    if form in ARCHAIC_EF:
        return Level.UNKNOWN
    return Level.HAE


def final_ending(morphs: tuple[Morph, ...]) -> FinalEnding | None:
    """The level-deciding final morpheme of a sentence, or None when there is none."""
    i = last_content_index(morphs)
    if i is None:
        return None
    last = morphs[i]
    if last.norm in YO_FORMS and last.base in ("JX", "EF", "EC"):
        return FinalEnding(i, Level.HAEYO)
    if last.base == "EF":
        return FinalEnding(i, level_of_ef(last.norm))
    if last.base == "EC":
        return _final_connective(i, last.norm)
    if last.base == "IC" and last.norm.endswith("요"):  # 아니요, 그럼요
        return FinalEnding(i, Level.HAEYO)
    return None


def _final_connective(index: int, form: str) -> FinalEnding | None:
    """Kiwi sometimes tags a sentence-final ending EC ('남았습니다 :)' -> 습니다/EC)."""
    level = level_of_ef(form)
    if level in (Level.HAPSYO, Level.HAEYO):
        return FinalEnding(index, level)
    if form in HAE_FINAL_EC:
        return FinalEnding(index, Level.HAE)
    return None
