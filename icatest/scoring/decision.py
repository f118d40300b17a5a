"""The decision rule: a conversation passes only on evidence (docs/engine.md, "Decision rule").

* `pass` needs every judgement scored: each turn's verdict (an assistant reply that failed to
  arrive is a missing judgement too; a target the turn judge abstained on, `uncertain`, is missing
  unless a later verdict completed it) and the conversation verdict, and C >= θ.
* `fail` needs C < θ from scored evidence alone: the conversation verdict is scored and even if
  every open target had been completed in the unjudged turns, C would stay below θ. An
  `assistant_error` finding (an exchange that failed while the assistant was up: the driver got
  no answer) is `fail` by itself, whatever else is missing.
* `invalid` instead of `fail` when every turn with a finding is a turn the simulator got wrong
  (`TurnRecord.simulator_faults`: an empty utterance, another language, a leaked label, a
  constraint claimed but unsaid, a goal it gave up asked for again, a restart): the evidence is
  the simulator's, not the assistant's. An `assistant_error` stays `fail`; a conversation failing
  on one clean turn too stays `fail`. Each faulted turn is listed with its kinds.
* otherwise `unscored`, with every missing part and its reason in the record.

Whatever judge produced a verdict (model, offline, ensemble), `scored=False` is what makes it
missing; the rule never looks at who judged.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from icatest.contracts.labels import Decision, FailureMode, TargetStatus
from icatest.contracts.records import ConversationVerdict, TurnRecord, UnscoredPart
from icatest.scoring.score import DEFAULT_THRESHOLD, passes, success_score

ASSISTANT = "assistant"
TURN_JUDGE = "turn_judge"
CONVERSATION_JUDGE = "conversation_judge"
SIMULATOR = "simulator"


@dataclass(frozen=True)
class DecisionOutcome:
    decision: Decision
    success_score: float | None  # None when unscored: a number would invite averaging it
    unscored: list[UnscoredPart] = field(default_factory=list)


def missing_judgements(
    turns: Sequence[TurnRecord],
    verdict: ConversationVerdict | None,
    completed: Collection[str] = (),
) -> list[UnscoredPart]:
    """Every judgement the decision lacks, turn by turn, then the conversation's; `completed`
    names the targets done by the end (an abstention on those no longer matters)."""
    out: list[UnscoredPart] = []
    if not turns:
        out.append(UnscoredPart(role=ASSISTANT, reason="no exchange took place"))
    for turn in turns:
        n = turn.turn_number
        if failed_exchange(turn):
            continue  # judged: the engine's finding
        if turn.sut_error is not None:
            kind = turn.sut_error_kind.value if turn.sut_error_kind else "error"
            out.append(UnscoredPart(turn=n, role=ASSISTANT, reason=f"no reply ({kind}): "
                                    f"{turn.sut_error}"))
        elif turn.evaluation is None:
            out.append(UnscoredPart(turn=n, role=TURN_JUDGE, reason="turn not judged"))
        elif not turn.evaluation.scored:
            reason = turn.evaluation.unscored_reason or "judge gave no verdict"
            out.append(UnscoredPart(turn=n, role=TURN_JUDGE, reason=reason))
        else:
            out.extend(
                UnscoredPart(turn=n, role=TURN_JUDGE, reason=f"{u.target_id} undecided: {u.reason}")
                for u in turn.evaluation.uncertain
                if u.target_id not in completed
            )
    if verdict is None:
        out.append(UnscoredPart(role=CONVERSATION_JUDGE, reason="conversation not judged"))
    elif not verdict.scored:
        reason = verdict.unscored_reason or "judge gave no verdict"
        out.append(UnscoredPart(role=CONVERSATION_JUDGE, reason=reason))
    return out


def failed_exchange(turn: TurnRecord) -> bool:
    """The turn carries the engine's `assistant_error` finding."""
    ev = turn.evaluation
    return ev is not None and ev.scored and FailureMode.ASSISTANT_ERROR in ev.labels


def fails_only_on_simulator_faults(turns: Sequence[TurnRecord]) -> bool:
    """Some scored turn has a finding, and every such turn carries a simulator fault."""
    found = [t for t in turns if t.evaluation is not None and t.evaluation.scored
             and t.evaluation.findings]
    return bool(found) and all(t.simulator_faults for t in found)


def simulator_parts(turns: Sequence[TurnRecord]) -> list[UnscoredPart]:
    """One line per faulted turn: its fault kinds and what was wrong."""
    return [
        UnscoredPart(
            turn=t.turn_number,
            role=SIMULATOR,
            reason="simulator fault: " + "; ".join(f"{f.kind.value} ({f.detail})"
                                                   for f in t.simulator_faults)[:300],
        )
        for t in turns
        if t.simulator_faults
    ]


def decide(
    turns: Sequence[TurnRecord],
    verdict: ConversationVerdict | None,
    target_statuses: Sequence[int],
    threshold: float = DEFAULT_THRESHOLD,
    *,
    completed: Collection[str] = (),
) -> DecisionOutcome:
    """Pass, fail, invalid or unscored for one conversation (see the module docstring);
    `completed` are the ids of the targets completed by the end."""
    outcome = _decide(turns, verdict, target_statuses, threshold, completed=completed)
    if (
        outcome.decision is Decision.FAIL
        and not any(failed_exchange(t) for t in turns)
        and fails_only_on_simulator_faults(turns)
    ):
        return DecisionOutcome(Decision.INVALID, None, [*outcome.unscored, *simulator_parts(turns)])
    return outcome


def _decide(
    turns: Sequence[TurnRecord],
    verdict: ConversationVerdict | None,
    target_statuses: Sequence[int],
    threshold: float = DEFAULT_THRESHOLD,
    *,
    completed: Collection[str] = (),
) -> DecisionOutcome:
    missing = missing_judgements(turns, verdict, completed)
    if any(failed_exchange(t) for t in turns):  # the driver got no answer: a failure found
        scored = verdict is not None and verdict.scored
        c = success_score(verdict.score_map(), target_statuses) if scored and verdict else None
        return DecisionOutcome(Decision.FAIL, c, missing)
    if verdict is None or not verdict.scored:
        return DecisionOutcome(Decision.UNSCORED, None, missing)  # C could still reach θ
    scores = verdict.score_map()
    c = success_score(scores, target_statuses)
    if not missing:
        return DecisionOutcome(Decision.PASS if passes(c, threshold) else Decision.FAIL, c)
    best = success_score(
        scores, [TargetStatus.COMPLETED if s == TargetStatus.OPEN else s for s in target_statuses]
    )
    if not passes(best, threshold):
        return DecisionOutcome(Decision.FAIL, c, missing)
    return DecisionOutcome(Decision.UNSCORED, None, missing)


def describe_missing(parts: Sequence[UnscoredPart], limit: int = 3) -> str:
    """'turn 2 turn_judge: model unavailable …; conversation_judge: …' for one-line displays."""
    shown = [
        f"{f'turn {p.turn} ' if p.turn is not None else ''}{p.role}: {p.reason}"
        for p in parts[:limit]
    ]
    more = len(parts) - limit
    return "; ".join(shown) + (f"; and {more} more" if more > 0 else "")
