"""Scale-out on Dask: workers run whole conversations and return records; the driver writes.

Each task rebuilds scenario i from (rng_seed, i), opens its own assistant session on the same
endpoint (for `reference`, the driver starts ONE reference server and hands its URL to every
worker), builds its own gateway and limiters, and returns the record as JSON. The driver keeps
at most `concurrency` tasks in flight and streams results into the usual run directory.

Budgets: tasks get the wall-clock deadline and the remaining cost budget (clocks of the cluster
are assumed synchronised); at the deadline a task cancels its call in flight and returns its
partial record (`budget_exhausted`), and the driver stops waiting `REMOTE_GRACE_S` later: a task
still out then (a lost or wedged worker) is cancelled and recorded from its plan, cut by the
budget. A redone conversation (resume) gets no deadline. On an interrupt the driver stops
submitting and sets a Dask Event the tasks poll, so they end after their current turn. Rate limits
apply per task process: rpm and concurrent-call limits are divided across workers. Outage pauses
move the driver's deadline, not that of tasks already submitted.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import math
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from icatest.campaigns.config import CampaignConfig, Limits
from icatest.campaigns.progress.state import record_cost
from icatest.campaigns.recording.recorder import RunRecorder
from icatest.campaigns.running.control import StopControl
from icatest.campaigns.running.conversation import (
    ConversationEnv,
    EngineFn,
    cut_record,
    run_planned,
)
from icatest.campaigns.running.local import PlanSource
from icatest.campaigns.running.sut import (
    AssistantOpener,
    default_opener,
    reference_client,
    shared_local_llm,
    shared_reference,
)
from icatest.campaigns.sampler import ScenarioPlan
from icatest.catalog import Catalog, load_catalog
from icatest.contracts import ConversationRecord, Mode, TerminationReason
from icatest.engine.plan import ConversationPlan
from icatest.net.limits import RateLimiter

REMOTE_GRACE_S = 8.0  # after the deadline: how long the driver waits for tasks to report


@contextlib.asynccontextmanager
async def _client(config: CampaignConfig) -> AsyncIterator[Any]:
    from distributed import Client, LocalCluster

    if config.executor == "dask":
        async with Client(config.scheduler, asynchronous=True) as client:
            yield client
        return
    threads = max(1, math.ceil(config.concurrency / config.workers))
    async with LocalCluster(
        host="127.0.0.1",
        dashboard_address=None,
        n_workers=config.workers,
        threads_per_worker=threads,
        processes=True,
        asynchronous=True,
    ) as cluster, Client(cluster, asynchronous=True) as client:
        yield client


@contextlib.asynccontextmanager
async def _shared_sut(
    config: CampaignConfig, opener: AssistantOpener
) -> AsyncIterator[tuple[str | None, CampaignConfig]]:
    """For `reference` and `llm:` (with the default opener), one server in the driver for every
    worker: the reference server's URL, or the config that reaches the llm: server by URL."""
    if opener is not default_opener:
        yield None, config
        return
    async with shared_reference(config) as url, shared_local_llm(config) as worker_config:
        yield url, worker_config


async def run_dask(
    config: CampaignConfig,
    source: PlanSource,
    recorder: RunRecorder,
    control: StopControl,
    engine: EngineFn,
    opener: AssistantOpener,
    run_id: str,
) -> None:
    from distributed import Event, as_completed

    async with _shared_sut(config, opener) as (reference_url, worker_config), _client(
        config
    ) as client:
        n_workers = max(1, len(client.scheduler_info().get("workers", {})) or config.workers)
        stop_event = Event(f"icatest-stop-{run_id}", client=client)
        payload = {
            "config": worker_config.model_dump(mode="json"),
            "engine": engine,  # functions: a worker unpickles them by module and name
            "opener": opener,
            # the turn checks registered here (a worker process registered none of its own)
            "turn_checks": ConversationPlan(models={}).turn_checks,
            "run_id": run_id,
            "reference_url": reference_url,
            "stop_event": stop_event.name,
            "n_workers": n_workers,
        }
        pending = as_completed([], with_results=False)
        in_flight: dict[str, ScenarioPlan] = {}

        def submit() -> bool:
            plan = source.next()
            if plan is None:
                return False
            redo = source.is_redo(plan)
            recorder.started(plan.conversation_id, scenario_index=plan.scenario_index,
                             trial=plan.trial, seed_id=plan.seed_id, persona=plan.persona,
                             max_turns=plan.max_turns, redo=redo)
            task = {**payload, "plan": plan.as_dict(), **_budget(control, redo)}
            fut = client.submit(run_task, task, pure=False, key=f"conv-{plan.conversation_id}")
            in_flight[fut.key] = plan
            pending.add(fut)
            return True

        while len(in_flight) < config.concurrency and submit():
            pass
        stopped = False

        async def collect() -> None:
            nonlocal stopped
            async for fut in pending:
                plan = in_flight.pop(fut.key)
                try:
                    data = await fut
                except Exception as exc:  # lost worker: redone on resume
                    recorder.abandoned(plan.conversation_id, f"{type(exc).__name__}: {exc}")
                    control.release()
                else:
                    record = ConversationRecord.model_validate(data)
                    recorder.finished(record)
                    source.after(record, recorder)
                    control.add_cost(record_cost(data))
                    control.conversation_ended(record)
                if control.interrupted and not stopped:
                    stopped = True
                    await stop_event.set()
                if not control.interrupted and await control.ready():
                    submit()

        late = False
        try:
            late = await _until_deadline_or_done(collect(), control, in_flight, source)
        finally:
            if in_flight:
                await client.cancel(list(pending.futures))
                _settle(in_flight, late, config, recorder, control, run_id)


