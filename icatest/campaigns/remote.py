"""Scale-out on Dask: workers run whole conversations and return records; the driver writes.

Each task rebuilds scenario i from (rng_seed, i), opens its own assistant session on the same
endpoint (for `reference`, the driver starts ONE reference server and hands its URL to every
worker), builds its own gateway and limiters, and returns the record as JSON. The driver keeps
at most `concurrency` tasks in flight and streams results into the usual run directory.

Budgets: tasks get the wall-clock deadline and the remaining cost budget (clocks of the cluster
are assumed synchronised); on an interrupt the driver stops submitting and sets a Dask Event the
tasks poll, so they end after their current turn. Rate limits apply per task process: rpm and
concurrent-call limits are divided across workers.
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
from icatest.campaigns.control import StopControl
from icatest.campaigns.conversation import ConversationEnv, resolve, run_planned
from icatest.campaigns.local import PlanSource
from icatest.campaigns.progress import record_cost
from icatest.campaigns.recorder import RunRecorder
from icatest.campaigns.sampler import ScenarioPlan
from icatest.campaigns.sut import DEFAULT_OPENER, reference_client, shared_reference
from icatest.catalog import Catalog, load_catalog
from icatest.contracts import ConversationRecord, Mode, TerminationReason
from icatest.limits import RateLimiter


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
async def _shared_sut(config: CampaignConfig, opener: str) -> AsyncIterator[str | None]:
    """For `reference` (with the default opener), one server in the driver for every worker."""
    if opener != DEFAULT_OPENER:
        yield None
        return
    async with shared_reference(config) as url:
        yield url


async def run_dask(
    config: CampaignConfig,
    source: PlanSource,
    recorder: RunRecorder,
    control: StopControl,
    engine: str,
    opener: str,
    run_id: str,
) -> None:
    from distributed import Event, as_completed

    async with _shared_sut(config, opener) as reference_url, _client(config) as client:
        n_workers = max(1, len(client.scheduler_info().get("workers", {})) or config.workers)
        stop_event = Event(f"icatest-stop-{run_id}", client=client)
        payload = {
            "config": config.model_dump(mode="json"),
            "engine": engine,
            "opener": opener,
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
            recorder.started(plan.conversation_id, scenario_index=plan.index,
                             seed_id=plan.seed_id, persona=plan.persona, max_turns=plan.max_turns)
            task = {**payload, "plan": plan.as_dict(), **_budget(control)}
            fut = client.submit(run_task, task, pure=False, key=f"conv-{plan.conversation_id}")
            in_flight[fut.key] = plan
            pending.add(fut)
            return True

        while len(in_flight) < config.concurrency and submit():
            pass
        stopped = False
        try:
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
                    control.add_cost(record_cost(data))
                    control.conversation_ended(record)
                if control.interrupted and not stopped:
                    stopped = True
                    await stop_event.set()
                if not control.interrupted and await control.ready():
                    submit()
        finally:
            if in_flight:
                await client.cancel(list(pending.futures))
                for plan in in_flight.values():
                    recorder.abandoned(plan.conversation_id, "cancelled")
                    control.release()


def _budget(control: StopControl) -> dict[str, Any]:
    left = control.time_left()
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
            roles=config.roles(),
            settings=config.model_settings,
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

        return await run_planned(plan, env, should_stop, on_gateway=track)


@contextlib.asynccontextmanager
async def _open(task: dict[str, Any], config: CampaignConfig, limiter: Any) -> AsyncIterator[Any]:
    url = task.get("reference_url")
    if url:
        async with reference_client(url, limiter) as assistant:
            yield assistant
        return
    async with resolve(task["opener"])(config, limiter) as assistant:
        yield assistant
