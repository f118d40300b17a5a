"""Run metrics as pure functions of conversation records (no I/O, no rendering).

Definitions (docs/analysis.md has the long form):
* failing = `success_decision == "fail"`; `failure_rate` = failing / scored (pass + fail);
  unscored (`None`/"unscored") and partial (`is_complete` False) conversations are counted apart.
* flagged = at least one failure label on a scored turn; `flagged_rate` = flagged / conversations.
* invalid = `success_decision == "invalid"`: failed only on turns the simulator got wrong
  (icatest/scoring/decision.py); counted apart, neither failing nor unscored, out of the failure
  rate.
* assistant-error conversations: ended by the engine's `assistant_error` finding (no usable reply
  after the adapter's retries while the assistant was up); they are failing and counted apart.
* failure events are (turn, label) pairs; `failure_type_counts` counts events, `prevalence` the
  share of ALL conversations showing the type at least once.
* early turns = turn index < max_turns / 3 of the conversation.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from icatest.analysis.dedup import DEFAULT_NEAR_DUPLICATE_THRESHOLD, duplicate_groups
from icatest.analysis.digest import RecordDigest, as_digests
from icatest.analysis.trials import trial_stats
from icatest.analysis.voice import voice_metrics
from icatest.contracts import ConversationRecord, FailureMode

DECIDED = ("pass", "fail")
ASSISTANT_ERROR = FailureMode.ASSISTANT_ERROR.value
Records = Iterable[ConversationRecord | RecordDigest]


def is_failing(record: ConversationRecord | RecordDigest) -> bool:
    return record.success_decision == "fail"


def outcome_counts(records: Records) -> dict[str, Any]:
    """Conversations, pass/fail/unscored/partial counts and the failure rate."""
    rows = as_digests(records)
    failing = sum(1 for r in rows if is_failing(r))
    passing = sum(1 for r in rows if r.success_decision == "pass")
    decided = failing + passing
    invalid = sum(1 for r in rows if r.success_decision == "invalid")
    flagged = sum(1 for r in rows if r.flagged)
    return {
        "conversations": len(rows),
        "failing_conversations": failing,
        "passing_conversations": passing,
        "unscored_conversations": len(rows) - decided - invalid,
        "invalid_conversations": invalid,
        "partial_conversations": sum(1 for r in rows if not r.is_complete),
        "assistant_error_conversations": sum(1 for r in rows if ASSISTANT_ERROR in r.types),
        "failure_rate": failing / decided if decided else None,
        "flagged_conversations": flagged,
        "flagged_rate": flagged / len(rows) if rows else None,
    }


def simulator_fault_stats(records: Records) -> dict[str, Any]:
    """Driver turns the simulator got wrong, by kind, and the invalid conversations with them
    (for whoever tunes the simulator)."""
    rows = as_digests(records)
    kinds: Counter[str] = Counter()
    turns = faulted = 0
    with_fault = 0
    invalid: list[dict[str, Any]] = []
    for record in rows:
        turns += len(record.turns)
        here = [t for t in record.turns if t.faults]
        faulted += len(here)
        with_fault += bool(here)
        kinds.update(kind for t in here for kind, _ in t.faults)
        if record.success_decision == "invalid":
            invalid.append({
                "conversation_id": record.conversation_id,
                "seed_id": record.seed_id,
                "faults": [
                    {"turn": t.turn_number, "kind": kind, "detail": detail}
                    for t in here for kind, detail in t.faults
                ],
            })
    return {
        "simulator_fault_turns": faulted,
        "simulator_fault_turn_share": faulted / turns if turns else None,
        "conversations_with_simulator_fault": with_fault,
        "simulator_fault_kinds": dict(sorted(kinds.items())),
        "invalid_share": len(invalid) / len(rows) if rows else None,
        "invalid_conversation_list": invalid,
    }


def score_stats(records: Records) -> dict[str, Any]:
    """Mean and sample standard deviation (n-1) of the success score over scored conversations."""
    scores = [r.success_score for r in as_digests(records) if r.success_score is not None]
    return {
        "scored_conversations": len(scores),
        "mean_success_score": statistics.fmean(scores) if scores else None,
        "sd_success_score": statistics.stdev(scores) if len(scores) >= 2 else None,
        "success_scores": scores,
    }


def failure_type_stats(records: Records) -> dict[str, Any]:
    """Distinct types per conversation, event counts and prevalence per type."""
    rows = as_digests(records)
    per_conversation = [r.types for r in rows]
    counts: Counter[str] = Counter(label for r in rows for _, label in r.events)
    present: Counter[str] = Counter(t for types in per_conversation for t in types)
    n = len(rows)
    return {
        "unique_failure_types_per_conversation": (
            statistics.fmean(len(t) for t in per_conversation) if n else None
        ),
        "failure_type_counts": dict(sorted(counts.items())),
        "conversations_with_type": dict(sorted(present.items())),
        "prevalence": {k: v / n for k, v in sorted(present.items())} if n else {},
        "share_with_3plus_types": (
            sum(1 for t in per_conversation if len(t) >= 3) / n if n else None
        ),
        "distinct_failure_types": len(present),
    }


def turn_position(records: Records) -> dict[str, Any]:
    """Where failures happen: share in the first third of max_turns and a per-turn histogram."""
    rows = as_digests(records)
    histogram: Counter[int] = Counter()
    early = 0
    total = 0
    for record in rows:
        for turn, _ in record.events:
            histogram[turn] += 1
            total += 1
            if turn < record.max_turns / 3:
                early += 1
    # a turn can only fail in conversations that reached it: normalise by those
    reached: Counter[int] = Counter(t.turn_number for r in rows for t in r.turns)
    failing_at: Counter[int] = Counter(turn for r in rows for turn in {t for t, _ in r.events})
    return {
        "failure_events": total,
        "early_failure_share": early / total if total else None,
        "failures_by_turn": {str(k): v for k, v in sorted(histogram.items())},
        "conversations_reaching_turn": {str(k): v for k, v in sorted(reached.items())},
        "failure_share_by_turn": {
            str(k): failing_at[k] / n for k, n in sorted(reached.items()) if n
        },
    }


def failure_timeline(records: Records, start_time: float | None) -> list[dict[str, Any]]:
    """Cumulative failures over wall-clock time, one point per finished conversation.

    Records without an `ended_at` timestamp are left out (the point list is then shorter than the
    run); `t` is seconds since `start_time` (the run start), or since the first end when unknown.
    """
    timed = sorted((r for r in as_digests(records) if r.ended_at > 0), key=lambda r: r.ended_at)
    if not timed:
        return []
    origin = start_time if start_time is not None else timed[0].ended_at
    points = []
    failing = events = 0
    types: set[str] = set()
    for n, record in enumerate(timed, start=1):
        failing += int(is_failing(record))
        events += len(record.events)
        types.update(label for _, label in record.events)
        points.append(
            {
                "t": record.ended_at - origin,
                "conversations": n,
                "failing_conversations": failing,
                "failure_events": events,
                "unique_failure_types": len(types),
            }
        )
    return points


def dedup_stats(
    records: Records,
    vectors: Mapping[str, np.ndarray] | None = None,
    threshold: float = DEFAULT_NEAR_DUPLICATE_THRESHOLD,
) -> dict[str, Any]:
    """Unique failing conversations after exact and (when vectors are given) near deduplication."""
    failing = [r for r in as_digests(records) if is_failing(r)]
    exact = duplicate_groups(failing)
    groups = duplicate_groups(failing, vectors, threshold) if vectors is not None else exact
    unique = len(groups)
    return {
        "unique_failing_conversations_exact": len(exact),
        "unique_failing_conversations": unique,
        "duplicate_rate": 1 - unique / len(failing) if failing else None,
        "near_duplicate_threshold": threshold if vectors is not None else None,
        "near_duplicates_checked": vectors is not None,
        "duplicate_groups": [g for g in groups if len(g) > 1],
    }


def usage_stats(records: Records) -> dict[str, Any]:
    """Calls, tokens and cost summed over every record and role."""
    total = {"calls": 0.0, "input_tokens": 0.0, "output_tokens": 0.0, "cost_usd": 0.0}
    by_role: dict[str, dict[str, float]] = {}
    for record in as_digests(records):
        for key, value in zip(total, record.usage_total, strict=True):
            total[key] += value
        for role, calls, input_tokens, output_tokens in record.usage:
            slot = by_role.setdefault(role, {"calls": 0, "input_tokens": 0, "output_tokens": 0})
            slot["calls"] += calls
            slot["input_tokens"] += input_tokens
            slot["output_tokens"] += output_tokens
    return {
        "calls": int(total["calls"]),
        "input_tokens": int(total["input_tokens"]),
        "output_tokens": int(total["output_tokens"]),
        "total_tokens": int(total["input_tokens"] + total["output_tokens"]),
        "cost_usd": total["cost_usd"],
        "usage_by_role": dict(sorted(by_role.items())),
    }


def compute_metrics(
    records: Records,
    *,
    start_time: float | None = None,
    progress: Sequence[Mapping[str, Any]] = (),
    vectors: Mapping[str, np.ndarray] | None = None,
    near_duplicate_threshold: float = DEFAULT_NEAR_DUPLICATE_THRESHOLD,
) -> dict[str, Any]:
    """Every metric of one run as one JSON-ready dict, from its records or their digests (what
    a streamed run directory holds: analysis/scan.py)."""
    rows = as_digests(records)
    metrics: dict[str, Any] = {}
    metrics.update(outcome_counts(rows))
    metrics.update(score_stats(rows))
    metrics.update(failure_type_stats(rows))
    metrics.update(turn_position(rows))
    metrics.update(dedup_stats(rows, vectors, near_duplicate_threshold))
    metrics.update(usage_stats(rows))
    metrics.update(simulator_fault_stats(rows))
    metrics.update(trial_stats(rows))  # pass^k, flaky scenarios (--trials)
    metrics["voice"] = voice_metrics(rows)  # the channel: docs/voice.md
    metrics["timeline"] = failure_timeline(rows, start_time)
    metrics["progress"] = [dict(p) for p in progress]
    return metrics
