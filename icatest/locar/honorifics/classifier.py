"""Speech-level verifier: classify each sentence of a response and judge it against a target.

High precision by design: a response fails only when some sentence is clearly of another level;
sentences whose ending does not reveal a level (`unknown`) never fail it.
"""

from __future__ import annotations

from icatest.locar.honorifics.endings import final_ending
from icatest.locar.honorifics.levels import Level, SentenceLevel, Verification, Violation
from icatest.locar.honorifics.morphs import Sentence, analyze_sentence, split_sentences


def level_of(sentence: Sentence) -> SentenceLevel:
    """Level of an already analysed sentence."""
    ending = final_ending(sentence.morphs)
    if ending is None:
        return SentenceLevel(text=sentence.text, level=Level.UNKNOWN)
    return SentenceLevel(
        text=sentence.text, level=ending.level, ending=ending.label(sentence.morphs)
    )


def classify_sentence(text: str) -> Level:
    """Level of one sentence's final ending (the text is not split further)."""
    return level_of(analyze_sentence(text)).level


def analyze(text: str) -> list[SentenceLevel]:
    """Split a response into sentences and classify each one."""
    return [level_of(s) for s in split_sentences(text) if s.text.strip()]


POLITE = (Level.HAEYO, Level.HAPSYO)


def verify(text: str, level: Level | str, *, mixed_polite: bool = False) -> Verification:
    """Judge a response against a target level: any sentence clearly of another level fails it.

    `mixed_polite`: for a polite target (haeyo or hapsyo) accept sentences in either polite
    level, as spoken Korean service language mixes 해요체 and 합쇼체."""
    target = Level(level)
    accepted = {Level.UNKNOWN, target}
    if mixed_polite and target in POLITE:
        accepted.update(POLITE)
    sentences = analyze(text)
    violations = [
        Violation(index=i, text=s.text, level=s.level, expected=target, ending=s.ending)
        for i, s in enumerate(sentences)
        if s.level not in accepted
    ]
    return Verification(ok=not violations, level=target, sentences=sentences, violations=violations)
