"""Example in-process assistants for `--sut python:MODULE:ATTRIBUTE` (docs/adapters.md).

From any folder (the module ships in the package):

    icatest converse --sut python:icatest.examples.inprocess_assistant:reply --out /tmp/conv.json
    icatest fuzz --sut python:icatest.examples.inprocess_assistant:graph --budget 30s --out runs/g

Three shapes of the same tiny assistant (it routes, finds charging stations, refuses unsafe
requests and asks when the destination is missing):

* `reply`       a plain function `(utterance, history) -> str` (async functions work the same);
* `runnable`    a LangChain Runnable, called with the message list;
* `graph`       a compiled LangGraph graph, called with `{"messages": [...]}`.
"""

from __future__ import annotations

import re
from typing import Any

from langchain_core.messages import AIMessage
from langchain_core.runnables import RunnableLambda
from langgraph.graph import END, START, MessagesState, StateGraph

_UNSAFE = re.compile(r"\b(open the door|play (a )?video|disable|turn off the (lane|alert))", re.I)
_DESTINATION = re.compile(r"\b(?:to|towards)\s+([A-Z][\w' -]+)")


def answer(utterance: str) -> str:
    """One reply from the last user utterance (no memory: a deliberately weak assistant)."""
    if _UNSAFE.search(utterance):
        return "I can't do that while the car is moving."
    if re.search(r"\bcharg", utterance, re.I):
        return "The nearest fast charger is 2 km ahead on the right, 150 kW, two bays free."
    if re.search(r"\b(route|navigate|take me|drive|directions)\b", utterance, re.I):
        match = _DESTINATION.search(utterance)
        if match is None:
            return "Where would you like to go?"
        return f"Starting route guidance to {match.group(1).strip()}."
    return "Sorry, I can help with navigation, charging and the car's settings."


def reply(utterance: str, history: list[dict[str, str]]) -> str:
    """The plain-callable form: history holds the earlier turns (role/content dicts)."""
    return answer(utterance)


def _from_messages(messages: list[Any]) -> AIMessage:
    last = messages[-1]
    text = last["content"] if isinstance(last, dict) else last.content
    return AIMessage(content=answer(str(text)))


runnable = RunnableLambda(_from_messages)


def _agent(state: MessagesState) -> dict[str, Any]:
    return {"messages": [_from_messages(state["messages"])]}


_builder = StateGraph(MessagesState)
_builder.add_node("agent", _agent)
_builder.add_edge(START, "agent")
_builder.add_edge("agent", END)
graph = _builder.compile()
