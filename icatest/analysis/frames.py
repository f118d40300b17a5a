"""Flat tables over conversation records, for notebooks, metrics and export.

The failure events of a conversation come from its turn verdicts (they carry the rationales); a
record whose turns carry no verdicts falls back to its `failure_turns` summary so nothing found by
the engine is lost.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import pandas as pd

from icatest.contracts import ConversationRecord

LIST_SEP = ";"


@dataclass(frozen=True)
class FailureEvent:
    """One failure label fired at one turn of one conversation."""

    conversation_id: str
    turn: int
    label: str
    rationale: str


def failure_events(record: ConversationRecord) -> list[FailureEvent]:
    """Every (turn, label) of a record, with the judge's rationale when known."""
    events: list[FailureEvent] = []
    has_verdicts = any(t.evaluation is not None for t in record.turns)
    for turn in record.turns:
        if turn.evaluation is None:
            continue
        for finding in turn.evaluation.findings:
            events.append(
                FailureEvent(
                    record.conversation_id, turn.turn_number, finding.label.value, finding.rationale
                )
            )
    if not has_verdicts:
        for label, turns in record.failure_turns.items():
            events.extend(FailureEvent(record.conversation_id, t, label, "") for t in turns)
    return sorted(events, key=lambda e: (e.turn, e.label))


def failure_types(record: ConversationRecord) -> list[str]:
    """Distinct failure labels of a record, sorted."""
    return sorted({e.label for e in failure_events(record)})


def usage_totals(record: ConversationRecord) -> dict[str, float]:
    """Summed calls, tokens and cost over every role of one record."""
    total = {"calls": 0.0, "input_tokens": 0.0, "output_tokens": 0.0, "cost_usd": 0.0}
    for usage in record.usage.values():
        total["calls"] += usage.calls
        total["input_tokens"] += usage.input_tokens
        total["output_tokens"] += usage.output_tokens
        total["cost_usd"] += usage.cost_usd
    return total


def conversations_frame(records: Iterable[ConversationRecord]) -> pd.DataFrame:
    """One row per conversation: identity, outcome, failure summary, scores, timing, usage."""
    rows = []
    for r in records:
        types = failure_types(r)
        usage = usage_totals(r)
        row = {
            "conversation_id": r.conversation_id,
            "run_id": r.run_id,
            "mode": r.mode.value,
            "seed_id": r.seed_id,
            "seed_phrase": r.seed_phrase,
            "persona": r.persona,
            "max_turns": r.max_turns,
            "n_turns": len(r.turns),
            "success_score": r.success_score,
            "success_decision": r.success_decision,
            "termination_reason": r.termination_reason.value,
            "is_complete": r.is_complete,
            "n_failures": len(failure_events(r)),
            "n_failure_types": len(types),
            "failure_types": LIST_SEP.join(types),
            "started_at": r.started_at,
            "ended_at": r.ended_at,
            "duration": r.duration,
            "input_tokens": int(usage["input_tokens"]),
            "output_tokens": int(usage["output_tokens"]),
            "cost_usd": usage["cost_usd"],
        }
        for dim, score in _dimension_scores(r).items():
            row[f"score_{dim}"] = score
        rows.append(row)
    return pd.DataFrame(rows, columns=_columns(rows, _CONVERSATION_COLUMNS))


def turns_frame(records: Iterable[ConversationRecord]) -> pd.DataFrame:
    """One row per exchange, with the labels its verdict fired."""
    rows = []
    for r in records:
        for t in r.turns:
            verdict = t.evaluation
            rows.append(
                {
                    "conversation_id": r.conversation_id,
                    "turn_number": t.turn_number,
                    "user": t.user,
                    "system": t.system,
                    "sut_error": t.sut_error,
                    "latency": t.latency,
                    "strategies": LIST_SEP.join(t.strategies),
                    "strategy_mode": t.strategy_mode.value if t.strategy_mode else None,
                    "judge_scored": None if verdict is None else verdict.scored,
                    "labels": LIST_SEP.join(lab.value for lab in verdict.labels) if verdict else "",
                }
            )
    return pd.DataFrame(rows, columns=_TURN_COLUMNS)


def failures_frame(records: Iterable[ConversationRecord]) -> pd.DataFrame:
    """One row per failure event (conversation, turn, label, rationale)."""
    rows = []
    for r in records:
        for e in failure_events(r):
            rows.append(
                {
                    "conversation_id": e.conversation_id,
                    "turn": e.turn,
                    "label": e.label,
                    "rationale": e.rationale,
                    "max_turns": r.max_turns,
                }
            )
    return pd.DataFrame(rows, columns=_FAILURE_COLUMNS)


def _dimension_scores(record: ConversationRecord) -> dict[str, int]:
    if record.scores:
        return dict(record.scores)
    verdict = record.conversation_evaluation
    return verdict.score_map() if verdict is not None else {}


def _columns(rows: list[dict[str, Any]], base: list[str]) -> list[str]:
    extra = sorted({k for row in rows for k in row} - set(base))
    return base + extra


_CONVERSATION_COLUMNS = [
    "conversation_id", "run_id", "mode", "seed_id", "seed_phrase", "persona", "max_turns",
    "n_turns", "success_score", "success_decision", "termination_reason", "is_complete",
    "n_failures", "n_failure_types", "failure_types", "started_at", "ended_at", "duration",
    "input_tokens", "output_tokens", "cost_usd",
]  # fmt: skip
_TURN_COLUMNS = [
    "conversation_id", "turn_number", "user", "system", "sut_error", "latency", "strategies",
    "strategy_mode", "judge_scored", "labels",
]  # fmt: skip
_FAILURE_COLUMNS = ["conversation_id", "turn", "label", "rationale", "max_turns"]
