"""Everything a finished conversation touches in the run directory, in one place.

The log line is written (and fsynced) first; the SQLite index, the progress series and the event
are derived from it, so after a crash the log is the truth and the rest is rebuilt from it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from icatest.campaigns.events import EventLog
from icatest.campaigns.index import RunIndex
from icatest.campaigns.progress import ProgressSeries, ProgressState, record_cost
from icatest.campaigns.sampler import slot_of
from icatest.contracts import ConversationRecord, TerminationReason
from icatest.rundir import CONVERSATIONS, EVENTS, INDEX, INTERRUPTED, PROGRESS, ConversationLog

# endings that say nothing about the assistant's answers: kept apart and redone by --resume
INTERRUPTED_ENDINGS = frozenset({TerminationReason.SUT_UNREACHABLE, TerminationReason.OUTAGE})


class RunRecorder:
    def __init__(
        self, run_dir: Path, run_id: str, budget_s: float | None, trials: int = 1
    ) -> None:
        self.trials = trials  # slot = scenario_index x trials + trial (sampler.slot_of)
        self.log = ConversationLog(run_dir / CONVERSATIONS)
        self.interrupted = ConversationLog(run_dir / INTERRUPTED)
        self.interrupted_before = self.interrupted.count
        self._lately_interrupted: list[int] = []  # this session's, not yet queued again
        self.index = RunIndex(run_dir / INDEX)
        self.index.rebuild(self.log.records)
        self.events = EventLog(run_dir / EVENTS, run_id=run_id)
        self.series = ProgressSeries(run_dir / PROGRESS)
        self.progress = ProgressState(elapsed_before=self.series.last_t(), budget_s=budget_s)
        for rec in self.log.records:
            self.progress.add(rec)
        if self.log.repaired_bytes:
            self.events.warning("torn_line_repaired", bytes_removed=self.log.repaired_bytes)

    def done_indices(self) -> set[int]:
        """Campaign slots (scenario and trial) that already have a record (complete or marked
        partial)."""
        slots = (slot_of(r, self.trials) for r in self.log.records)
        return {s for s in slots if s is not None}

    def interrupted_indices(self) -> set[int]:
        """Campaign slots interrupted (in any session) that have no record yet: to redo."""
        done = self.done_indices()
        slots = (slot_of(r, self.trials) for r in self.interrupted.records)
        return {s for s in slots if s is not None and s not in done}

    def take_interrupted(self) -> list[int]:
        """Scenario indices interrupted since the last call (to queue again after an outage)."""
        taken, self._lately_interrupted = self._lately_interrupted, []
        return taken

    def spent_usd(self) -> float:
        return sum(record_cost(r) for r in self.log.records)

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
        data = self.log.records[-1]
        self.index.add(data, line_no)
        self.progress.running = max(0, self.progress.running - 1)
        self.progress.add(data)
        self.series.write(self.progress)
        self.events.info(
            "conversation_finished",
            conversation_id=record.conversation_id,
            scenario_index=data.get("scenario_index"),
            trial=data.get("trial", 0),
            termination_reason=record.termination_reason.value,
            is_complete=record.is_complete,
            n_turns=len(record.turns),
            failures=sorted(record.failure_turns),
            success_decision=record.success_decision,
            cost_usd=record_cost(data),
            line_no=line_no,
        )

    def _interrupted(self, record: ConversationRecord) -> None:
        """Cut by an unreachable assistant: kept in interrupted.jsonl, not counted as done, so
        --resume runs the scenario again."""
        self.interrupted.append(record)
        slot = slot_of(record.model_dump(include={"scenario_index", "trial"}), self.trials)
        if slot is not None:
            self._lately_interrupted.append(slot)
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
        self.series.write(self.progress)

    def models_and_prompts(self) -> tuple[dict[str, str], dict[str, str]]:
        models: dict[str, str] = {}
        prompts: dict[str, str] = {}
        for rec in self.log.records:
            models.update(rec.get("models") or {})
            prompts.update(rec.get("prompt_versions") or {})
        return models, prompts

    def dropped_params(self) -> dict[str, list[str]]:
        """{role: parameters the provider refused by name, so never sent} over every record."""
        found: dict[str, set[str]] = {}
        for rec in self.log.records:
            for role, usage in (rec.get("usage") or {}).items():
                params = (usage or {}).get("dropped_params") or []
                if params:
                    found.setdefault(role, set()).update(params)
        return {role: sorted(params) for role, params in sorted(found.items())}

    def close(self) -> None:
        self.log.close()
        self.interrupted.close()
        self.index.close()
        self.events.close()
        self.series.close()
