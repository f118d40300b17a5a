"""Stage progress for commands that work for a while without a campaign panel (bench, report,
cluster): a spinner naming the current stage on a terminal, one line per stage on stderr
otherwise, so nothing sits silent for minutes."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator

from rich.console import Console

LINE_EVERY_S = 5.0


@contextlib.contextmanager
def stages(first: str, console: Console | None = None) -> Iterator[Callable[[str], None]]:
    """Yields `say(stage)`; the spinner (or the line) shows the stage and the time so far."""
    console = console or Console(stderr=True)
    t0 = time.monotonic()
    if not console.is_terminal:
        last = [-LINE_EVERY_S]

        def line(stage: str) -> None:  # at most one line per LINE_EVERY_S: logs stay short
            now = time.monotonic() - t0
            if now - last[0] >= LINE_EVERY_S:
                last[0] = now
                console.print(f"[{now:6.1f} s] {stage}", markup=False, highlight=False,
                              soft_wrap=True)  # fmt: skip

        line(first)
        yield line
        return
    with console.status(first) as status:

        def update(stage: str) -> None:
            status.update(f"{stage} [dim]({time.monotonic() - t0:.0f} s so far)[/]")

        yield update
