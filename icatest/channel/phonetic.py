"""Phonetic neighbours from the CMU pronouncing dictionary (the `pronouncing` package).

Two words are neighbours when their pronunciations (stress marks dropped) differ in exactly one
phone: "fifteen"/"fifty" are not, "bake"/"make" are. The index maps each pronunciation with one
phone masked to the words that share it; built once per process (about a second), then a lookup
is a few dictionary reads.
"""

from __future__ import annotations

import re
from functools import cache

_STRESS = re.compile(r"\d")
_WORD = re.compile(r"^[a-z]+$")
MASK = "_"


def _phones(pron: str) -> tuple[str, ...]:
    return tuple(_STRESS.sub("", pron).split())


@cache
def _index() -> tuple[dict[str, tuple[str, ...]], dict[tuple[str, ...], tuple[str, ...]]]:
    import pronouncing

    pronouncing.init_cmu()
    first: dict[str, tuple[str, ...]] = {}
    for word, pron in pronouncing.pronunciations:
        if _WORD.match(word) and word not in first:
            first[word] = _phones(pron)
    masked: dict[tuple[str, ...], list[str]] = {}
    for word, phones in first.items():
        for i in range(len(phones)):
            masked.setdefault(phones[:i] + (MASK,) + phones[i + 1 :], []).append(word)
    return first, {k: tuple(v) for k, v in masked.items()}


def known(word: str) -> bool:
    return word.lower() in _index()[0]


@cache
def neighbours(word: str) -> tuple[str, ...]:
    """Words that sound one phone away from `word` (sorted; empty when it is not in the
    dictionary). Short words have many, so the model prefers neighbours of similar length."""
    first, masked = _index()
    w = word.lower()
    phones = first.get(w)
    if phones is None:
        return ()
    found: set[str] = set()
    for i in range(len(phones)):
        found.update(masked.get(phones[:i] + (MASK,) + phones[i + 1 :], ()))
    found.discard(w)
    return tuple(sorted(n for n in found if abs(len(n) - len(w)) <= 2))


def warm() -> None:
    """Build the index now (a bench or a campaign's start, not the first turn)."""
    _index()
