"""The local executor: N conversations at once on one asyncio loop, one shared assistant."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

from icatest.campaigns.recording.recorder import INTERRUPTED_ENDINGS, RunRecorder
from icatest.campaigns.running.control import StopControl
from icatest.campaigns.running.conversation import ConversationEnv, run_planned
from icatest.campaigns.sampler import ScenarioPlan, ScenarioSampler
from icatest.contracts import ConversationRecord


class PlanSource:
    """Hands out scenario indices: first the ones to redo (interrupted in an earlier session:
    whatever time budget is left), then the ones an outage of this session interrupted (once it
    is over, within the budget), then the others in order, skipping those already recorded."""

    def __init__(
        self,
        sampler: ScenarioSampler,
        done: set[int],
        control: StopControl,
        redo: Iterable[int] = (),
    ) -> None:
        self.sampler = sampler
        self.done = set(done)
        self.control = control
        self.redo = sorted(set(redo) - self.done)
        self.again: list[int] = []  # interrupted in this session, queued once the outage ended
        self.requeued: set[int] = set()  # at most once per session: a flapping assistant ends
        self.redoing: set[int] = set()  # indices handed out from `redo`
        self._next = 0

    def requeue(self, indices: Iterable[int]) -> None:
        """Run these interrupted scenarios again, before any new one (the assistant answers
        again); each at most once per session, the rest is left to --resume."""
        fresh = sorted(set(indices) - self.requeued)
        self.requeued.update(fresh)
        self.again.extend(fresh)

    def after(self, record: ConversationRecord, recorder: RunRecorder) -> None:
        """A conversation that ran its course with answers shows the assistant is up: queue what
        an outage cut (an interrupted one, answered before it was cut, shows nothing)."""
        if record.termination_reason in INTERRUPTED_ENDINGS:
            return
        if any(t.system is not None for t in record.turns):
            self.requeue(recorder.take_interrupted())

    def next(self) -> ScenarioPlan | None:
        if self.redo:
            if not self.control.claim(redo=True):
                return None
            index = self.redo.pop(0)
            self.done.add(index)
            self.redoing.add(index)
            return self.sampler.plan(index)
        if not self.control.claim():
            return None
        if self.again:
            return self.sampler.plan(self.again.pop(0))
        while self._next in self.done:
            self._next += 1
        plan = self.sampler.plan(self._next)
        self._next += 1
        return plan

    def is_redo(self, plan: ScenarioPlan) -> bool:
        return plan.index in self.redoing


async def run_local(
    source: PlanSource,
    recorder: RunRecorder,
    control: StopControl,
    env: ConversationEnv,
    concurrency: int,
) -> None:
    """Run until the source runs dry (budget, cap, interrupt); conversations in flight end after
    their turn, or at once at the deadline (redone ones are not held to it)."""

    def track(cid: str, gateway: object | None) -> None:
        if gateway is None:
            control.track(cid, None)
            return
        usage = gateway.usage  # type: ignore[attr-defined]
        control.track(cid, lambda: sum(u.cost_usd for u in usage.values()))

    async def lane() -> None:
        while await control.ready() and (plan := source.next()) is not None:
            recorder.started(
                plan.conversation_id, scenario_index=plan.scenario_index, trial=plan.trial,
                seed_id=plan.seed_id, persona=plan.persona, max_turns=plan.max_turns,
                redo=source.is_redo(plan),
            )
            redo = source.is_redo(plan)
            try:
                record = await run_planned(
                    plan, env,
                    control.should_stop_redo if redo else control.should_stop,
                    on_gateway=track,
                    cut=None if redo else control.cut,
                )
            except asyncio.CancelledError:
                recorder.abandoned(plan.conversation_id, "cancelled")
                control.release()
                raise
            recorder.finished(record)
            source.after(record, recorder)
            control.add_cost(sum(u.cost_usd for u in record.usage.values()))
            control.conversation_ended(record)

    await asyncio.gather(*(lane() for _ in range(concurrency)))
