"""Offline speech-level rewriter: swap each sentence's final ending with Kiwi's morpheme joining.

For each sentence the verifier's final ending is located; the word that carries it is re-joined by
Kiwi (`Kiwi.join`, which handles vowel harmony, contraction and 습니다/ㅂ니다) with an ending of the
target level chosen by sentence mood:

| mood        | hae             | haeyo               | hapsyo          |
|-------------|-----------------|---------------------|-----------------|
| declarative | 어 (다, 지, 네…) | 어요 (죠, 네요, 군요…) | ㅂ니다/습니다      |
| question    | 어?, 니?, ㄹ까?   | 어요?, 나요?, ㄹ까요?  | ㅂ니까/습니까      |
| imperative  | 어              | 세요                 | (으)십시오         |
| propositive | 자              | 어요                 | ㅂ시다/읍시다      |
| copula 이다  | 야 / 이야        | 예요 / 이에요          | 입니다 / 입니까    |
| noun + 요    | noun            | noun 요              | noun 입니다       |

Mood comes from the ending itself (자/ㅂ시다 propositive, ㅂ시오/세요/어라 imperative, ㅂ니까/니/냐/
ㄹ까 question) and a '?' after it. Sentences whose level is `unknown`, or already at the target, are
left alone; text before the final word and everything after the ending (punctuation, emoji,
quotes) is kept verbatim. Endings with no hapsyo counterpart in this table (e.g. 가자고요, 해서요)
are left unchanged, so the verifier reports them.
"""

from __future__ import annotations

from enum import StrEnum

from icatest.locar.honorifics.classifier import analyze, verify
from icatest.locar.honorifics.endings import YO_FORMS, FinalEnding, final_ending
from icatest.locar.honorifics.levels import Level, Rewrite
from icatest.locar.honorifics.morphs import Morph, Sentence, join, split_sentences


class Mood(StrEnum):
    DECLARATIVE = "declarative"
    QUESTION = "question"
    IMPERATIVE = "imperative"
    PROPOSITIVE = "propositive"


_PROPOSITIVE = frozenset({"자", "ㅂ시다", "읍시다"})
_IMPERATIVE = frozenset({"어라", "아라", "라", "렴", "으렴", "ㅂ시오", "십시오", "읍시오", "세요"})
_IMPERATIVE |= frozenset({"으세요", "셔요"})
_QUESTION = frozenset({"ㅂ니까", "습니까", "니", "냐", "느냐", "으냐", "나요", "가요", "ㄴ가요"})
_QUESTION |= frozenset({"ㄴ가", "은가", "는가"})
_QUESTION |= frozenset({"ㄹ까", "을까", "ㄹ까요", "을까요", "ㄹ래", "을래", "ㄹ래요", "을래요"})
_YO_QUESTION_EF = frozenset({"ㄴ가", "은가", "는가", "나"})
_HONORIFIC_ENDINGS = frozenset({"세요", "으세요", "셔요", "십시오", "으십시오"})
_FUTURE_STATEMENT = frozenset({"ㄹ게", "을게", "ㄹ게요", "을게요"})
_FUTURE_QUESTION = frozenset({"ㄹ까", "을까", "ㄹ까요", "을까요"})
_FUTURE_QUESTION |= frozenset({"ㄹ래", "을래", "ㄹ래요", "을래요"})
# hae form -> haeyo form, for endings whose polite form is the hae form + 요 (or 죠).
_HAE_TO_HAEYO = {
    f: f + "요"
    for f in (
        "네", "군", "는군", "ㄹ게", "을게", "ㄹ까", "을까", "ㄹ래", "을래", "거든", "잖아",
        "는데", "ㄴ데", "은데", "던데", "나", "ㄴ가", "는가", "어", "아",
        "대", "ㄴ대", "는대", "래",
    )
} | {"지": "죠", "구나": "군요", "는구나": "는군요"}  # fmt: skip
_HAEYO_TO_HAE = {v: k for k, v in _HAE_TO_HAEYO.items() if k not in ("구나", "는구나")} | {
    "지요": "지",
    "세요": "어",
    "으세요": "어",
    "셔요": "어",
}
_NOUN_TAGS = frozenset({"NNG", "NNP", "NNB", "NR", "NP", "SN", "XSN", "SL"})

