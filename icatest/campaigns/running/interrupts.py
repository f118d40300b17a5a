"""SIGINT/SIGTERM for the campaigns of one process (one `fuzz`, or both arms of an experiment).

The first signal stops every campaign from starting conversations (those in flight finish their
turn and are recorded as partial); a second one cancels what is still running. One handler serves
all campaigns, because a loop holds one handler per signal: the arms of `compare` register here
instead of replacing each other's.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable, Iterator

from icatest.campaigns.running.control import StopControl


class Interrupts:
    def __init__(self) -> None:
        self.count = 0
        self._campaigns: list[tuple[StopControl, Callable[[], None]]] = []

    @property
    def interrupted(self) -> bool:
        return self.count > 0

    def register(self, control: StopControl, hard_stop: Callable[[], None]) -> None:
        """A campaign joins; one that starts after the first signal is stopped at once."""
        self._campaigns.append((control, hard_stop))
        if self.count:
            control.interrupt()

    def fire(self) -> None:
        self.count += 1
        for control, hard_stop in self._campaigns:
            if self.count > 1:
                hard_stop()
            control.interrupt()

    @contextlib.contextmanager
    def installed(self) -> Iterator[Interrupts]:
        """Route SIGINT/SIGTERM of the running loop here while the block runs."""
        loop = asyncio.get_running_loop()
        done: list[signal.Signals] = []
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, self.fire)
                done.append(sig)
            except (NotImplementedError, RuntimeError, ValueError):  # not the main thread
                pass
        try:
            yield self
        finally:
            for sig in done:
                loop.remove_signal_handler(sig)
