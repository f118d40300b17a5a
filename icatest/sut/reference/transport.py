"""Injected transport faults for reliability tests: latency, 500s, hangs, bad bodies, 429s."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import Awaitable, Callable

from fastapi.responses import JSONResponse, Response

from icatest.sut.reference.faults import Transport

MALFORMED_BODY = '{"choices": [{"message": {"role": "assistant", "content": "Route to'
HANG_POLL_S = 0.25  # how often a hanging request looks whether its client has gone


class TransportFaults:
    """Draws one outcome per assistant request from a seeded generator (reproducible sequence)."""

    def __init__(self, spec: Transport, seed: int = 0) -> None:
        self.spec = spec
        self._rng = random.Random(seed)
        self._lock = threading.Lock()
        self.counts: dict[str, int] = {
            "ok": 0,
            "error": 0,
            "hang": 0,
            "malformed": 0,
            "rate_limit": 0,
        }

    def _draw(self) -> tuple[str, float]:
        s = self.spec
        with self._lock:
            u, jitter = self._rng.random(), self._rng.uniform(-1.0, 1.0)
        delay = s.latency_ms / 1000 * (1 + s.jitter * jitter)
        edges = [
            ("error", s.error_rate),
            ("hang", s.timeout_rate),
            ("malformed", s.malformed_rate),
            ("rate_limit", s.rate_limit_rate),
        ]
        acc = 0.0
        for kind, rate in edges:
            acc += rate
            if u < acc:
                return kind, delay
        return "ok", delay

    async def apply(
        self, disconnected: Callable[[], Awaitable[bool]] | None = None
    ) -> Response | None:
        """Sleep the latency, then either return a faulty response or None (answer normally).
        A hang ends early once `disconnected()` says the client gave up (no task outlives it)."""
        kind, delay = self._draw()
        with self._lock:
            self.counts[kind] += 1
        if delay > 0:
            await asyncio.sleep(delay)
        if kind == "error":
            return JSONResponse({"error": "internal server error (injected transport fault)"}, 500)
        if kind == "hang":
            await _hang(self.spec.hang_s, disconnected)
            return JSONResponse({"error": "gateway timeout (injected hang)"}, 504)
        if kind == "malformed":
            return Response(MALFORMED_BODY, status_code=200, media_type="application/json")
        if kind == "rate_limit":
            return JSONResponse(
                {"error": "rate limited (injected)"}, 429, headers={"Retry-After": "1"}
            )
        return None


async def _hang(seconds: float, disconnected: Callable[[], Awaitable[bool]] | None) -> None:
    if disconnected is None:
        await asyncio.sleep(seconds)
        return
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        await asyncio.sleep(min(HANG_POLL_S, left))
        if await disconnected():
            return
