"""What the metrics read of a conversation record, kept small: a `RecordDigest` per record.

A report folds every record of a run into one digest as it streams the file (analysis/scan.py),
so 10,000 conversations cost a few megabytes of digests instead of the records themselves. The
digest's fields carry the names of the record's fields they come from, so the functions of
metrics.py, trials.py and channel/figures.py read a digest as they read a record; they accept
records too (`as_digests`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from icatest.analysis.dedup import transcript_signature
from icatest.analysis.frames import failure_events, usage_totals
from icatest.contracts import ConversationRecord, TurnRecord


@dataclass(frozen=True, slots=True)
class VerdictDigest:
    scored: bool
    findings: tuple[str, ...]  # labels of the findings


@dataclass(frozen=True, slots=True)
class TurnDigest:
    turn_number: int
    wer: float
    hearing: str | None
    evaluation: VerdictDigest | None
    faults: tuple[tuple[str, str], ...]  # (kind, detail) of the simulator's faults at this turn


@dataclass(frozen=True, slots=True)
class RecordDigest:
    conversation_id: str
    run_id: str | None
    seed_id: str
    seed_phrase: str
    persona: str
    max_turns: int
    scenario_index: int | None
    trial: int
    channel: str
    success_decision: str | None
    success_score: float | None
    is_complete: bool
    started_at: float
    ended_at: float
    flagged: bool  # failure_turns is not empty
    events: tuple[tuple[int, str], ...]  # (turn, label), sorted as `failure_events`
    types: tuple[str, ...]  # distinct labels, sorted as `failure_types`
    turns: tuple[TurnDigest, ...]
    usage_total: tuple[float, float, float, float]  # calls, input, output tokens, cost
    usage: tuple[tuple[str, int, int, int], ...]  # per role: calls, input, output tokens
    signature: str | None  # transcript signature, for failing conversations only
    termination: str
    cut_short: bool
    unreachable: bool  # assistant down (no verdict) and no assistant_error finding
    unscored_reason: str | None  # the first reason, for conversations neither decided nor invalid


def digest(record: ConversationRecord) -> RecordDigest:
    """The digest of one record (what `metrics`, the overview and the trials read)."""
    events = tuple((e.turn, e.label) for e in failure_events(record))
    types = tuple(sorted({label for _, label in events}))
    total = usage_totals(record)
    decision = record.success_decision
    found = "assistant_error" in types
    return RecordDigest(
        conversation_id=record.conversation_id,
        run_id=record.run_id,
        seed_id=record.seed_id,
        seed_phrase=record.seed_phrase,
        persona=record.persona,
        max_turns=record.max_turns,
        scenario_index=record.scenario_index,
        trial=record.trial,
        channel=record.channel,
        success_decision=decision,
        success_score=record.success_score,
        is_complete=record.is_complete,
        started_at=record.started_at,
        ended_at=record.ended_at,
        flagged=bool(record.failure_turns),
        events=events,
        types=types,
        turns=tuple(_turn(t) for t in record.turns),
        usage_total=(total["calls"], total["input_tokens"], total["output_tokens"],
                     total["cost_usd"]),  # fmt: skip
        usage=tuple((role, u.calls, u.input_tokens, u.output_tokens)
                    for role, u in record.usage.items()),  # fmt: skip
        signature=transcript_signature(record) if decision == "fail" else None,
        termination=record.termination_reason.value,
        cut_short=record.termination_reason.is_cut_short,
        unreachable=not found and (
            record.termination_reason.value == "sut_unreachable"
            or any(t.sut_error for t in record.turns)
        ),
        unscored_reason=None if decision in ("pass", "fail", "invalid") else _unscored(record),
    )


def _turn(turn: TurnRecord) -> TurnDigest:
    verdict = turn.evaluation
    return TurnDigest(
        turn_number=turn.turn_number,
        wer=turn.wer,
        hearing=None if turn.hearing is None else getattr(turn.hearing, "value", turn.hearing),
        evaluation=None if verdict is None else VerdictDigest(
            verdict.scored, tuple(f.label.value for f in verdict.findings)
        ),
        faults=tuple((f.kind.value, f.detail) for f in turn.simulator_faults),
    )


def _unscored(record: ConversationRecord) -> str:
    """Why a conversation has no decision: its first unscored turn's reason, the conversation
    verdict's, else how it ended (the overview's banner counts these)."""
    reasons = [
        t.evaluation.unscored_reason
        for t in record.turns
        if t.evaluation is not None and not t.evaluation.scored
    ]
    why = next((r for r in reasons if r), None)
    if why is None and record.conversation_evaluation is not None:
        why = record.conversation_evaluation.unscored_reason
    return (why or record.termination_reason.value)[:120]


def as_digests(items: Iterable[ConversationRecord | RecordDigest]) -> list[RecordDigest]:
    """Digests of records (digests pass through)."""
    return [x if isinstance(x, RecordDigest) else digest(x) for x in items]
