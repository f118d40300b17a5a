"""Campaign progress as numbers: what the live display shows and progress.jsonl stores (the
file itself is written by icatest.storage.rundir)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from icatest.contracts.documents import ProgressPoint
from icatest.contracts.labels import FailureMode, TerminationReason

# endings chosen by the user's limits, not by a failure: not held against the judged share
CUT_SHORT = frozenset(r.value for r in TerminationReason if r.is_cut_short)
ASSISTANT_ERROR = FailureMode.ASSISTANT_ERROR.value


class PauseClock:
    """Time this session stood still because the circuit breaker was open (an endpoint down):
    it does not count against the time budget, up to `cap_s` in all, so that an endpoint going
    up and down cannot hold the process forever."""

    def __init__(self, cap_s: float | None = None) -> None:
        self.cap_s = cap_s
        self.closed_s = 0.0
        self.since: float | None = None
        self.down: list[str] = []  # what was down, once per kind ("the assistant", ...)

    def start(self, what: str) -> None:
        if self.since is None:
            self.since = time.monotonic()
        if what not in self.down:
            self.down.append(what)

    def stop(self) -> None:
        if self.since is not None:
            self.closed_s += time.monotonic() - self.since
            self.since = None

    @property
    def paused_s(self) -> float:
        """Seconds credited back to the budget so far (the pause in progress included)."""
        total = self.closed_s + (0.0 if self.since is None else time.monotonic() - self.since)
        return total if self.cap_s is None else min(total, self.cap_s)


@dataclass
class ProgressState:
    """Cumulative counters of one run (including conversations from before a resume)."""

    started: float = field(default_factory=time.monotonic)
    elapsed_before: float = 0.0  # time spent by earlier sessions of a resumed run
    budget_s: float | None = None
    conversations: int = 0
    running: int = 0
    failures: int = 0
    failure_types: set[str] = field(default_factory=set)
    passes: int = 0
    scored: int = 0
    invalid: int = 0  # failed only on simulator faults: no verdict on the assistant
    partial: int = 0
    errors: int = 0  # internal errors (engine crashes)
    assistant_errors: int = 0  # conversations ended by an assistant_error finding (a failure)
    model_errors: int = 0  # conversations with a model call that gave no usable answer
    interrupted: int = 0  # this session: cut by an unreachable assistant, redone by --resume
    cut_short: int = 0  # unscored because the budget, cost cap or the user ended them
    cost_usd: float = 0.0
    turns: int = 0
    stopping: str | None = None
    pauses: PauseClock = field(default_factory=PauseClock)  # this session's outages

    def add(self, record: dict[str, Any]) -> None:
        self.conversations += 1
        turns = record.get("failure_turns") or {}
        self.failures += sum(len(t) for t in turns.values())
        self.failure_types.update(turns)
        decision = record.get("success_decision")
        if decision in ("pass", "fail"):
            self.scored += 1
            self.passes += decision == "pass"
        elif decision == "invalid":
            self.invalid += 1
        elif record.get("termination_reason") in CUT_SHORT:
            self.cut_short += 1
        if not record.get("is_complete", True):
            self.partial += 1
        if record.get("termination_reason") == "internal_error":
            self.errors += 1
        if ASSISTANT_ERROR in turns:
            self.assistant_errors += 1
        if any((u or {}).get("failures") for u in (record.get("usage") or {}).values()):
            self.model_errors += 1
        self.cost_usd += record_cost(record)

    @property
    def elapsed(self) -> float:
        """Time counted against the budget: all sessions, outage pauses left out."""
        return self.elapsed_before + time.monotonic() - self.started - self.pauses.paused_s

    @property
    def time_left(self) -> float | None:
        if self.budget_s is None:
            return None
        return max(0.0, self.budget_s - self.elapsed)

    @property
    def pass_rate(self) -> float | None:
        return self.passes / self.scored if self.scored else None

    @property
    def unscored(self) -> int:
        return self.conversations - self.scored - self.invalid

    @property
    def judged_share(self) -> float:
        """Scored conversations among those that ran their course: recorded and interrupted ones,
        less those the budget, cost cap or the user cut short (0 when there are none)."""
        total = self.conversations + self.interrupted - self.cut_short
        return self.scored / total if total else 0.0

    def point(self) -> ProgressPoint:
        return ProgressPoint(
            t=round(self.elapsed, 3),
            conversations=self.conversations,
            failures=self.failures,
            unique_failure_types=len(self.failure_types),
            passes=self.passes,
            cost_usd=round(self.cost_usd, 6),
            paused_s=round(self.pauses.paused_s, 3),
        )


def record_cost(record: dict[str, Any]) -> float:
    usage = record.get("usage") or {}
    return float(sum((u or {}).get("cost_usd", 0.0) for u in usage.values()))
