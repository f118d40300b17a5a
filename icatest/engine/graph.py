"""The conversation loop as a LangGraph StateGraph: wiring and the stop rule, nothing else.

init -> simulate_user -> channel -> call_assistant -> judge_turn -> update -+-> simulate_user ...
                                                                           +-> judge_conversation
                                                                               -> record
"""

from __future__ import annotations

from functools import cache
from typing import Any

from langgraph.graph import END, START, StateGraph

from icatest.engine import nodes
from icatest.engine.state import ConversationState
from icatest.engine.stop_rule import stop_reason

# The routers are coroutines on purpose: LangGraph runs a plain-function router in a thread
# pool executor under astream, i.e. two thread hand-offs per turn for a dict lookup.


async def route_after_update(state: ConversationState) -> str:
    return "judge_conversation" if stop_reason(state) is not None else "simulate_user"


async def route_after_simulation(state: ConversationState) -> str:
    return "judge_conversation" if state.get("simulator_error") else "channel"


def build_graph() -> StateGraph[ConversationState]:
    g = StateGraph(ConversationState)
    g.add_node("init", nodes.init)
    g.add_node("simulate_user", nodes.simulate_user)
    g.add_node("channel", nodes.channel)
    g.add_node("call_assistant", nodes.call_assistant)
    g.add_node("judge_turn", nodes.judge_turn_node)
    g.add_node("update", nodes.update)
    g.add_node("judge_conversation", nodes.judge_conversation_node)
    g.add_node("record", nodes.record_node)
    g.add_edge(START, "init")
    g.add_edge("init", "simulate_user")
    g.add_conditional_edges(
        "simulate_user", route_after_simulation, ["channel", "judge_conversation"]
    )
    g.add_edge("channel", "call_assistant")
    g.add_edge("call_assistant", "judge_turn")
    g.add_edge("judge_turn", "update")
    g.add_conditional_edges("update", route_after_update, ["simulate_user", "judge_conversation"])
    g.add_edge("judge_conversation", "record")
    g.add_edge("record", END)
    return g


@cache
def compiled_graph() -> Any:
    """The compiled loop, compiled once per process (no checkpointer: an interrupted
    conversation restarts from turn 0 on resume, see docs/campaigns.md)."""
    return build_graph().compile()
