"""Assistants living in this process: a Python callable, a LangChain Runnable or LangGraph agent.

Useful for wiring an assistant under development straight into a campaign. Calls get the same
timeout, retry and latency treatment as HTTP assistants; an exception is retried and, if it
persists, becomes `SutReply.error` (`exception: ...`).
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from icatest.contracts.labels import SutErrorKind
from icatest.contracts.records import SutReply
from icatest.errors import ConfigError
from icatest.net.limits import RateLimiter
from icatest.sut.adapters.common import (
    History,
    Message,
    context_message,
    failed_reply,
    finish_reply,
)
from icatest.sut.adapters.config import CallPolicy
from icatest.sut.adapters.transport import RetryableError, with_retries

AssistantFn = Callable[..., Any]  # (utterance, history[, context=...]) -> str | Awaitable[str]
PYTHON_PREFIX = "python:"


def is_python_spec(sut: str | None) -> bool:
    return bool(sut) and str(sut).startswith(PYTHON_PREFIX)


def load_python_target(spec: str) -> Any:
    """`python:package.module:attr` -> the assistant object it names (a callable, a Runnable or a
    compiled LangGraph graph). The module is imported from the current folder first, then from
    the installed packages, as `python -m` would."""
    module_name, _, attr = spec.removeprefix(PYTHON_PREFIX).partition(":")
    if not module_name or not attr:
        raise ConfigError("--sut", f"expected python:MODULE:ATTRIBUTE, got {spec!r}")
    cwd = str(Path.cwd())
    if cwd not in sys.path:
        sys.path.insert(0, cwd)
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # the user's module: any import-time error is theirs to see
        raise ConfigError("--sut", f"cannot import {module_name!r}: {type(exc).__name__}: {exc}"
                          ) from None  # fmt: skip
    target: Any = module
    for part in attr.split("."):
        if not hasattr(target, part):
            raise ConfigError("--sut", f"{module_name!r} has no attribute {attr!r}")
        target = getattr(target, part)
    if not (callable(target) or hasattr(target, "ainvoke") or hasattr(target, "invoke")):
        problem = f"{spec!r} is a {type(target).__name__}, not a callable, Runnable or graph"
        raise ConfigError("--sut", problem)
    return target


class InProcessAssistant:
    """Wraps a callable or a Runnable (anything with `ainvoke`/`invoke`)."""

    def __init__(
        self,
        target: Any,
        *,
        policy: CallPolicy | None = None,
        limiter: RateLimiter | None = None,
        name: str | None = None,
    ) -> None:
        self.target = target
        self.policy = policy or CallPolicy(timeout_s=60.0, retries=1, backoff_base_s=0.2)
        self.limiter = limiter
        self.is_runnable = hasattr(target, "ainvoke") or hasattr(target, "invoke")
        self.wants_state = self.is_runnable and _is_langgraph(target)
        self.name = name or f"python:{getattr(target, '__name__', type(target).__name__)}"

    def session(
        self, conversation_id: str, *, context: Mapping[str, Any] | None = None
    ) -> InProcessSession:
        return InProcessSession(self, conversation_id, context)

    async def aclose(self) -> None:
        """The callable belongs to the caller; nothing to release."""


class InProcessSession:
    def __init__(
        self, owner: InProcessAssistant, conversation_id: str, context: Mapping[str, Any] | None
    ) -> None:
        self._owner = owner
        self.conversation_id = conversation_id
        self.context = dict(context) if context else None
        self.history = History()

    def preload(self, messages: list[Message]) -> bool:
        """Start from an earlier conversation (passed as history with every later turn)."""
        self.history.preload(messages)
        return True

    async def send(self, utterance: str) -> SutReply:
        owner = self._owner

        async def once() -> Any:
            try:
                return await self._invoke(utterance)
            except (TimeoutError, asyncio.CancelledError):
                raise
            except Exception as exc:
                text = str(exc).splitlines()[0][:200] if str(exc) else "no detail"
                raise RetryableError(
                    f"{type(exc).__name__}: {text}", SutErrorKind.EXCEPTION
                ) from None

        outcome = await with_retries(once, owner.policy, limiter=owner.limiter, grace_s=0.0)
        if outcome.error is not None:
            reply = failed_reply(outcome)
        else:
            reply = finish_reply(
                _to_text(outcome.data),
                latency_s=outcome.latency_s,
                attempts=outcome.attempts,
                max_chars=owner.policy.max_reply_chars,
                path="return value",
            )
        self.history.record(utterance, reply)
        return reply

    async def _invoke(self, utterance: str) -> Any:
        owner = self._owner
        history = [dict(m) for m in self.history.messages]
        if owner.is_runnable:
            ctx = context_message(self.context)
            messages: list[Message] = [*([ctx] if ctx else []), *history]
            messages.append({"role": "user", "content": utterance})
            payload: Any = {"messages": messages} if owner.wants_state else messages
            if hasattr(owner.target, "ainvoke"):
                return await owner.target.ainvoke(payload)
            return await asyncio.to_thread(owner.target.invoke, payload)
        kwargs = {"context": self.context} if _accepts_context(owner.target) else {}
        if inspect.iscoroutinefunction(owner.target) or inspect.iscoroutinefunction(
            getattr(owner.target, "__call__", None)  # noqa: B004
        ):
            return await owner.target(utterance, history, **kwargs)
        result = await asyncio.to_thread(owner.target, utterance, history, **kwargs)
        return await result if inspect.isawaitable(result) else result

    async def close(self) -> None:
        """Nothing to release."""


def _accepts_context(fn: Callable[..., Any]) -> bool:
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "context" or p.kind is p.VAR_KEYWORD for p in params)


def _is_langgraph(target: Any) -> bool:
    """Compiled LangGraph graphs take and return a state dict with `messages`."""
    try:
        from langgraph.pregel import Pregel
    except ImportError:
        return False
    return isinstance(target, Pregel)


def _to_text(result: Any) -> Any:
    """Text of a str, an AIMessage, a `{"messages": [...]}` state or an `{"output": ...}` dict."""
    if isinstance(result, str) or result is None:
        return result
    if isinstance(result, Mapping):
        if isinstance(result.get("messages"), list) and result["messages"]:
            return _to_text(result["messages"][-1])
        for key in ("output", "content", "text", "reply"):
            if key in result:
                return _to_text(result[key])
        return None
    content = getattr(result, "content", None)
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # content blocks
        parts = [b.get("text", "") if isinstance(b, Mapping) else str(b) for b in content]
        return "".join(parts)
    return None
