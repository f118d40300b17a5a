"""Scripted stand-ins for the engine and the assistant: campaign tests and overhead benchmarks.

They honour the same contracts as the real ones (Runtime.should_stop after every turn, one
assistant session per conversation, usage on the gateway) with controllable latency, so budget,
resume and scale-out behaviour can be checked without the models. Latency and cost come from the
environment so the settings also reach Dask worker processes and subprocesses:
ICATEST_SCRIPTED_TURN_S (engine time per turn), ICATEST_SCRIPTED_SUT_S (assistant latency),
ICATEST_SCRIPTED_COST (USD per turn).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import time
from collections.abc import AsyncIterator
from dataclasses import asdict
from typing import Any

from icatest.contracts import (
    ConversationRecord,
    FailureMode,
    Role,
    RoleUsage,
    Scenario,
    SutReply,
    TerminationReason,
    TurnRecord,
)
from icatest.engine.record import Bookkeeping, scenario_fields
from icatest.engine.runtime import Runtime
from icatest.net.limits import RateLimiter


def _env_float(name: str, default: float = 0.0) -> float:
    return float(os.environ.get(name, default))


class ScriptedSession:
    def __init__(self, latency_s: float, limiter: RateLimiter | None = None) -> None:
        self.latency_s = latency_s
        self.limiter = limiter
        self.turns = 0

    async def send(self, utterance: str) -> SutReply:
        async with self.limiter or contextlib.nullcontext():
            if self.latency_s:
                await asyncio.sleep(self.latency_s)
        self.turns += 1
        return SutReply(text=f"ok: {utterance}", latency_s=self.latency_s)

    async def close(self) -> None:
        return None


class ScriptedAssistant:
    name = "scripted"

    def __init__(self, latency_s: float = 0.0, limiter: RateLimiter | None = None) -> None:
        self.latency_s = latency_s
        self.limiter = limiter
        self.sessions: dict[str, ScriptedSession] = {}

    def session(
        self, conversation_id: str, context: dict[str, Any] | None = None
    ) -> ScriptedSession:
        sess = ScriptedSession(self.latency_s, self.limiter)
        self.sessions[conversation_id] = sess
        return sess

    async def aclose(self) -> None:
        return None


@contextlib.asynccontextmanager
async def open_scripted_assistant(config: Any, limiter: Any) -> AsyncIterator[ScriptedAssistant]:
    yield ScriptedAssistant(_env_float("ICATEST_SCRIPTED_SUT_S"), limiter)


# what a judge or a probe could give (the engine's assistant_error is not a pseudo-judgement)
SCRIPTED_LABELS = [m for m in FailureMode if m is not FailureMode.ASSISTANT_ERROR]


async def run_scripted_conversation(scenario: Scenario, runtime: Runtime) -> ConversationRecord:
    """max_turns turns: send, 'judge' (deterministic pseudo-failures), check the stop rule."""
    rng = random.Random(scenario.rng_seed)
    turn_s = _env_float("ICATEST_SCRIPTED_TURN_S")
    cost = _env_float("ICATEST_SCRIPTED_COST")
    usage = runtime.gateway.usage.setdefault(Role.SIMULATOR, RoleUsage(model="scripted"))
    started = time.time()
    turns: list[TurnRecord] = []
    failure_turns: dict[str, list[int]] = {}
    reason = TerminationReason.MAX_TURNS_REACHED
    for n in range(scenario.max_turns):
        reply = await runtime.session.send(f"{scenario.seed.phrase} ({n})")
        if turn_s:
            await asyncio.sleep(turn_s)
        usage.calls += 1
        usage.cost_usd += cost
        strategies = [] if scenario.mode.value == "baseline" else ["constraint_stacking"]
        turn = TurnRecord(turn_number=n, user=f"u{n}", system=reply.text, strategies=strategies)
        turns.append(turn)
        if rng.random() < 0.2:
            label = rng.choice(SCRIPTED_LABELS).value
            failure_turns.setdefault(label, []).append(n)
        if runtime.on_turn:
            runtime.on_turn(scenario.conversation_id, turn)
        stop = runtime.should_stop()
        if stop is not None:
            reason = stop
            break
    passed = not failure_turns
    return ConversationRecord(
        **scenario_fields(scenario),
        **asdict(runtime.bookkeeping or Bookkeeping()),
        turns=turns,
        discovered_failures=sorted(failure_turns),
        failure_turns=failure_turns,
        success_score=1.0 if passed else 0.5,
        success_decision="pass" if passed else "fail",
        termination_reason=reason,
        is_complete=reason == TerminationReason.MAX_TURNS_REACHED,
        models=runtime.gateway.models(),
        usage=dict(runtime.gateway.usage),
        started_at=started,
        ended_at=time.time(),
        duration=time.time() - started,
    )


# what campaign tests and benchmarks pass to run_campaign(engine=..., opener=...)
ENGINE = run_scripted_conversation
OPENER = open_scripted_assistant
