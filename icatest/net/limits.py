"""Per-endpoint limits (concurrent calls, requests per minute): a slow provider slows us down."""

from __future__ import annotations

import asyncio
import time
from types import TracebackType


class RateLimiter:
    """Async context manager bounding concurrency and request rate (token bucket, burst 1)."""

    def __init__(self, max_concurrent: int | None = None, rpm: float | None = None) -> None:
        if max_concurrent is not None and max_concurrent < 1:
            raise ValueError("max_concurrent must be at least 1")
        if rpm is not None and rpm <= 0:
            raise ValueError("rpm must be positive")
        self.max_concurrent = max_concurrent
        self.rpm = rpm
        self._sem = asyncio.Semaphore(max_concurrent) if max_concurrent else None
        self._interval = 60.0 / rpm if rpm else 0.0
        self._next_slot = 0.0
        self._lock = asyncio.Lock()

    async def __aenter__(self) -> RateLimiter:
        if self._sem is not None:
            await self._sem.acquire()
        if self._interval:
            async with self._lock:
                now = time.monotonic()
                wait = self._next_slot - now
                self._next_slot = max(now, self._next_slot) + self._interval
            if wait > 0:
                await asyncio.sleep(wait)
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._sem is not None:
            self._sem.release()
