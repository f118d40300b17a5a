"""The one retry policy: how long to wait before the next attempt at a call that failed for a
reason worth retrying, for the model gateway (`llm/gateway.py`) and the assistant transport
(`sut/adapters/transport.py`) alike.

* Exponential backoff with equal jitter: retry n waits between half and all of
  `base_s * 2**(n-1)`, never more than `max_s` (the jitter keeps concurrent conversations that
  failed together from retrying together).
* A server's own request to wait wins, up to a cap: `Retry-After` in seconds or as an HTTP date
  (all three forms RFC 9110 accepts), or OpenAI's `retry-after-ms`.

Ours rather than tenacity (installed only as langchain-core's dependency): both loops decide per
attempt what an error means (sorted into a ModelErrorKind or a SutErrorKind, counted in the
role's usage, returned as an Outcome rather than raised), which is the part tenacity would
own; the part they share is the wait, and tenacity has no reader for Retry-After, so it would
still need this module's two functions as a custom `wait`.
"""

from __future__ import annotations

import email.utils
import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC


@dataclass(frozen=True)
class Backoff:
    """Waits between attempts: `base_s` doubled per retry, jittered, at most `max_s`; a wait the
    server asked for is kept up to `asked_cap_s` (default `max_s`)."""

    base_s: float
    max_s: float
    asked_cap_s: float | None = None

    def wait_s(
        self, retry: int, asked: float | None = None, *, draw: Callable[[], float] | None = None
    ) -> float:
        """Seconds to wait before retry number `retry` (1 is the first retry, after the first
        attempt failed); `asked` is the server's Retry-After in seconds, if it sent one. `draw`
        gives the jitter in [0, 1) (default `random.random`)."""
        if retry < 1:
            raise ValueError(f"retry counts from 1, got {retry}")
        if asked is not None:
            return min(asked, self.max_s if self.asked_cap_s is None else self.asked_cap_s)
        nominal = self.base_s * 2.0 ** (retry - 1)
        jitter = (draw or random.random)()  # noqa: S311 (a wait, not a secret)
        return min(nominal * (0.5 + jitter / 2), self.max_s)


def retry_after_s(headers: Mapping[str, str], *, now: float | None = None) -> float | None:
    """Seconds to wait as the server asked: `retry-after-ms` (OpenAI's), else `Retry-After` in
    seconds or as an HTTP date; None when it did not ask (or said something unreadable).

    Header names are matched without regard to case, whatever mapping holds them. A date
    without a zone (asctime, or `-0000`) is GMT, as RFC 9110 says every HTTP date is; a date
    in the past means no wait. `now` (epoch seconds) is for tests.
    """
    lowered = {name.lower(): value for name, value in headers.items()}
    millis = _seconds(lowered.get("retry-after-ms"))
    if millis is not None:
        return millis / 1000.0
    value = lowered.get("retry-after")
    if value is None:
        return None
    seconds = _seconds(value)
    if seconds is not None:
        return seconds
    try:
        when = email.utils.parsedate_to_datetime(value.strip())
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


def _seconds(value: str | None) -> float | None:
    """A non-negative finite number of seconds, or None."""
    if value is None:
        return None
    try:
        number = float(value)
    except ValueError:
        return None
    return max(0.0, number) if math.isfinite(number) else None
