"""The campaign's circuit breaker: a dead assistant or model role stops new conversations.

The assistant trips it after `after` conversations in a row ended `sut_unreachable` (every exchange
retried by the adapter first); a model role after `after` calls in a row that outlived the
gateway's retries, or at once on an error no retry fixes (missing or refused credentials). Once
tripped, no conversation starts; the endpoint is probed with backoff for `grace_s`. If it answers
the campaign goes on; otherwise the campaign ends with status `sut_down` or `model_down`, and
conversations still in flight stop after their turn (`termination_reason` `outage`).
While it is open (probing) the campaign's pause clock runs: that time is not spent budget.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from enum import StrEnum

from icatest.campaigns.progress.state import PauseClock
from icatest.contracts import ConversationRecord, ModelErrorKind, TerminationReason

SutProbe = Callable[[], Awaitable[bool]]
ModelProbe = Callable[[str], Awaitable[bool]]
Notify = Callable[[str, dict[str, object]], None]

DEFAULT_AFTER = 5  # conversations (assistant) or calls (model role) failing in a row
DEFAULT_GRACE_S = 60.0  # probing time before the campaign gives up
FIRST_PROBE_S = 1.0
MAX_PROBE_GAP_S = 15.0


class Health(StrEnum):
    UP = "up"
    PROBING = "probing"
    SUT_DOWN = "sut_down"
    MODEL_DOWN = "model_down"


class OutageBreaker:
    def __init__(
        self,
        *,
        after: int = DEFAULT_AFTER,
        grace_s: float = DEFAULT_GRACE_S,
        probe_sut: SutProbe | None = None,
        probe_model: ModelProbe | None = None,
        notify: Notify | None = None,
        pauses: PauseClock | None = None,
    ) -> None:
        self.after = after
        self.pauses = pauses or PauseClock()
        self.grace_s = grace_s
        self._probe_sut = probe_sut
        self._probe_model = probe_model
        self._notify = notify or (lambda _event, _fields: None)
        self.health = Health.UP
        self.cause: str | None = None
        self.sut_streak = 0
        self.model_streaks: dict[str, int] = {}
        self._ready = asyncio.Event()
        self._ready.set()
        self._task: asyncio.Task[None] | None = None

    def set_probes(self, *, sut: SutProbe | None, model: ModelProbe | None) -> None:
        """How to ask the endpoints whether they answer again (set once they are open)."""
        self._probe_sut, self._probe_model = sut, model

    # -- inputs --------------------------------------------------------------------------------
    def conversation_ended(self, record: ConversationRecord) -> None:
        """Count conversations the assistant never answered; any answered exchange resets."""
        if record.termination_reason is TerminationReason.SUT_UNREACHABLE:
            self.sut_streak += 1
            if self.sut_streak >= self.after:
                last = record.turns[-1].sut_error if record.turns else None
                self._trip(None, f"assistant unreachable in {self.sut_streak} conversations "
                           f"in a row (last: {last})")
        elif any(t.system is not None for t in record.turns):
            self.sut_streak = 0

    def model_call(self, role: str, kind: ModelErrorKind | None) -> None:
        """The gateway's report of one call (None: it answered)."""
        base = role.split(".", 1)[0]
        if kind is None:
            self.model_streaks[base] = 0
            return
        if kind.fatal:
            self._down(Health.MODEL_DOWN, f"{role}: {kind.value} (retrying cannot fix it)")
        elif kind.retryable:
            self.model_streaks[base] = self.model_streaks.get(base, 0) + 1
            if self.model_streaks[base] >= self.after:
                self._trip(role, f"{role} unavailable ({kind.value}) for "
                           f"{self.model_streaks[base]} calls in a row")

    # -- decisions -----------------------------------------------------------------------------
    @property
    def down(self) -> bool:
        return self.health in (Health.SUT_DOWN, Health.MODEL_DOWN)

    async def wait_ready(self) -> bool:
        """Wait while the breaker probes; True when conversations may start, False once down."""
        await self._ready.wait()
        return self.health is Health.UP

    async def aclose(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    # -- internals -----------------------------------------------------------------------------
    def _trip(self, role: str | None, cause: str) -> None:
        if self.health is not Health.UP:
            return
        self.health, self.cause = Health.PROBING, cause
        self.pauses.start("the assistant" if role is None else f"the {role.split('.', 1)[0]}")
        self._ready.clear()
        self._notify("outage_suspected", {"cause": cause, "grace_s": self.grace_s})
        self._task = asyncio.get_running_loop().create_task(self._probe(role))

    def _down(self, health: Health, cause: str) -> None:
        if self.down:
            return
        self.health, self.cause = health, cause
        self.pauses.stop()
        self._notify("outage", {"status": health.value, "cause": cause})
        self._ready.set()

    async def _probe(self, role: str | None) -> None:
        """Probe with doubling gaps until the endpoint answers or the grace period ends."""
        deadline = time.monotonic() + self.grace_s
        gap = FIRST_PROBE_S
        while (left := deadline - time.monotonic()) > 0:
            await asyncio.sleep(min(gap, left))
            if self.down:  # a fatal model error arrived meanwhile
                return
            if await self._answers(role):
                self.health, self.sut_streak = Health.UP, 0
                self.pauses.stop()
                self.model_streaks.clear()
                self._notify("outage_over", {"cause": self.cause})
                self.cause = None
                self._ready.set()
                return
            gap = min(gap * 2, MAX_PROBE_GAP_S)
        self._down(Health.SUT_DOWN if role is None else Health.MODEL_DOWN, self.cause or "")

    async def _answers(self, role: str | None) -> bool:
        try:
            if role is None:
                return self._probe_sut is not None and await self._probe_sut()
            return self._probe_model is not None and await self._probe_model(role)
        except Exception:  # a probe that crashes has not seen the endpoint answer
            return False
