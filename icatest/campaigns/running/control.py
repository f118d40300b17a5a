"""When to start and when to stop: time budget, cost budget, conversation cap, interruption.

`can_start` gates new conversations; `should_stop` is the engine's per-turn check, so a
conversation in flight ends after the turn it is in with a named reason and a partial record.
The time budget is also a hard deadline: `cut` returns at the deadline and the engine cancels
the model or assistant call in flight (`budget_exhausted`). Time while the circuit breaker is
open (`PauseClock`) moves the deadline back. Conversations redone after an interruption
(`redo=True`) are exempt from the time budget: resume finishes them whatever is left.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable

from icatest.campaigns.progress.state import PauseClock
from icatest.campaigns.running.breaker import OutageBreaker
from icatest.contracts import ConversationRecord, TerminationReason

CostProbe = Callable[[], float]


class StopControl:
    def __init__(
        self,
        *,
        budget_left_s: float | None,
        max_cost_usd: float | None,
        max_conversations: int | None,
        already_done: int = 0,
        already_spent_usd: float = 0.0,
        breaker: OutageBreaker | None = None,
        pauses: PauseClock | None = None,
    ) -> None:
        self.deadline = None if budget_left_s is None else time.monotonic() + budget_left_s
        self.pauses = pauses or PauseClock()
        self.max_cost_usd = max_cost_usd
        self.max_conversations = max_conversations
        self.started = already_done
        self.spent_usd = already_spent_usd
        self.interrupted = False
        self.breaker = breaker
        self._live: dict[str, CostProbe] = {}

    # -- inputs --------------------------------------------------------------------------------
    def interrupt(self) -> None:
        self.interrupted = True

    def add_cost(self, usd: float) -> None:
        self.spent_usd += usd

    def conversation_ended(self, record: ConversationRecord) -> None:
        """Feed the circuit breaker (an assistant that no longer answers trips it)."""
        if self.breaker is not None:
            self.breaker.conversation_ended(record)

    def track(self, conversation_id: str, probe: CostProbe | None) -> None:
        """Follow the live cost of a conversation in flight (None: it has ended)."""
        if probe is None:
            self._live.pop(conversation_id, None)
        else:
            self._live[conversation_id] = probe

    # -- decisions -----------------------------------------------------------------------------
    def cost_so_far(self) -> float:
        return self.spent_usd + sum(probe() for probe in list(self._live.values()))

    def time_left(self) -> float | None:
        """Budget seconds left (outage pauses credited back); None without a time budget."""
        if self.deadline is None:
            return None
        return self.deadline + self.pauses.paused_s - time.monotonic()

    def reason(self, *, redo: bool = False) -> TerminationReason | None:
        if self.interrupted:
            return TerminationReason.CANCELLED
        if self.breaker is not None and self.breaker.down:
            return TerminationReason.OUTAGE
        left = self.time_left()
        if not redo and left is not None and left <= 0:
            return TerminationReason.BUDGET_EXHAUSTED
        if self.max_cost_usd is not None and self.cost_so_far() >= self.max_cost_usd:
            return TerminationReason.COST_EXHAUSTED
        return None

    def should_stop(self) -> TerminationReason | None:
        return self.reason()

    def should_stop_redo(self) -> TerminationReason | None:
        """The per-turn check of a redone conversation: every limit but the time budget."""
        return self.reason(redo=True)

    async def cut(self) -> TerminationReason:
        """Returns at the deadline (pauses move it back while they last); never without one."""
        while True:
            left = self.time_left()
            if left is None:
                await asyncio.Event().wait()  # no time budget: only cancellation ends this
            elif left <= 0:
                return TerminationReason.BUDGET_EXHAUSTED
            else:
                await asyncio.sleep(left)

    def can_start(self, *, redo: bool = False) -> bool:
        if self.reason(redo=redo) is not None:
            return False
        if self.breaker is not None and self.breaker.health != "up":  # probing: wait
            return False
        return self.max_conversations is None or self.started < self.max_conversations

    async def ready(self) -> bool:
        """Wait while the circuit breaker probes a dead endpoint; False once it is down, or
        when the deadline passes meanwhile (pauses beyond the cap count against the budget)."""
        if self.breaker is None or self.breaker.health == "up":
            return True
        waiting = asyncio.ensure_future(self.breaker.wait_ready())
        deadline = asyncio.ensure_future(self.cut())
        try:
            await asyncio.wait({waiting, deadline}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (waiting, deadline):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        return waiting.done() and not waiting.cancelled() and waiting.result()

    def claim(self, *, redo: bool = False) -> bool:
        """Reserve a slot for one new conversation if one may start now (`redo`: one redone
        after an interruption, which the time budget does not hold back)."""
        if not self.can_start(redo=redo):
            return False
        self.started += 1
        return True

    def release(self) -> None:
        """A claimed slot that produced no record (hard cancel): free it for a later session."""
        self.started -= 1
