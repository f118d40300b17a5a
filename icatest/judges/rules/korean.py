"""Korean words as the rules read them, one eojeol at a time, so that '주유소를' and '주유소' meet
as 'gas station' and 'gas stations' do, and '찾았어요' meets '찾아 줘'.

No model: the reader strips the particles and the copula after a noun and the endings after a
verb or adjective stem, longest first, from the closed tables of `korean_table.py`, on Hangul
syllables and, for contracted endings ('합니다', '했어요', '갈게요'), on the jamo of the last
syllable (arithmetic on U+AC00). Guards keep it from cutting too much: a stem keeps a syllable,
a particle must fit the sound before it ('경로' is no '경' + 로), one-syllable endings that
nouns end in too ('사고', '가게') are cut only after a known verb stem, and the nouns of
`WHOLE_WORDS` stay whole. What it does not do: split compound nouns ('국밥집' stays one word),
read ㄷ- and ㅅ-irregular stems or the ㄹ that drops ('아는' reads 아, not 알). Its agreement
with Kiwi, the analyser the rules used before, is measured in docs/offline_backend.md
(experiments/benchmarks/korean_reader_agreement.py).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from icatest.judges.rules.korean_table import (
    AFTER_TWO_SYLLABLES,
    AUXILIARIES,
    B_IRREGULAR,
    BARE_JAMO_AFTER,
    DERIVING,
    DETERMINERS,
    ENDINGS,
    EU_DROPPING,
    FUNCTION,
    H_IRREGULAR,
    INF_TAILS,
    JAMO_ENDINGS,
    NOT_CONTENT_STEMS,
    OWN_VOWEL,
    PARTICLES,
    PAST_TAILS,
    PRONOUNS,
    REU_IRREGULAR,
    SHORT_ENDINGS,
    VERBS,
    WHOLE_WORDS,
)

HANGUL = re.compile(r"[가-힣]")
# Existence and copula stems ('있', '이') and the light verbs say nothing.
EMPTY = frozenset({"있", "없", "이", "하", "되", "주", "것", "수", "등"})

_JONG = {"ㄴ": 4, "ㄹ": 8, "ㅁ": 16, "ㅂ": 17, "ㅆ": 20}
# Vowel indices of U+AC00 arithmetic: ㅏ ㅐ ㅓ ㅔ ㅕ ㅗ ㅘ ㅙ ㅚ ㅜ ㅝ ㅣ.
_A, _AE, _EO, _E, _YEO, _O, _WA, _WAE, _OE, _U, _WEO, _I = 0, 1, 4, 5, 6, 8, 9, 10, 11, 13, 14, 20


def is_korean(text: str) -> bool:
    return bool(HANGUL.search(text))


def _jamo(ch: str) -> tuple[int, int, int] | None:
    """(initial, vowel, final) of a Hangul syllable, None for anything else."""
    i = ord(ch) - 0xAC00
    return (i // 588, i % 588 // 28, i % 28) if 0 <= i < 11172 else None


def _syllable(cho: int, jung: int, jong: int = 0) -> str:
    return chr(0xAC00 + cho * 588 + jung * 28 + jong)


def _final(ch: str) -> int | None:
    parts = _jamo(ch)
    return parts[2] if parts else None


def _open(ch: str) -> str:
    """The syllable without its final consonant."""
    cho, jung, _ = _jamo(ch) or (0, 0, 0)
    return _syllable(cho, jung)


def _fits(stem: str, cond: str) -> bool:
    """The particle or ending fits the sound the stem ends in (see `korean_table`)."""
    final = _final(stem[-1])
    if final is None or cond == "A":
        return True
    return {"V": final == 0, "C": final != 0, "L": final in (0, 8), "K": final not in (0, 8)}[cond]


def _cuts_whole(word: str, at: int) -> bool:
    """A cut at `at` falls inside one of the WHOLE_WORDS ('도|로', '고속도|로를')."""
    for start in range(max(0, at - 4), at):
        for end in range(at + 1, min(len(word), start + 6) + 1):
            if word[start:end] in WHOLE_WORDS:
                return True
    return False


def _irregular() -> tuple[dict[str, str], dict[str, str]]:
    """Irregular infinitives ('가까워' 가깝, '빨라' 빠르, '꺼' 끄, '어때' 어떻) and the stem forms
    before other endings ('가까우' in '가까운', '어떠' in '어떠세요')."""
    inf: dict[str, str] = {"도와": "돕"}
    alt: dict[str, str] = {"도우": "돕"}
    for stem in B_IRREGULAR:
        base = stem[:-1] + _open(stem[-1])
        inf[base + "워"], alt[base + "우"] = stem, stem
    for stem in REU_IRREGULAR:
        cho, jung, _ = _jamo(stem[-2]) or (0, 0, 0)
        inf[stem[:-2] + _syllable(cho, jung, 8) + ("라" if jung in (_A, _O) else "러")] = stem
    for stem in EU_DROPPING:
        cho = (_jamo(stem[-1]) or (0, 0, 0))[0]
        before = _jamo(stem[-2]) if len(stem) > 1 else None
        inf[stem[:-1] + _syllable(cho, _A if before and before[1] in (_A, _O) else _EO)] = stem
    for surface, stem in H_IRREGULAR.items():
        (inf if surface[-1] in "때래" else alt)[surface] = stem
    return inf, alt


_INF, _ALT = _irregular()


def _infinitive(inf: str, bare: bool) -> str | None:
    """The stem of an infinitive in 어/아 ('찾아' 찾, '해' 하, '걸려' 걸리, '와' 오, '가까워'
    가깝), or None when the word is not one. `bare`: nothing follows it, so a vowel that merely
    looks contracted ('가', '서') is no evidence."""
    found = _infinitive_read(inf, bare)
    return found[0] if found else None


def _infinitive_read(inf: str, bare: bool) -> tuple[str, bool] | None:
    """(the stem, whether the infinitive shows it: an 어/아 of its own or a contraction) or
    None; '가' + 요 shows nothing ('가요' could be 가 + 요 as well)."""
    for surface, stem in _INF.items():
        if inf == surface or (len(surface) > 1 and inf.endswith(surface)):
            return inf[: -len(surface)] + stem, True
    parts = _jamo(inf[-1])
    if parts is None or parts[2]:
        return None
    cho, jung, _ = parts
    if inf in OWN_VOWEL:
        return inf, True
    if cho == 11 and len(inf) > 1 and (jung in (_A, _EO) or inf[-2:] == "하여"):
        before = _jamo(inf[-2])
        if before and (not bare or before[2] or before[1] in (_OE, _AE) or inf[-2] == "하"):
            return inf[:-1], True
    if inf[-1] == "해":
        return inf[:-1] + "하", True
    contracted = {_WA: _O, _WEO: _U, _YEO: _I, _WAE: _OE}
    if jung in contracted and (jung != _WA or inf[-1] in "와봐놔") and inf[-1] not in "뭐워":
        return inf[:-1] + _syllable(cho, contracted[jung]), True
    if not bare and jung in (_A, _EO, _AE, _E):
        return inf, False
    return None


@lru_cache(maxsize=16384)
def _verbal(stem: str) -> bool:
    """A stem a one-syllable ending is trusted after: one of VERBS, an irregular form, a stem in
    하 or 되, or an infinitive and a verb ('벗어나', '찾아주')."""
    if stem in VERBS or stem in _ALT or stem[-1] in "하되":
        return True
    return any(stem.endswith(v) and len(stem) > len(v) and _infinitive(stem[: -len(v)], True)
               for v in (*VERBS, *AUXILIARIES))


def _bare_jamo(jamo: str, stem: str) -> bool:
    """A bare ㄴ, ㄹ or ㅁ ending after the stem is believed (see BARE_JAMO_AFTER)."""
    if stem in ("하", "되"):
        return True  # '할', '된', '함': the light verb itself
    if jamo == "ㅁ":
        return stem.endswith(("하", "되")) and len(stem) >= 3
    if stem.endswith(("하", "되")):
        return len(stem) >= 3
    return stem.endswith(BARE_JAMO_AFTER) or stem in _ALT or _verbal(stem)


def _verb_readings(w: str) -> list[tuple[float, str]]:
    """(how much of the word the ending takes, the stem) for each ending that fits."""
    return [*_syllable_endings(w), *_jamo_endings(w), *_infinitive_endings(w)]


def _syllable_endings(w: str) -> list[tuple[float, str]]:
    out: list[tuple[float, str]] = []
    for form, cond in ENDINGS:
        stem = w[: -len(form)]
        if w.endswith(form) and stem and _fits(stem, cond) and not _cuts_whole(w, len(stem)):
            out.append((len(form), stem))
    for form, cond in SHORT_ENDINGS:
        stem = w[: -len(form)]
        if w.endswith(form) and stem and _fits(stem, cond) and _verbal(stem):
            out.append((len(form), stem))
    return out


def _jamo_endings(w: str) -> list[tuple[float, str]]:
    """'갈게요' is 가 + ㄹ게요: the ending starts on the final consonant of the syllable before."""
    out: list[tuple[float, str]] = []
    for jamo, rest in JAMO_ENDINGS:
        at = len(w) - len(rest) - 1
        if at < 0 or not w.endswith(rest) or _final(w[at]) != _JONG[jamo]:
            continue
        stem = w[:at] + _open(w[at])
        believed = _bare_jamo(jamo, stem) if not rest else len(rest) > 1 or _verbal(stem)
        if believed and not _cuts_whole(w, at + 1):
            out.append((len(rest) + 0.5, stem))
    return out


def _infinitive_endings(w: str) -> list[tuple[float, str]]:
    """The infinitive and what follows it ('가요', '해서'), and the past on its ㅆ ('했어요',
    '찾았습니다'; 겠 is no past)."""
    out: list[tuple[float, str]] = []
    for tail in INF_TAILS:
        inf = w[: len(w) - len(tail)]
        read = _infinitive_read(inf, bare=not tail) if inf and w.endswith(tail) else None
        if read and not _cuts_whole(w, len(inf)):
            out.append((len(tail) + (0.5 if read[1] else 0), read[0]))
    for tail in PAST_TAILS:
        at = len(w) - len(tail) - 1
        if at >= 0 and w.endswith(tail) and _final(w[at]) == _JONG["ㅆ"] and w[at] != "겠":
            stem = _infinitive(w[:at] + _open(w[at]), bare=False)
            if stem:
                out.append((len(tail) + 1, stem))
    return out


def _verb_stem(stem: str) -> tuple[str, str | None]:
    """The stem without an auxiliary after an infinitive ('찾아주' 찾) and irregular forms read
    ('가까우' 가깝), and the noun a 하/되 verb is made of ('안내하' 안내), or None."""
    for aux in AUXILIARIES:
        if stem.endswith(aux) and len(stem) > len(aux):
            inner = _infinitive(stem[: -len(aux)], bare=True)
            if inner:
                stem = inner
                break
    stem = _ALT.get(stem, stem)
    for light in DERIVING:
        noun = stem[: -len(light)]
        if stem.endswith(light) and len(noun) >= 2:
            return noun, noun
    return stem, None


class Reading(NamedTuple):
    """How the reader took one word: its content stem, and the name a noun leaves (None for a
    verb that is no noun and its endings)."""

    stem: str
    name: str | None
    verb: bool


@lru_cache(maxsize=16384)
def _read_word(eojeol: str) -> Reading:
    """One Korean word read: the longest particle chain or ending that fits, taken off."""
    w = eojeol.lower()
    if w in WHOLE_WORDS or w in FUNCTION:
        return Reading(w, None if w in PRONOUNS else w, False)
    if w in PARTICLES:
        return Reading("", None, False)  # a particle alone says nothing
    noun = None
    for size in range(min(len(w) - 1, 6), 0, -1):
        form, stem = w[-size:], w[:-size]
        if (form in PARTICLES and _fits(stem, PARTICLES[form]) and stem not in DETERMINERS
                and (len(stem) > 1 or form not in AFTER_TWO_SYLLABLES)
                and not _cuts_whole(w, len(stem))):
            noun = (float(size), stem)
            break
    verb = max(_verb_readings(w), key=lambda r: r[0], default=None)
    # A tie ('가는': 가 + 는 either way) goes to the verb when its stem is one.
    if verb and (noun is None or verb[0] > noun[0] or verb[0] == noun[0] and _verbal(verb[1])):
        stem, made_of = _verb_stem(verb[1])
        return Reading(stem, made_of, True)
    if noun:
        return Reading(noun[1], None if noun[1] in PRONOUNS else noun[1], False)
    return Reading(w, w, False)


@lru_cache(maxsize=16384)
def content_morphemes(eojeol: str) -> frozenset[str]:
    """The content morphemes of one Korean word ('주유소를' -> {'주유소'}, '찾았어요' ->
    {'찾'}, '안내할게요' -> {'안내'}); none for function words and EMPTY stems."""
    r = _read_word(eojeol)
    dropped = NOT_CONTENT_STEMS if r.verb else FUNCTION
    if not r.stem or r.stem in EMPTY or r.stem in dropped:
        return frozenset()
    return frozenset({r.stem})


@lru_cache(maxsize=16384)
def without_particles(eojeol: str) -> str:
    """A Korean word without its particles and endings ('스타벅스로' -> '스타벅스',
    '선릉점이에요' -> '선릉점'); the word itself when nothing leads it but endings."""
    return _read_word(eojeol).name or eojeol
