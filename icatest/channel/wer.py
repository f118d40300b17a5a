"""Word error rate of what was heard against what was said (jiwer), on normalised words.

English is scored on words (lower case, punctuation dropped); Korean on syllables (Hangul
spacing is loose, so a spacing slip is no error and a changed syllable is one), and says so.
"""

from __future__ import annotations

import re

_PUNCT = re.compile(r"[^\w\s']+")
_SPACE = re.compile(r"\s+")


def words(text: str) -> list[str]:
    return _SPACE.sub(" ", _PUNCT.sub(" ", text.lower())).split()


def syllables(text: str) -> list[str]:
    return [ch for ch in _PUNCT.sub("", text) if not ch.isspace()]


def tokens(text: str, language: str) -> list[str]:
    return syllables(text) if language == "ko" else words(text)


def error_rate(spoken: str, heard: str, language: str = "en") -> float:
    """Errors (substitutions + deletions + insertions) per spoken token; 0.0 when identical."""
    ref, hyp = tokens(spoken, language), tokens(heard, language)
    if ref == hyp:
        return 0.0
    if not ref:
        return float(len(hyp))
    import jiwer

    return float(jiwer.wer(" ".join(ref), " ".join(hyp) or "<empty>"))


def unit(language: str) -> str:
    """What the rate counts: 'word' or 'syllable'."""
    return "syllable" if language == "ko" else "word"
