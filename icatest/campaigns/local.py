"""The local executor: N conversations at once on one asyncio loop, one shared assistant."""

from __future__ import annotations

import asyncio

from icatest.campaigns.control import StopControl
from icatest.campaigns.conversation import ConversationEnv, run_planned
from icatest.campaigns.recorder import RunRecorder
from icatest.campaigns.sampler import ScenarioPlan, ScenarioSampler


class PlanSource:
    """Hands out scenario indices in order, skipping those already recorded."""

    def __init__(self, sampler: ScenarioSampler, done: set[int], control: StopControl) -> None:
        self.sampler = sampler
        self.done = done
        self.control = control
        self._next = 0

    def next(self) -> ScenarioPlan | None:
        if not self.control.claim():
            return None
        while self._next in self.done:
            self._next += 1
        plan = self.sampler.plan(self._next)
        self._next += 1
        return plan


async def run_local(
    source: PlanSource,
    recorder: RunRecorder,
    control: StopControl,
    env: ConversationEnv,
    concurrency: int,
) -> None:
    """Run until the source runs dry (budget, cap, interrupt); in-flight ones end by themselves."""

    def track(cid: str, gateway: object | None) -> None:
        if gateway is None:
            control.track(cid, None)
            return
        usage = gateway.usage  # type: ignore[attr-defined]
        control.track(cid, lambda: sum(u.cost_usd for u in usage.values()))

    async def lane() -> None:
        while await control.ready() and (plan := source.next()) is not None:
            recorder.started(
                plan.conversation_id, scenario_index=plan.index, seed_id=plan.seed_id,
                persona=plan.persona, max_turns=plan.max_turns,
            )
            try:
                record = await run_planned(plan, env, control.should_stop, on_gateway=track)
            except asyncio.CancelledError:
                recorder.abandoned(plan.conversation_id, "cancelled")
                control.release()
                raise
            recorder.finished(record)
            control.add_cost(sum(u.cost_usd for u in record.usage.values()))
            control.conversation_ended(record)

    await asyncio.gather(*(lane() for _ in range(concurrency)))
