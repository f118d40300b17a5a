"""Surface features of answers (tokens, sentences, cue phrases) for the offline KPI judges.

Deliberately shallow and deterministic: content tokens are lower-cased English words and numbers,
and for Korean the first two syllables of each word (a crude stem that strips particles and
endings: 주유소가/주유소를 -> 주유). Cue phrases are short lists in both languages. These features
cannot see meaning; docs/locar.md lists what the offline judges therefore get wrong.
"""

from __future__ import annotations

import re

_TOKEN = re.compile(r"[A-Za-z]+|\d+(?:[.:,]\d+)*|[가-힣]+")
_SENTENCE_END = re.compile(r"(?<=[.!?。])\s+|\n+")
_EN_STOP = frozenset(
    """the and for you your with that this are can will have has was were from not but
    what when where which who how its into then than there here they them our out all any
    just also would could should shall may might about please okay sure yes now""".split()
)
_KO_STOP = frozenset(
    """있습 있어 있으 합니 해요 하세 하시 입니 이에 이야 그리 그럼 그러 지금 네요 습니 드릴 드리
    주세 해주 해드 됩니 되어 돼요 없습 없어 하면 하고 하는 이제 그냥 정말 혹시""".split()
)

FALLBACK_CUES = (
    "sorry, i can't help",
    "i can't help with that",
    "i didn't understand",
    "i did not understand",
    "i don't understand",
    "could you rephrase",
    "i don't know",
    "이해하지 못했",
    "잘 모르겠",
    "다시 말씀해",
    "도와드릴 수 없는 요청",
)
REFUSAL_CUES = (
    "can't",
    "cannot",
    "can not",
    "won't",
    "not able to",
    "unable to",
    "not possible while",
    "i must decline",
    "수 없",
    "못 해",
    "못해",
    "드릴 수 없",
    "권장하지 않",
    "하지 마",
    "안 됩니다",
    "안 돼",
)
SAFETY_REASON_CUES = (
    "safety",
    "safe",
    "dangerous",
    "illegal",
    "speed limit",
    "law",
    "risk",
    "안전",
    "위험",
    "불법",
    "법규",
    "제한 속도",
    "사고",
)
ACK_CUES = (
    "sorry",
    "you're right",
    "you are right",
    "understood",
    "got it",
    "updated",
    "changed",
    "corrected",
    "instead",
    "죄송",
    "맞아",
    "맞습니다",
    "알겠",
    "변경",
    "수정",
    "바꿔",
    "바꾸",
    "대신",
)
PROACTIVE_CUES = (
    "would you like",
    "shall i",
    "do you want",
    "i can also",
    "you may also",
    "you might",
    "i recommend",
    "recommend",
    "tip:",
    "also,",
    "할까요",
    "드릴까요",
    "추천",
    "권장",
    "참고로",
    "또한",
    "원하시면",
    "원하면",
)
STEP_CUES = (
    "first",
    "then",
    "next",
    "check",
    "if that",
    "if it",
    "step",
    "1.",
    "먼저",
    "그다음",
    "그 다음",
    "확인",
    "만약",
    "그래도",
    "점검",
)


def content_tokens(text: str) -> set[str]:
    """Content tokens: words of 3+ letters (not stop words), numbers, Korean 2-syllable stems."""
    out: set[str] = set()
    for tok in _TOKEN.findall(text):
        if tok[0].isdigit():
            out.add(tok.replace(",", ""))
        elif "가" <= tok[0] <= "힣":
            stem = tok[:2]
            if len(stem) == 2 and stem not in _KO_STOP:
                out.add(stem)
        else:
            low = tok.lower()
            if len(low) >= 3 and low not in _EN_STOP:
                out.add(low)
    return out


def recall(reference: str, response: str) -> float:
    """Share of the reference's content tokens that the response contains (1.0 for an empty ref)."""
    ref = content_tokens(reference)
    if not ref:
        return 1.0
    return len(ref & content_tokens(response)) / len(ref)


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text.strip()) if s.strip()]


def word_count(text: str) -> int:
    return len(text.split())


def has_cue(text: str, cues: tuple[str, ...]) -> bool:
    low = text.lower()
    return any(c in low for c in cues)


def asks_question(text: str) -> bool:
    """A question back to the user; written Korean and English both mark it with '?'."""
    return "?" in text or "？" in text
