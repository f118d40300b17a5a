"""What LangGraph itself costs per turn on the engine's graph (docs/campaigns.md).

    python experiments/benchmarks/langgraph_floor.py [--conversations 200] [--turns 9]

Builds the loop of icatest/engine/graph.py (the same nodes, edges and coroutine routers, the same
state schema) with nodes that do nothing but return the one key a real node returns, runs it as
`run_conversation` does (`astream`, `stream_mode="values"`, no checkpointer) and prints the CPU
time per turn: the part of `icatest bench`'s engine overhead that no node can take away. A
second row runs the same work with the two routers replaced by `Command` returns, a third with
four supersteps a turn (the `channel` node folded into `call_assistant`), to show what wiring
changes would buy.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from importlib.metadata import version
from typing import Any

from langgraph.graph import END, START, StateGraph
from langgraph.types import Command

from icatest.engine.state import ConversationState

TURN_NODES = ["simulate_user", "channel", "call_assistant", "judge_turn"]
KEYS = {"simulate_user": "utterance", "channel": "heard", "call_assistant": "reply",
        "judge_turn": "verdict"}


def _writer(key: str) -> Any:
    async def node(state: ConversationState) -> dict[str, Any]:
        return {key: None}
    return node


def _graph(turns: int, *, command: bool, fold_channel: bool) -> Any:
    g = StateGraph(ConversationState)
    steps = [n for n in TURN_NODES if not (fold_channel and n == "channel")]

    async def init(state: ConversationState) -> dict[str, Any]:
        return {"turns": [], "targets": []}

    async def update(state: ConversationState) -> Any:
        done = [*state["turns"], None]
        if command:
            goto = "judge_conversation" if len(done) >= turns else "simulate_user"
            return Command(update={"turns": done}, goto=goto)
        return {"turns": done}

    async def after_update(state: ConversationState) -> str:
        return "judge_conversation" if len(state["turns"]) >= turns else "simulate_user"

    async def after_simulation(state: ConversationState) -> str:
        return "judge_conversation" if state.get("simulator_error") else steps[1]

    g.add_node("init", init)
    for name in steps:
        g.add_node(name, _writer(KEYS[name]))
    if command:
        g.add_node("update", update, destinations=("simulate_user", "judge_conversation"))
    else:
        g.add_node("update", update)
    g.add_node("judge_conversation", _writer("conversation_verdict"))
    g.add_node("record", _writer("record"))
    g.add_edge(START, "init")
    g.add_edge("init", steps[0])
    if command:
        g.add_edge(steps[0], steps[1])
    else:
        g.add_conditional_edges(steps[0], after_simulation, [steps[1], "judge_conversation"])
    for a, b in zip(steps[1:], [*steps[2:], "update"], strict=True):
        g.add_edge(a, b)
    if not command:
        g.add_conditional_edges("update", after_update, ["simulate_user", "judge_conversation"])
    g.add_edge("judge_conversation", "record")
    g.add_edge("record", END)
    return g.compile()


async def _cpu_ms_per_turn(graph: Any, conversations: int, turns: int) -> float:
    config = {"recursion_limit": 6 * turns + 10}

    async def one() -> None:
        async for _ in graph.astream({}, config, stream_mode="values"):
            pass

    for _ in range(10):  # warm-up
        await one()
    c0 = time.process_time()
    for _ in range(conversations):
        await one()
    return round(1000 * (time.process_time() - c0) / (conversations * turns), 3)


async def _measure(conversations: int, turns: int) -> dict[str, Any]:
    rows: dict[str, Any] = {"langgraph": version("langgraph"), "turns": turns}
    for name, command, fold in [("design_graph", False, False), ("command_routing", True, False),
                                ("four_supersteps", False, True)]:
        graph = _graph(turns, command=command, fold_channel=fold)
        rows[f"{name}_cpu_ms_per_turn"] = await _cpu_ms_per_turn(graph, conversations, turns)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--conversations", type=int, default=200)
    parser.add_argument("--turns", type=int, default=9)
    args = parser.parse_args()
    load = " ".join(open("/proc/loadavg").read().split()[:3])
    figures = asyncio.run(_measure(args.conversations, args.turns))
    print(json.dumps({**figures, "load_before": load}))


if __name__ == "__main__":
    main()
