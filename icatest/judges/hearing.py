"""Judging against intent on a garbled turn (docs/engine.md, "The rubric": misheard input).

Works after any turn judge, which judges the reply against what the driver meant (`user`).
When the channel changed the words (wer > 0):

* a reply that asks the driver to confirm or repeat is correct: the compliance findings a
  question draws (the request was not carried out yet) are dropped, the turn is `recovered`;
* a reply that acted on the wrong reading keeps its compliance findings, judged against the
  actual request, with the cause `misheard`: the turn is `misheard`. A reading is wrong when a
  word that carries the request (a word of an addressed target's description or slots: a
  destination, a number, a time) did not come through;
* otherwise the assistant coped, or failed for reasons of its own (`tolerated`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from icatest.contracts.labels import FailureMode, FindingCause, HearingOutcome
from icatest.contracts.records import TurnVerdict

# what acting on a wrong reading shows up as (the rubric's words for it)
MISHEARD_LABELS = frozenset(
    {
        FailureMode.IRRELEVANT_RESPONSE,
        FailureMode.REQUEST_OMITTED,
        FailureMode.CONSTRAINT_MISSED,
        FailureMode.FALLBACK_RESPONSE,
    }
)
# what a confirming or repeat-asking reply is wrongly charged with by a judge that missed it
QUESTION_LABELS = frozenset({*MISHEARD_LABELS, FailureMode.AMBIGUITY_UNRESOLVED})
_CONFIRM = re.compile(
    r"did you (say|mean)|do you mean|you mean\b|just to confirm|to confirm\b|"
    r"(could|can) you (please )?(repeat|say (that|it) again)|"
    r"(didn'?t|did not|couldn'?t|could not) (quite )?(catch|hear|understand) (that|you|it)|"
    r"(sorry|pardon)\b.{0,20}\?|is that (right|correct)\?|"
    r"말씀하신 (게|것이) 맞|맞(나요|습니까|아|으세요)\?|다시 (한 ?번 )?말씀|다시 말해|잘 못 들었",
    re.IGNORECASE,
)


_WORDS = re.compile(r"[^\W_]+")
STOP_WORDS = frozenset(
    "a an the to of in on at by for with and or me my i you your please that this is it "
    "find take set turn get go near from then also one more thing about".split()
)


def asks_to_confirm(reply: str) -> bool:
    """The reply asks the driver to confirm what it heard, or to say it again."""
    return "?" in reply and _CONFIRM.search(reply) is not None


def lost_words(spoken: str, heard: str, carriers: Iterable[str]) -> set[str]:
    """The request-carrying words of `spoken` that `heard` lacks (`carriers`: the texts of the
    addressed targets; none given: every word longer than three letters carries)."""
    said, got = set(_WORDS.findall(spoken.lower())), set(_WORDS.findall(heard.lower()))
    keys = {w for text in carriers for w in _WORDS.findall(text.lower())}
    keys = keys - STOP_WORDS if keys else {w for w in said if len(w) > 3 and w not in STOP_WORDS}
    return (said - got) & keys


def judge_hearing(
    verdict: TurnVerdict,
    wer: float,
    reply: str | None,
    *,
    spoken: str = "",
    heard: str = "",
    carriers: Iterable[str] = (),
) -> tuple[TurnVerdict, HearingOutcome | None]:
    """The verdict judged against intent, and what became of the garbled turn (None: the
    assistant heard the words as said, or gave no reply)."""
    if wer <= 0 or reply is None:
        return verdict, None
    if asks_to_confirm(reply):
        kept = [f for f in verdict.findings if f.label not in QUESTION_LABELS]
        return verdict.model_copy(update={"findings": kept}), HearingOutcome.RECOVERED
    if not verdict.scored:
        return verdict, None
    if not lost_words(spoken, heard, carriers):
        return verdict, HearingOutcome.TOLERATED
    misheard = False
    findings = []
    for f in verdict.findings:
        if f.label in MISHEARD_LABELS:
            f = f.model_copy(update={"cause": FindingCause.MISHEARD})
            misheard = True
        findings.append(f)
    if misheard:
        return verdict.model_copy(update={"findings": findings}), HearingOutcome.MISHEARD
    return verdict, HearingOutcome.TOLERATED
