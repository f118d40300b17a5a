"""Checks of a driver turn for the simulator's own mistakes (DESIGN.md "simulator fault"), read
from the utterance and the simulator's declarations, no model. Each is precise before it is
complete: it fires on plain evidence only (docs/engine.md, "Simulator faults").

* empty: nothing a driver says (no word at all, e.g. "..." or a lone emoji);
* wrong_language: most letters are not in the driver's script (Hangul for Korean drivers, Latin
  for English ones);
* contradicted_goal: the utterance asks about a goal the driver gave up in an earlier turn,
  without taking the drop back in words the simulator declares (it asks again for what it said
  it no longer wants);
* restart: a later turn starts the conversation over: it repeats the opening utterance word for
  word, or greets again and restates most of the opening as if it had not been said.

Leaked ids, labels and probe names (leaks.py), unsaid constraints (voicing.py) and copied probe
examples are found where they are repaired.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from icatest.contracts.labels import SimulatorFaultKind, TargetStatus
from icatest.contracts.records import SimulatorFault, Target, TurnRecord
from icatest.simulator.schema import SimulatorTurn

HANGUL = re.compile(r"[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")
LATIN = re.compile(r"[A-Za-z\u00c0-\u024f]")
MIN_LETTERS = 4  # fewer letters than this say nothing about the language
GREETING = re.compile(
    r"^\W*(?:hi|hello|hey there|good (?:morning|afternoon|evening)|greetings|안녕하세요|안녕)\b",
    re.I,
)


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def is_empty(utterance: str) -> bool:
    return re.search(r"\w", utterance) is None


def language_share(utterance: str, language: str) -> float | None:
    """Share of the utterance's letters in the driver's script (None: too few letters)."""
    letters = "".join(filter(str.isalpha, utterance))
    if len(letters) < MIN_LETTERS:
        return None
    script = HANGUL if language == "ko" else LATIN  # one character each: a count of letters
    return len(script.findall(letters)) / len(letters)


REFERS_BACK = re.compile(
    r"\b(?:again|still|before|earlier|already|as i said|i asked|same)\b|다시|아까|아직", re.I
)
RESTATED = 0.6  # share of the opening's words a greeting turn says again to count as a restart


def restart_evidence(turn: int, utterance: str, history: Sequence[TurnRecord]) -> str | None:
    """What shows that turn `turn` starts the conversation over, or None: the opening said
    again word for word, or a greeting that says most of the opening's words again without
    referring back to them ("again", "still", "as I said"). A greeting alone is a persona's
    manner; a goal asked again is a push."""
    if turn == 0 or not history:
        return None
    said, opening = _words(utterance), _words(history[0].user)
    if said == opening:
        return "repeats the opening utterance"
    first = set(opening.split())
    if GREETING.match(utterance) and len(first) >= 3 and not REFERS_BACK.search(utterance):
        share = len(first & set(said.split())) / len(first)
        if share >= RESTATED:
            return f"greets again and restates {share:.0%} of the opening's words"
    return None


def turn_faults(
    *,
    turn: int,
    language: str,
    value: SimulatorTurn,
    history: Sequence[TurnRecord],
    targets: Sequence[Target],
) -> list[SimulatorFault]:
    """The faults of one checked driver turn that the other checks do not find."""
    utterance = value.utterance
    if is_empty(utterance):
        return [SimulatorFault(kind=SimulatorFaultKind.EMPTY, detail=f"says {utterance!r}")]
    faults: list[SimulatorFault] = []
    share = language_share(utterance, language)
    if share is not None and share < 0.5:
        faults.append(SimulatorFault(
            kind=SimulatorFaultKind.WRONG_LANGUAGE,
            detail=f"{share:.0%} of its letters are in the script of {language!r}",
        ))
    dropped = {t.id: t for t in targets if t.status == TargetStatus.DROPPED}
    for tid in value.addressed_target_ids:
        if tid in dropped and tid not in value.dropped_target_ids:
            faults.append(SimulatorFault(
                kind=SimulatorFaultKind.CONTRADICTED_GOAL, target_id=tid,
                detail=f"asks again for a goal given up at an earlier turn: "
                f"{dropped[tid].description!r}",
            ))
    why = restart_evidence(turn, utterance, history)
    if why:
        faults.append(SimulatorFault(kind=SimulatorFaultKind.RESTART, detail=why))
    return faults
