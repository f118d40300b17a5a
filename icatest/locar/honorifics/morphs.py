"""Kiwi access and sentence-level morpheme helpers shared by the verifier, rewriter and fragmenter.

Kiwi takes about a second to construct, so one instance is created lazily and shared
(`get_kiwi`). kiwipiepy is imported inside functions so importing this module (and the CLI) stays
fast. Kiwi writes the consonants that start endings as jongseong jamo (U+11A8..U+11C2, e.g.
'ᆸ니다'), or as compatibility jamo ('ㅂ니다') with `compatible_jamo=True`; `normalize_form`
maps both spellings to compatibility jamo so the ending tables are written once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kiwipiepy import Kiwi

# Jongseong (final consonant) jamo U+11A8..U+11C2 -> compatibility jamo, in Unicode order.
_JONG_TO_COMPAT = dict(
    zip(
        (chr(c) for c in range(0x11A8, 0x11C3)),
        "ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ",
        strict=True,
    )
)
_COMPAT_TO_JONG = {v: k for k, v in _JONG_TO_COMPAT.items()}

# Tags that carry no speech level: punctuation, symbols, foreign words, numbers, emoji, URLs...
_SKIPPABLE_PREFIXES = ("S", "W_", "UN")


@cache
def get_kiwi() -> Kiwi:
    """The one shared Kiwi instance (constructed on first use; the model ships with kiwipiepy)."""
    from kiwipiepy import Kiwi

    return Kiwi()


def normalize_form(form: str) -> str:
    """Write ending jamo as compatibility jamo ('ᆸ니다' -> 'ㅂ니다')."""
    return "".join(_JONG_TO_COMPAT.get(ch, ch) for ch in form)


def kiwi_form(form: str) -> str:
    """Inverse of normalize_form for a leading consonant, the spelling Kiwi.join expects."""
    if form and form[0] in _COMPAT_TO_JONG:
        return _COMPAT_TO_JONG[form[0]] + form[1:]
    return form


def base_tag(tag: str) -> str:
    """Drop Kiwi's irregular-conjugation suffix ('VA-I' -> 'VA')."""
    return tag.split("-", 1)[0]


@dataclass(frozen=True)
class Morph:
    """One morpheme with its character span in the sentence text."""

    form: str
    tag: str
    start: int
    end: int
    word: int

    @property
    def norm(self) -> str:
        return normalize_form(self.form)

    @property
    def base(self) -> str:
        return base_tag(self.tag)

    @property
    def skippable(self) -> bool:
        return self.tag.startswith(_SKIPPABLE_PREFIXES)


@dataclass(frozen=True)
class Sentence:
    """A sentence: its exact text and its morphemes (spans relative to `text`)."""

    text: str
    morphs: tuple[Morph, ...]
    start: int = 0

    @property
    def has_content(self) -> bool:
        return any(not m.skippable for m in self.morphs)


def _morphs(tokens: Any, offset: int) -> tuple[Morph, ...]:
    return tuple(
        Morph(t.form, t.tag, t.start - offset, t.start - offset + t.len, t.word_position)
        for t in tokens
    )


def split_sentences(text: str) -> list[Sentence]:
    """Split with Kiwi; a symbol-only piece (trailing emoji, '...') joins the sentence before."""
    sentences: list[Sentence] = []
    for sent in get_kiwi().split_into_sents(text, return_tokens=True):
        piece = Sentence(sent.text, _morphs(sent.tokens, sent.start), sent.start)
        if sentences and not piece.has_content:
            prev = sentences[-1]
            sentences[-1] = Sentence(text[prev.start : sent.end], prev.morphs, prev.start)
        else:
            sentences.append(piece)
    return sentences


def analyze_sentence(text: str) -> Sentence:
    """Morphemes of one sentence (no splitting), spans relative to `text`."""
    tokens = get_kiwi().tokenize(text)
    return Sentence(text, _morphs(tokens, 0))


def join(morphs: list[tuple[str, str]]) -> str:
    """Kiwi's morpheme joining (vowel harmony, contraction, 습니다/ㅂ니다 ...) of ONE word.

    Every morpheme is marked attached (detached=False) so Kiwi inserts no space inside the word.
    """
    return str(get_kiwi().join([(kiwi_form(f), t, False) for f, t in morphs]))
