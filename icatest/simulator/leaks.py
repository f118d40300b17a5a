"""What a simulated driver must never say aloud: goal ids, failure labels, probe names, and any
word of testing. A model simulator sees them in its bookkeeping (ids for the JSON fields, the
judge's feedback), so its utterances are checked and, if still leaking after one retry, scrubbed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from icatest.contracts.labels import FailureMode

# words that give the test away; matched as whole phrases, case-insensitive
TESTING_PHRASES = (
    r"test(?:ing|ed)? (?:you|the assistant|the system|your)",
    r"this is (?:a|just a|only a) test",
    r"(?:a|the|this) probe",
    r"probing",
    r"evaluat(?:e|ing|ion of) (?:you|the assistant)",
    r"judge(?:'s)? feedback",
    r"failure (?:mode|label)s?",
    r"테스트",
)


def _term_patterns(target_ids: Iterable[str], strategy_names: Iterable[str]) -> list[str]:
    names = [m.value for m in FailureMode] + list(strategy_names)
    spaced = [n.replace("_", " ") for n in names]
    ids = [re.escape(i) for i in target_ids]
    words = [re.escape(w) for w in (*names, *spaced)]
    return [*(rf"\b{i}\b" for i in ids), *(rf"\b{w}\b" for w in words), *TESTING_PHRASES]


@lru_cache(maxsize=1)
def _fixed() -> re.Pattern[str]:
    """The terms every conversation forbids (labels, testing), joined: read in one pass."""
    return re.compile("|".join(f"(?:{p})" for p in _term_patterns((), ())), re.I)


@lru_cache(maxsize=4096)
def _compiled(regex: str) -> re.Pattern[str]:
    return re.compile(regex, re.I)


def leaked_terms(
    utterance: str, target_ids: Iterable[str], strategy_names: Iterable[str] = ()
) -> list[str]:
    """The forbidden terms found in `utterance`, as they appear there (empty: clean)."""
    ids, names = tuple(target_ids), tuple(strategy_names)
    own = [rf"\b{re.escape(w)}\b" for w in (*ids, *names, *(n.replace("_", " ") for n in names))]
    if not _fixed().search(utterance) and not any(_compiled(p).search(utterance) for p in own):
        return []  # the usual case: a clean utterance
    found: list[str] = []
    for pattern in _term_patterns(ids, names):
        for m in _compiled(pattern).finditer(utterance):
            if m.group(0) not in found:
                found.append(m.group(0))
    return found


def scrub(utterance: str, target_ids: Iterable[str], strategy_names: Iterable[str] = ()) -> str:
    """Drop goal ids (with brackets or 'goal' words around them) and every sentence that still
    names a label, a probe or testing; '' when nothing honest is left."""
    text = utterance
    for tid in target_ids:
        pattern = rf"\s*[(\[]?(?:goal|target)?\s*\b{re.escape(tid)}\b[)\]]?"
        text = re.sub(pattern, "", text, flags=re.I)
    sentences = re.split(r"(?<=[.!?。])\s+", text)
    kept = [x for x in sentences if not leaked_terms(x, (), strategy_names)]
    text = " ".join(kept)
    text = re.sub(r"\s+([,.!?])", r"\1", text)
    return re.sub(r"\s{2,}", " ", text).strip(" ,:")


COPY_WINDOW = 5  # this many words of an example in a row, in order, is a copy, not a paraphrase
_QUOTED = re.compile(r"[\"“]([^\"”]{8,})[\"”]")


def examples_of(*texts: str) -> list[str]:
    """The quoted examples inside instructions ('... without repeating it ("the place you found
    earlier")'): a data folder's strategy may still carry them in its `driver_move`."""
    return [m.group(1) for text in texts for m in _QUOTED.finditer(text)]


def _words(text: str) -> list[str]:
    return re.findall(r"[\w']+", text.lower())


def copied_example(utterance: str, examples: Iterable[str]) -> str | None:
    """The probe example `utterance` repeats word for word (COPY_WINDOW words in a row, or the
    whole example when it is shorter), or None. A model simulator shown an example tends to say
    it back; the assistant then meets the prompt's words, not a driver's."""
    said = " " + " ".join(_words(utterance)) + " "
    for example in examples:
        words = _words(example)
        if len(words) < 3:
            continue
        size = min(COPY_WINDOW, len(words))
        for i in range(len(words) - size + 1):
            if " " + " ".join(words[i : i + size]) + " " in said:
                return example
    return None
