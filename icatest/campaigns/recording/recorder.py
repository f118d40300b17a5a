"""Everything a finished conversation touches in the run directory, in one place.

The log line is written (and fsynced) first; the SQLite index, the progress series and the event
are derived from it, so after a crash the log is the truth and the rest is rebuilt from it: on
opening, the index is rebuilt, and a record whose `conversation_finished` event a kill cut off
gets it then, marked `recovered`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from icatest.campaigns.progress.state import ProgressState, record_cost
from icatest.campaigns.sampler import slot_of
from icatest.contracts import ConversationRecord, TerminationReason
from icatest.storage.rundir import (
    CONVERSATIONS,
    EVENTS,
    INDEX,
    INTERRUPTED,
    PROGRESS,
    ConversationLog,
)
from icatest.storage.runlogs import EventLog, ProgressSeries, RunIndex

# endings that say nothing about the assistant's answers: kept apart and redone by --resume
INTERRUPTED_ENDINGS = frozenset({TerminationReason.SUT_UNREACHABLE, TerminationReason.OUTAGE})


class RunRecorder:
    """Holds counters and the few sets the stop rules and --resume need, never the records: what
    it knows of earlier records it learns in one pass over the log when it opens."""

    def __init__(
        self, run_dir: Path, run_id: str, budget_s: float | None, trials: int = 1
    ) -> None:
        self.trials = trials  # slot = scenario_index x trials + trial (sampler.slot_of)
        self.log = ConversationLog(run_dir / CONVERSATIONS)
        self.interrupted = ConversationLog(run_dir / INTERRUPTED)
        self.interrupted_before = self.interrupted.count
        self._lately_interrupted: list[int] = []  # this session's, not yet queued again
        self.index = RunIndex(run_dir / INDEX)
        self.events = EventLog(run_dir / EVENTS, run_id=run_id)
        self.series = ProgressSeries(run_dir / PROGRESS)
        self.progress = ProgressState(elapsed_before=self.series.last_t(), budget_s=budget_s)
        self._spent = 0.0
        self._models: dict[str, str] = {}
        self._prompts: dict[str, str] = {}
        self._dropped: dict[str, set[str]] = {}
        done = self._read_log(_finished_ids(run_dir / EVENTS))
        # interrupted (any session) and not recorded since: what --resume redoes
        slots = (slot_of(r, self.trials) for r in self.interrupted.records)
        self._pending = {s for s in slots if s is not None and s not in done}
        self.redone: set[int] = set()  # pending slots this session recorded
        if self.log.repaired_bytes:
            self.events.warning("torn_line_repaired", bytes_removed=self.log.repaired_bytes)

    def _read_log(self, announced: set[str]) -> set[int]:
        """One pass over the log: the index rebuilt, the counters set, the finished events a
        kill cut off written (`announced`: the conversations that have one); the done indices."""
        done: set[int] = set()

        def each() -> Iterator[dict[str, Any]]:
            for line_no, rec in enumerate(self.log.records, start=1):
                if rec.get("conversation_id") not in announced:
                    self._announce(rec, line_no, recovered=True)
                self._count(rec)
                slot = slot_of(rec, self.trials)
                if slot is not None:
                    done.add(slot)
                yield rec

        self.index.rebuild(each())
        self._done_at_open = frozenset(done)
        return done

    def _count(self, rec: dict[str, Any]) -> None:
        self.progress.add(rec)
        self._spent += record_cost(rec)
        self._models.update(rec.get("models") or {})
        self._prompts.update(rec.get("prompt_versions") or {})
        for role, usage in (rec.get("usage") or {}).items():
            params = (usage or {}).get("dropped_params") or []
            if params:
                self._dropped.setdefault(role, set()).update(params)

    def done_indices(self) -> set[int]:
        """Campaign slots (scenario and trial) that had a record (complete or marked partial)
        when the recorder opened (this session's are handed out by the plan source, which
        knows them)."""
        return set(self._done_at_open)

    def interrupted_indices(self) -> set[int]:
        """Campaign slots interrupted (in any session) that have no record yet: to redo."""
        return set(self._pending)

    def take_interrupted(self) -> list[int]:
        """Scenario indices interrupted since the last call (to queue again after an outage)."""
        taken, self._lately_interrupted = self._lately_interrupted, []
        return taken

    def spent_usd(self) -> float:
        return self._spent

    def started(self, conversation_id: str, **plan: Any) -> None:
        self.progress.running += 1
        self.events.info("conversation_started", conversation_id=conversation_id, **plan)

    @property
    def interrupted_now(self) -> int:
        """Conversations this session lost to an unreachable assistant (redone by --resume)."""
        return self.interrupted.count - self.interrupted_before

    def finished(self, record: ConversationRecord) -> None:
        if record.termination_reason in INTERRUPTED_ENDINGS:
            self._interrupted(record)
            return
        line_no = self.log.append(record)
        data = self.log.last
        assert data is not None
        self.index.add(data, line_no)
        self.progress.running = max(0, self.progress.running - 1)
        self._count(data)
        slot = slot_of(data, self.trials)
        if slot in self._pending:
            self._pending.discard(slot)
            self.redone.add(slot)
        self.series.write(self.progress.point())
        self._announce(data, line_no)

    def _announce(self, data: dict[str, Any], line_no: int, *, recovered: bool = False) -> None:
        extra = {"recovered": True} if recovered else {}
        self.events.info(
            "conversation_finished",
            conversation_id=data.get("conversation_id"),
            scenario_index=data.get("scenario_index"),
            trial=data.get("trial", 0),
            termination_reason=data.get("termination_reason"),
            is_complete=data.get("is_complete"),
            n_turns=len(data.get("turns") or []),
            failures=sorted(data.get("failure_turns") or []),
            success_decision=data.get("success_decision"),
            cost_usd=record_cost(data),
            line_no=line_no,
            **extra,
        )

    def _interrupted(self, record: ConversationRecord) -> None:
        """Cut by an unreachable assistant: kept in interrupted.jsonl, not counted as done, so
        --resume runs the scenario again."""
        self.interrupted.append(record)
        slot = slot_of(record.model_dump(include={"scenario_index", "trial"}), self.trials)
        if slot is not None:
            self._lately_interrupted.append(slot)
            self._pending.add(slot)
        self.progress.running = max(0, self.progress.running - 1)
        self.progress.interrupted += 1
        self.events.warning(
            "conversation_interrupted",
            conversation_id=record.conversation_id,
            scenario_index=getattr(record, "scenario_index", None),
            termination_reason=record.termination_reason.value,
            n_turns=len(record.turns),
        )

    def abandoned(self, conversation_id: str, why: str) -> None:
        """A conversation that left no record (hard cancel, lost worker): redone on resume."""
        self.progress.running = max(0, self.progress.running - 1)
        self.events.warning("conversation_abandoned", conversation_id=conversation_id, why=why)

    def tick(self) -> None:
        self.series.write(self.progress.point())

    def models_and_prompts(self) -> tuple[dict[str, str], dict[str, str]]:
        return dict(self._models), dict(self._prompts)

    def dropped_params(self) -> dict[str, list[str]]:
        """{role: parameters the provider refused by name, so never sent} over every record."""
        return {role: sorted(params) for role, params in sorted(self._dropped.items())}

    def close(self) -> None:
        self.log.close()
        self.interrupted.close()
        self.index.close()
        self.events.close()
        self.series.close()


def _finished_ids(path: Path) -> set[str]:
    """Conversations with a `conversation_finished` event in events.jsonl (a torn last line,
    left by a kill, is skipped)."""
    ids: set[str] = set()
    try:
        fh = path.open(encoding="utf-8")
    except FileNotFoundError:
        return ids
    with fh:
        for line in fh:
            if '"conversation_finished"' not in line:
                continue
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if isinstance(event, dict) and event.get("event") == "conversation_finished":
                ids.add(str(event.get("conversation_id")))
    return ids