Morphs = list[tuple[str, str]]


def _mood(form: str, trailing: str, stem: Morphs) -> Mood:
    if "?" in trailing or form in _QUESTION:
        return Mood.QUESTION
    if form in ("어", "아") and stem and stem[-1][0] == "주" and stem[-1][1].startswith("VX"):
        return Mood.IMPERATIVE  # 닫아 줘 / 찾아 줘: a request
    if form in _PROPOSITIVE:
        return Mood.PROPOSITIVE
    if form in _IMPERATIVE:
        return Mood.IMPERATIVE
    return Mood.DECLARATIVE


def _hae(form: str, mood: Mood) -> Morphs:
    if mood is Mood.PROPOSITIVE:
        return [("자", "EF")]
    if mood is Mood.IMPERATIVE:
        return [("어", "EF")]
    if form in _HAEYO_TO_HAE:
        return [(_HAEYO_TO_HAE[form], "EF")]
    if form.endswith("죠") or form.endswith("지요"):  # 어야죠 -> 어야지
        return [(form.removesuffix("요").removesuffix("죠") + "지", "EF")]
    return [("어", "EF")]


def _haeyo(form: str, mood: Mood) -> Morphs:
    if mood is Mood.IMPERATIVE:
        return [("세요", "EF")]
    if mood is Mood.PROPOSITIVE:
        return [("어요", "EF")]
    if form in _HAE_TO_HAEYO:
        return [(_HAE_TO_HAEYO[form], "EF")]
    if form.endswith("지") and len(form) > 1:  # 어야지 -> 어야죠
        return [(form[:-1] + "죠", "EF")]
    return [("어요", "EF")]


def _hapsyo(form: str, mood: Mood) -> Morphs:
    if form.startswith(("어야", "아야")) and mood is not Mood.QUESTION:  # 가야죠 -> 가야 합니다
        return [("어야", "EC"), ("하", "VX"), ("ㅂ니다", "EF")]
    if form in _FUTURE_STATEMENT:
        return [("겠", "EP"), ("ㅂ니다", "EF")]
    if form in _FUTURE_QUESTION:
        return [("겠", "EP"), ("ㅂ니까", "EF")]
    if mood is Mood.IMPERATIVE:
        return [("시", "EP"), ("ㅂ시오", "EF")]
    if mood is Mood.PROPOSITIVE:
        return [("ㅂ시다", "EF")]
    if mood is Mood.QUESTION:
        return [("ㅂ니까", "EF")]
    return [("ㅂ니다", "EF")]


def _new_ending(form: str, mood: Mood, target: Level) -> Morphs:
    if target is Level.HAE:
        return _hae(form, mood)
    if target is Level.HAEYO:
        return _haeyo(form, mood)
    ending = _hapsyo(form, mood)
    if form in _HONORIFIC_ENDINGS and ending[0][0] != "시":
        return [("시", "EP"), *ending]  # keep the subject honorific that 세요 carried
    return ending


def _join_copula(stem: Morphs, mood: Mood, target: Level) -> str:
    """이다/아니다 need the 예요/이에요 choice Kiwi's join does not make."""
    if target is Level.HAPSYO:
        return join([*stem, ("ㅂ니까" if mood is Mood.QUESTION else "ㅂ니다", "EF")])
    plain = join([*stem, ("야", "EF")])
    if target is Level.HAE:
        return plain
    if stem[-1][1] == "VCN":
        return plain[:-1] + "에요"
    return plain[:-2] + "이에요" if plain.endswith("이야") else plain[:-1] + "예요"


def _word_start(morphs: tuple[Morph, ...], index: int) -> int:
    start = index
    while start > 0 and morphs[start - 1].word == morphs[index].word:
        start -= 1
    return start


