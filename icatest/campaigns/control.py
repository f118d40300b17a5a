"""When to start and when to stop: time budget, cost budget, conversation cap, interruption.

`can_start` gates new conversations; `should_stop` is the engine's per-turn check, so a
conversation in flight ends after the turn it is in with a named reason and a partial record.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from icatest.campaigns.breaker import OutageBreaker
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
    ) -> None:
        self.deadline = None if budget_left_s is None else time.monotonic() + budget_left_s
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
        return None if self.deadline is None else self.deadline - time.monotonic()

    def reason(self) -> TerminationReason | None:
        if self.interrupted:
            return TerminationReason.CANCELLED
        if self.breaker is not None and self.breaker.down:
            return TerminationReason.OUTAGE
        if self.deadline is not None and time.monotonic() >= self.deadline:
            return TerminationReason.BUDGET_EXHAUSTED
        if self.max_cost_usd is not None and self.cost_so_far() >= self.max_cost_usd:
            return TerminationReason.COST_EXHAUSTED
        return None

    def should_stop(self) -> TerminationReason | None:
        return self.reason()

    def can_start(self) -> bool:
        if self.reason() is not None:
            return False
        if self.breaker is not None and self.breaker.health != "up":  # probing: wait
            return False
        return self.max_conversations is None or self.started < self.max_conversations

    async def ready(self) -> bool:
        """Wait while the circuit breaker probes a dead endpoint; False once it is down."""
        return True if self.breaker is None else await self.breaker.wait_ready()

    def claim(self) -> bool:
        """Reserve a slot for one new conversation if one may start now."""
        if not self.can_start():
            return False
        self.started += 1
        return True

    def release(self) -> None:
        """A claimed slot that produced no record (hard cancel): free it for a later session."""
        self.started -= 1
