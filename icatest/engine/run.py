"""Entry point: run one conversation through the graph and return its record."""

from __future__ import annotations

from icatest.contracts.labels import TerminationReason
from icatest.contracts.records import ConversationRecord
from icatest.contracts.scenario import Scenario
from icatest.engine.graph import compiled_graph
from icatest.engine.record import build_record
from icatest.engine.runtime import Runtime
from icatest.engine.state import ConversationState

NODES_PER_TURN = 5


async def run_conversation(scenario: Scenario, runtime: Runtime) -> ConversationRecord:
    """Hold the whole conversation. Never raises for assistant or model problems: every ending
    is a record with a termination reason (an unexpected bug ends as `internal_error`)."""
    graph = compiled_graph()
    config = {
        "configurable": {"runtime": runtime},
        "recursion_limit": NODES_PER_TURN * scenario.max_turns + 10,
    }
    last: ConversationState = {"scenario": scenario}
    try:
        async for values in graph.astream({"scenario": scenario}, config, stream_mode="values"):
            last = values
    except Exception as exc:  # keep what was done; name the ending
        last = {**last, "termination": TerminationReason.INTERNAL_ERROR}
        return build_record(last, runtime.gateway, runtime.catalog.strategies, error=_describe(exc))
    return last["record"]


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"[:500]
