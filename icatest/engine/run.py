"""Entry point: run one conversation through the graph and return its record."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any

from icatest.contracts.labels import TerminationReason
from icatest.contracts.records import ConversationRecord, ConversationVerdict
from icatest.contracts.scenario import Scenario
from icatest.engine.graph import compiled_graph
from icatest.engine.record import build_record
from icatest.engine.runtime import CutSignal, Runtime
from icatest.engine.state import ConversationState

NODES_PER_TURN = 5
# how long a cancelled call may take to unwind before the record is written without waiting
CANCEL_GRACE_S = 2.0


async def run_conversation(scenario: Scenario, runtime: Runtime) -> ConversationRecord:
    """Hold the whole conversation. Never raises for assistant or model problems: every ending
    is a record with a termination reason (an unexpected bug ends as `internal_error`, a cut by
    the campaign's deadline as the reason the cut gave)."""
    graph = compiled_graph()
    config = {
        "configurable": {"runtime": runtime},
        "recursion_limit": NODES_PER_TURN * scenario.max_turns + 10,
    }
    last: ConversationState = {"scenario": scenario}

    async def stream() -> None:
        nonlocal last
        async for values in graph.astream({"scenario": scenario}, config, stream_mode="values"):
            last = values

    try:
        cut = await until_cut(stream(), runtime.cut)
    except Exception as exc:  # keep what was done; name the ending
        last = {**last, "termination": TerminationReason.INTERNAL_ERROR}
        return build_record(
            last,
            runtime.gateway,
            runtime.catalog.strategies,
            error=_describe(exc),
            bookkeeping=runtime.bookkeeping,
        )
    if cut is not None:
        return cut_record(last, runtime, cut)
    return last["record"]


async def until_cut(
    work: Coroutine[Any, Any, None], cut: CutSignal | None
) -> TerminationReason | None:
    """Run `work` to its end, or until `cut` fires: then cancel it (the model or assistant call
    in flight with it) and return the cut's reason. Exceptions of `work` propagate."""
    if cut is None:
        await work
        return None
    task = asyncio.ensure_future(work)
    stopper = asyncio.ensure_future(cut())
    fired = False
    try:
        await asyncio.wait({task, stopper}, return_when=asyncio.FIRST_COMPLETED)
        fired = not task.done()  # the cut came first: whatever the work does now is cut
    finally:
        if not task.done():
            task.cancel()
            # a call that ignores cancellation must not hold the record back
            await asyncio.wait({task}, timeout=CANCEL_GRACE_S)
        stopper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await stopper
    if fired:
        return stopper.result()
    if task.cancelled():
        raise RuntimeError("the conversation was cancelled from inside")
    task.result()  # finished (or failed) before the cut: that ending wins
    return None


def cut_record(
    state: ConversationState, runtime: Runtime, reason: TerminationReason
) -> ConversationRecord:
    """The turns done before the cut, ended with `reason` and no conversation verdict."""
    verdict = ConversationVerdict(scored=False, unscored_reason=f"ended early: {reason.value}")
    ended: ConversationState = {**state, "termination": reason, "conversation_verdict": verdict}
    return build_record(
        ended, runtime.gateway, runtime.catalog.strategies, bookkeeping=runtime.bookkeeping
    )


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"[:500]
