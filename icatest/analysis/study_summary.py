"""A run folded into a compact, mergeable summary: what a study pools instead of records.

`RunSummary.fold(records)` reads the conversations one at a time and keeps counters only (no list
grows with the conversations); `merge` adds two summaries; `figures()` gives the metrics of
`icatest.analysis.metrics` that pool exactly (counts, rates, failure types, turn positions,
usage). The definitions are the single-run ones (failure events and types come from
`frames.failure_events`), so the figures of merged summaries equal those of one run holding every
conversation: sums of scores and costs are kept as exact fractions, so even the mean success score
is the one `statistics.fmean` gives over the pooled scores.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from icatest.analysis.frames import failure_events
from icatest.analysis.metrics import ASSISTANT_ERROR
from icatest.analysis.trials import wilson_interval
from icatest.contracts import ConversationRecord

INT_KEYED = ("events_by_turn", "reaching_turn", "failing_at_turn", "schema_versions")


@dataclass
class RunSummary:
    """Counters of one run (or of several runs merged); picklable, so a Dask worker returns it."""

    conversations: int = 0
    failing: int = 0
    passing: int = 0
    invalid: int = 0
    partial: int = 0
    assistant_error: int = 0
    flagged: int = 0
    scored: int = 0
    score_sum: Fraction = Fraction(0)
    score_squares: Fraction = Fraction(0)
    distinct_types_sum: int = 0  # sum over conversations of their distinct failure types
    with_3plus_types: int = 0
    type_events: Counter[str] = field(default_factory=Counter)
    type_conversations: Counter[str] = field(default_factory=Counter)
    events: int = 0
    early_events: int = 0
    events_by_turn: Counter[int] = field(default_factory=Counter)
    reaching_turn: Counter[int] = field(default_factory=Counter)
    failing_at_turn: Counter[int] = field(default_factory=Counter)
    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cost: Fraction = Fraction(0)
    judges: Counter[str] = field(default_factory=Counter)  # verdicts per judge tag
    schema_versions: Counter[int] = field(default_factory=Counter)  # records per schema

    @classmethod
    def fold(cls, records: Iterable[ConversationRecord]) -> RunSummary:
        summary = cls()
        for record in records:
            summary.add(record)
        return summary

    def add(self, record: ConversationRecord) -> None:
        """Count one conversation (the definitions of `metrics.outcome_counts` and friends)."""
        self.conversations += 1
        decision = record.success_decision
        self.failing += decision == "fail"
        self.passing += decision == "pass"
        self.invalid += decision == "invalid"
        self.partial += not record.is_complete
        self.flagged += bool(record.failure_turns)
        if record.success_score is not None:
            self.scored += 1
            score = Fraction(record.success_score)
            self.score_sum += score
            self.score_squares += score * score
        events = failure_events(record)
        types = {e.label for e in events}
        self.assistant_error += ASSISTANT_ERROR in types
        self.distinct_types_sum += len(types)
        self.with_3plus_types += len(types) >= 3
        self.type_conversations.update(types)
        for event in events:
            self.type_events[event.label] += 1
            self.events_by_turn[event.turn] += 1
            self.early_events += event.turn < record.max_turns / 3
        self.events += len(events)
        self.reaching_turn.update(t.turn_number for t in record.turns)
        self.failing_at_turn.update({e.turn for e in events})
        for usage in record.usage.values():
            self.calls += usage.calls
            self.input_tokens += usage.input_tokens
            self.output_tokens += usage.output_tokens
            self.cost += Fraction(usage.cost_usd)
        self.schema_versions[record.schema_version] += 1
        for turn in record.turns:
            if turn.evaluation is not None:
                self.judges[turn.evaluation.judge] += 1
        if record.conversation_evaluation is not None:
            self.judges[record.conversation_evaluation.judge] += 1

    def merge(self, other: RunSummary) -> RunSummary:
        """A new summary counting the conversations of both."""
        out = RunSummary()
        for name in self.__dataclass_fields__:
            setattr(out, name, getattr(self, name) + getattr(other, name))
        return out

    @classmethod
    def pool(cls, summaries: Iterable[RunSummary]) -> RunSummary:
        out = cls()
        for summary in summaries:
            out = out.merge(summary)
        return out

    def figures(self) -> dict[str, Any]:
        """The poolable metrics, keyed as in metrics.json, plus the pass rate with its Wilson
        95 % interval (pass / decided) and the judge tags and record schemas seen."""
        n = self.conversations
        decided = self.failing + self.passing
        ci = wilson_interval(self.passing, decided)
        return {
            "conversations": n,
            "failing_conversations": self.failing,
            "passing_conversations": self.passing,
            "unscored_conversations": n - decided - self.invalid,
            "invalid_conversations": self.invalid,
            "partial_conversations": self.partial,
            "assistant_error_conversations": self.assistant_error,
            "decided_conversations": decided,
            "failure_rate": self.failing / decided if decided else None,
            "pass_rate": self.passing / decided if decided else None,
            "pass_rate_ci95": list(ci) if ci is not None else None,
            "flagged_conversations": self.flagged,
            "flagged_rate": self.flagged / n if n else None,
            "scored_conversations": self.scored,
            "mean_success_score": float(self.score_sum) / self.scored if self.scored else None,
            "sd_success_score": self._sd(),
            "unique_failure_types_per_conversation": self.distinct_types_sum / n if n else None,
            "failure_type_counts": dict(sorted(self.type_events.items())),
            "conversations_with_type": dict(sorted(self.type_conversations.items())),
            "prevalence": {k: v / n for k, v in sorted(self.type_conversations.items())}
            if n
            else {},
            "failure_events_per_conversation": self.events / n if n else None,
            "share_with_3plus_types": self.with_3plus_types / n if n else None,
            "distinct_failure_types": len(self.type_conversations),
            "failure_events": self.events,
            "early_failure_share": self.early_events / self.events if self.events else None,
            "failures_by_turn": {str(k): v for k, v in sorted(self.events_by_turn.items())},
            "conversations_reaching_turn": {
                str(k): v for k, v in sorted(self.reaching_turn.items())
            },
            "failure_share_by_turn": {
                str(k): self.failing_at_turn[k] / v for k, v in sorted(self.reaching_turn.items())
            },
            "calls": self.calls,
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "total_tokens": self.input_tokens + self.output_tokens,
            "cost_usd": float(self.cost),
            "judges": dict(sorted(self.judges.items())),
            "schema_versions": {str(k): v for k, v in sorted(self.schema_versions.items())},
        }

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready copy (fractions as "n/d" strings, counter keys as strings)."""
        out: dict[str, Any] = {}
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            if isinstance(value, Counter):
                out[name] = {str(k): v for k, v in sorted(value.items())}
            elif isinstance(value, Fraction):
                out[name] = str(value)
            else:
                out[name] = value
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RunSummary:
        """The inverse of `to_json` (a KeyError or ValueError on a document of another shape)."""
        out = cls()
        for name in out.__dataclass_fields__:
            current, value = getattr(out, name), data[name]
            if isinstance(current, Counter):
                keys = int if name in INT_KEYED else str
                setattr(out, name, Counter({keys(k): int(v) for k, v in value.items()}))
            elif isinstance(current, Fraction):
                setattr(out, name, Fraction(value))
            else:
                setattr(out, name, int(value))
        return out

    def _sd(self) -> float | None:
        """Sample standard deviation (n - 1), from the exact sums."""
        if self.scored < 2:
            return None
        n = self.scored
        variance = (self.score_squares - self.score_sum * self.score_sum / n) / (n - 1)
        return math.sqrt(variance) if variance > 0 else 0.0
