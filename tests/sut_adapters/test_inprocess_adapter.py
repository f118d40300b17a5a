"""In-process adapters: plain callables, LangChain Runnables and compiled LangGraph agents."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from langchain_core.messages import AIMessage
from langchain_core.runnables import RunnableLambda

from icatest.sut.adapters import CallPolicy, InProcessAssistant

FAST = CallPolicy(timeout_s=0.5, retries=1, backoff_base_s=0.01, backoff_max_s=0.02)


def echo(utterance: str, history: list[dict[str, str]]) -> str:
    return f"{len(history)}:{utterance}"


async def test_sync_callable_gets_history() -> None:
    session = InProcessAssistant(echo, policy=FAST).session("c")
    assert (await session.send("a")).text == "0:a"
    second = await session.send("b")
    assert second.text == "2:b" and second.latency_s >= 0 and second.error is None


async def test_async_callable_with_context() -> None:
    seen: dict[str, Any] = {}

    async def assistant(utterance: str, history: list[Any], context: Any = None) -> str:
        seen["context"] = context
        return utterance.upper()

    session = InProcessAssistant(assistant, policy=FAST).session("c", context={"time": "23:00"})
    assert (await session.send("hi")).text == "HI"
    assert seen["context"] == {"time": "23:00"}


async def test_exception_is_retried_then_reported() -> None:
    calls = []

    def flaky(utterance: str, history: list[Any]) -> str:
        calls.append(utterance)
        if len(calls) == 1:
            raise ConnectionError("backend down")
        return "ok"

    assert (await InProcessAssistant(flaky, policy=FAST).session("c").send("x")).text == "ok"

    def broken(utterance: str, history: list[Any]) -> str:
        raise ValueError("nope")

    reply = await InProcessAssistant(broken, policy=FAST).session("c").send("x")
    assert reply.error == "exception: ValueError: nope (after 2 attempts)"


async def test_timeout() -> None:
    async def slow(utterance: str, history: list[Any]) -> str:
        await asyncio.sleep(5)
        return "late"

    start = time.monotonic()
    reply = await InProcessAssistant(slow, policy=FAST).session("c").send("x")
    assert reply.error_kind == "timeout" and time.monotonic() - start < 3.0


async def test_non_text_return_is_malformed_and_long_text_truncated() -> None:
    reply = await InProcessAssistant(lambda u, h: {"weird": 1}, policy=FAST).session("c").send("x")
    assert reply.error_kind == "malformed"
    policy = FAST.model_copy(update={"max_reply_chars": 10})
    reply = await InProcessAssistant(lambda u, h: "y" * 50, policy=policy).session("c").send("x")
    assert reply.truncated and reply.text == "y" * 10


async def test_langchain_runnable_gets_messages() -> None:
    received: list[Any] = []

    def model(messages: list[dict[str, str]]) -> AIMessage:
        received.append(messages)
        return AIMessage(content=f"heard {messages[-1]['content']}")

    assistant = InProcessAssistant(RunnableLambda(model), policy=FAST)
    session = assistant.session("c", context={"location": "Garching"})
    await session.send("one")
    reply = await session.send("two")
    assert reply.text == "heard two"
    roles = [m["role"] for m in received[-1]]
    assert roles == ["system", "user", "assistant", "user"]
    assert received[-1][0]["content"].startswith("CONTEXT: ")


async def test_compiled_langgraph_agent() -> None:
    from langgraph.graph import END, START, MessagesState, StateGraph

    def agent(state: MessagesState) -> dict[str, Any]:
        last = state["messages"][-1].content
        return {"messages": [AIMessage(content=f"{len(state['messages'])} msgs, last {last}")]}

    graph = StateGraph(MessagesState)
    graph.add_node("agent", agent)
    graph.add_edge(START, "agent")
    graph.add_edge("agent", END)
    compiled = graph.compile()
    session = InProcessAssistant(compiled, policy=FAST).session("c")
    assert (await session.send("hello")).text == "1 msgs, last hello"
    assert (await session.send("again")).text == "3 msgs, last again"