def _settle(
    in_flight: dict[str, ScenarioPlan],
    late: bool,
    config: CampaignConfig,
    recorder: RunRecorder,
    control: StopControl,
    run_id: str,
) -> None:
    """Tasks cancelled by the driver: cut by the deadline (a record from the plan), or by an
    interrupt (no record: redone on resume)."""
    catalog = _catalog(str(config.data_dir) if config.data_dir else None, config.only_user_data)
    for plan in in_flight.values():
        if late:
            why = f"no result from the worker {REMOTE_GRACE_S:g} s after the deadline"
            reason = TerminationReason.BUDGET_EXHAUSTED
            recorder.finished(cut_record(catalog, plan, run_id, reason, why))
        else:
            recorder.abandoned(plan.conversation_id, "cancelled")
            control.release()


async def _until_deadline_or_done(
    collect: Any, control: StopControl, in_flight: dict[str, ScenarioPlan], source: PlanSource
) -> bool:
    """Collect results until none are out, or until REMOTE_GRACE_S after the deadline while
    budgeted tasks are still out (True: those are late; redone ones are waited for)."""
    work = asyncio.ensure_future(collect)

    async def deadline_passed() -> None:
        await control.cut()
        await asyncio.sleep(REMOTE_GRACE_S)
        while any(source.is_redo(p) for p in in_flight.values()):  # not held to the budget
            await asyncio.sleep(1.0)

    timer = asyncio.ensure_future(deadline_passed())
    try:
        await asyncio.wait({work, timer}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (work, timer):
            if not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
    if work.done() and not work.cancelled():
        work.result()
        return False
    return True


def _budget(control: StopControl, redo: bool = False) -> dict[str, Any]:
    left = None if redo else control.time_left()
    cost_left = None
    if control.max_cost_usd is not None:
        cost_left = control.max_cost_usd - control.cost_so_far()
    return {"deadline": None if left is None else time.time() + left, "cost_left": cost_left}


# -- worker side ---------------------------------------------------------------------------------
@functools.lru_cache(maxsize=4)
def _catalog(data_dir: str | None, only_user_data: bool) -> Catalog:
    return load_catalog(Path(data_dir) if data_dir else None, only_user_data=only_user_data)


def _split(limits: Limits, n: int) -> RateLimiter | None:
    if limits.max_concurrent is None and limits.rpm is None:
        return None
    conc = None if limits.max_concurrent is None else max(1, limits.max_concurrent // n)
    rpm = None if limits.rpm is None else limits.rpm / n
    return RateLimiter(conc, rpm)


def run_task(task: dict[str, Any]) -> dict[str, Any]:
    """Executed on a worker (in a thread): one whole conversation, its record as JSON."""
    stop = threading.Event()
    watcher = threading.Thread(target=_watch, args=(task["stop_event"], stop), daemon=True)
    watcher.start()
    try:
        record = asyncio.run(_run_task(task, stop))
    finally:
        stop.set()
    return record.model_dump(mode="json")


def _watch(name: str, stop: threading.Event) -> None:
    """Poll the driver's stop event (interrupt) twice a second until the task ends."""
    try:
        from distributed import Event, get_client

        event = Event(name, client=get_client())
    except Exception:
        return
    while not stop.wait(0.5):
        try:
            if event.is_set():
                stop.set()
        except Exception:
            return


async def _run_task(task: dict[str, Any], stop: threading.Event) -> ConversationRecord:
    config = CampaignConfig.model_validate(task["config"])
    plan_data = dict(task["plan"])
    plan_data["mode"] = Mode(plan_data["mode"])
    plan = ScenarioPlan(**plan_data)
    n = int(task["n_workers"])
    limiter = _split(config.sut_limits, n)
    deadline, cost_left = task["deadline"], task["cost_left"]
    async with _open(task, config, limiter) as assistant:
        limiters = {role: _split(config.model_limits, n) for role in config.roles()}
        env = ConversationEnv(
            catalog=_catalog(str(config.data_dir) if config.data_dir else None,
                             config.only_user_data),  # fmt: skip
            assistant=assistant,
            conversation=ConversationPlan(
                models=config.roles(),
                settings=config.model_settings,
                turn_checks=task["turn_checks"],
            ),
            limiters={k: v for k, v in limiters.items() if v is not None},
            engine=task["engine"],
            run_id=task["run_id"],
        )
        gateways: list[Any] = []  # this conversation's gateway, for its live cost

        def should_stop() -> TerminationReason | None:
            if stop.is_set():
                return TerminationReason.CANCELLED
            if deadline is not None and time.time() >= deadline:
                return TerminationReason.BUDGET_EXHAUSTED
            spent = sum(u.cost_usd for g in gateways for u in g.usage.values())
            if cost_left is not None and spent >= cost_left:
                return TerminationReason.COST_EXHAUSTED
            return None

        def track(cid: str, gateway: Any) -> None:
            if gateway is not None:
                gateways.append(gateway)

        async def cut() -> TerminationReason:
            if deadline is None:
                await asyncio.Event().wait()
            await asyncio.sleep(max(0.0, deadline - time.time()))
            return TerminationReason.BUDGET_EXHAUSTED

        return await run_planned(plan, env, should_stop, on_gateway=track, cut=cut)


@contextlib.asynccontextmanager
async def _open(task: dict[str, Any], config: CampaignConfig, limiter: Any) -> AsyncIterator[Any]:
    url = task.get("reference_url")
    if url:
        async with reference_client(url, limiter, config) as assistant:
            yield assistant
        return
    async with task["opener"](config, limiter) as assistant:
        yield assistant