def _rewrite_verbal(s: Sentence, core: int, trailing: str, target: Level) -> str:
    morphs = s.morphs
    start = _word_start(morphs, core)
    form = morphs[core].norm
    stem: Morphs = [(m.form, m.tag) for m in morphs[start:core]]
    mood = _mood(form, trailing, stem)
    if stem[-2:] == [("계", "NNG"), ("이", "VCP")]:  # Kiwi reads 계세요 as 계/NNG + 이/VCP
        stem = [*stem[:-2], ("계시", "VV")]
    if not stem and target is Level.HAPSYO:  # a detached ending ('나가시는 군요')
        raise _NoRewrite
    if stem and stem[-1][1] in ("VCP", "VCN"):
        word = _join_copula(stem, mood, target)
    else:
        ending = _new_ending(form, mood, target)
        adds_honorific = ending[0][0] == "시" or ending[0][0] == "세요"
        drops_honorific = target is Level.HAE and mood is Mood.IMPERATIVE
        if stem and stem[-1] == ("시", "EP") and (adds_honorific or drops_honorific):
            stem = stem[:-1]
        word = join([*stem, *ending])
    return s.text[: morphs[start].start] + word + trailing


def _rewrite_yo(s: Sentence, yo: int, trailing: str, target: Level) -> str:
    """Sentences ending in 요 after a noun, particle or ending (커피요, 가자고요, 잠깐만요)."""
    morphs = s.morphs
    before = s.text[: morphs[yo].start]
    if target is Level.HAE:
        return before.rstrip() + trailing
    core = morphs[yo - 1] if yo > 0 else None
    if core is None or core.base not in _NOUN_TAGS:
        raise _NoRewrite
    start = _word_start(morphs, yo - 1)
    stem: Morphs = [(m.form, m.tag) for m in morphs[start:yo]]
    mood = Mood.QUESTION if "?" in trailing else Mood.DECLARATIVE
    word = _join_copula([*stem, ("이", "VCP")], mood, Level.HAPSYO)
    return s.text[: morphs[start].start] + word + trailing


class _NoRewrite(Exception):
    """The sentence's ending has no counterpart at the target level in this rewriter."""


def _rewrite_interjection(s: Sentence, last: Morph, trailing: str, target: Level) -> str:
    """아니요 -> 아니 / 아닙니다; other 요-interjections only lose their 요 for hae."""
    if target is Level.HAE:
        return s.text[: last.start] + last.form.removesuffix("요") + trailing
    if last.form == "아니요" and target is Level.HAPSYO:
        return s.text[: last.start] + "아닙니다" + trailing
    raise _NoRewrite


def _rewrite_with(s: Sentence, ending: FinalEnding, target: Level) -> str:
    last = s.morphs[ending.index]
    trailing = s.text[last.end :]
    if last.base == "IC":
        return _rewrite_interjection(s, last, trailing, target)
    if last.norm in YO_FORMS and ending.index > 0 and s.morphs[ending.index - 1].base != "EF":
        return _rewrite_yo(s, ending.index, trailing, target)
    if last.norm == "요" and last.base == "JX":  # EF + 요/JX, e.g. 간대요, 가자고요
        if target is Level.HAE:
            return s.text[: last.start] + trailing
        if s.morphs[ending.index - 1].norm in _YO_QUESTION_EF:  # 가까운가요 -> 가깝습니까
            return _rewrite_verbal(s, ending.index - 1, trailing, target)
        raise _NoRewrite  # quoted/hearsay endings (가자고요, 간대요) have no simple 합쇼체 form
    return _rewrite_verbal(s, ending.index, trailing, target)


def rewrite_sentence(s: Sentence, target: Level) -> str | None:
    """The sentence at the target level, or None when it is left unchanged."""
    ending = final_ending(s.morphs)
    if ending is None or ending.level in (Level.UNKNOWN, target):
        return None
    try:
        return _rewrite_with(s, ending, target)
    except _NoRewrite:
        return None


def rewrite(text: str, level: Level | str) -> Rewrite:
    """Rewrite every sentence of a response to the target level; the verifier judges the result."""
    target = Level(level)
    if target is Level.UNKNOWN:
        raise ValueError("cannot rewrite to the 'unknown' level")
    out, changed, cursor = [], 0, 0
    for s in split_sentences(text):
        new = rewrite_sentence(s, target)
        out.append(text[cursor : s.start])
        out.append(s.text if new is None else new)
        cursor = s.start + len(s.text)
        changed += new is not None and new != s.text
    out.append(text[cursor:])
    result = "".join(out)
    return Rewrite(
        text=result,
        level=target,
        ok=verify(result, target).ok,
        sentences=analyze(result),
        changed=changed,
    )
