"""The live progress panel (rich.live); reads a ProgressState, computes nothing itself."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager

from rich.console import Console
from rich.live import Live
from rich.table import Table

from icatest.campaigns.progress.state import ProgressState


def _fmt_s(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    s = int(seconds)
    return f"{s // 3600:d}:{s % 3600 // 60:02d}:{s % 60:02d}"


def render(p: ProgressState, title: str = "icatest fuzz") -> Table:
    table = Table(title=title, show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    rate = "-" if p.pass_rate is None else f"{p.pass_rate:.0%} of {p.scored}"
    table.add_row("conversations", f"{p.conversations} done, {p.running} running")
    table.add_row("failures", f"{p.failures} ({len(p.failure_types)} unique types)")
    table.add_row("pass rate", rate)
    table.add_row("cost", f"${p.cost_usd:.4f}")
    table.add_row("elapsed / left", f"{_fmt_s(p.elapsed)} / {_fmt_s(p.time_left)}")
    if p.pauses.since is not None or p.pauses.paused_s >= 1:  # budget time stands still
        now = " (now)" if p.pauses.since is not None else ""
        table.add_row("paused", f"{_fmt_s(p.pauses.paused_s)} while {' and '.join(p.pauses.down)}"
                      f" was down{now}")  # fmt: skip
    if p.assistant_errors:
        table.add_row("assistant errors", f"{p.assistant_errors} (counted as failures)")
    if p.partial or p.errors:
        table.add_row("partial / errors", f"{p.partial} / {p.errors}")
    if p.unscored or p.interrupted:
        table.add_row("unscored / interrupted", f"{p.unscored} / {p.interrupted}")
    if p.invalid:
        table.add_row("invalid", f"{p.invalid} (failed only on simulator faults)")
    return table


@contextlib.asynccontextmanager
async def _refreshing(draw: Callable[[], Table], console: Console) -> AsyncIterator[None]:
    """Redraw twice a second while the block runs, and once more at its end."""
    with Live(draw(), console=console, refresh_per_second=4, transient=False) as live:

        async def refresh() -> None:
            while True:
                await asyncio.sleep(0.5)
                live.update(draw())

        task = asyncio.create_task(refresh())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            live.update(draw())


@contextlib.asynccontextmanager
async def live_view(progress: ProgressState, console: Console | None = None) -> AsyncIterator[None]:
    """The campaign panel while the campaign runs."""
    async with _refreshing(lambda: render(progress), console or Console(stderr=True)):
        yield


def render_arms(arms: dict[str, ProgressState], title: str) -> Table:
    """Several campaigns side by side (the arms of an experiment), one column each."""
    table = Table(title=title, box=None, pad_edge=False)
    table.add_column(style="bold")
    for label in arms:
        table.add_column(label, justify="right")
    rows: list[tuple[str, list[str]]] = [
        ("conversations", [f"{p.conversations} done, {p.running} running" for p in arms.values()]),
        ("failures", [f"{p.failures} ({len(p.failure_types)} types)" for p in arms.values()]),
        ("pass rate", ["-" if p.pass_rate is None else f"{p.pass_rate:.0%} of {p.scored}"
                       for p in arms.values()]),  # fmt: skip
        ("elapsed / left", [f"{_fmt_s(p.elapsed)} / {_fmt_s(p.time_left)}" for p in arms.values()]),
    ]
    for name, cells in rows:
        table.add_row(name, *cells)
    return table


class ArmsPanel:
    """One live panel for every campaign of an experiment; each arm attaches its progress."""

    def __init__(self, title: str, console: Console | None = None) -> None:
        self.title = title
        self.console = console or Console(stderr=True)
        self.arms: dict[str, ProgressState] = {}

    def view(self, label: str) -> Callable[[ProgressState], AbstractAsyncContextManager[None]]:
        @contextlib.asynccontextmanager
        async def attach(progress: ProgressState) -> AsyncIterator[None]:
            self.arms[label] = progress
            yield

        return attach

    @contextlib.asynccontextmanager
    async def live(self) -> AsyncIterator[None]:
        async with _refreshing(lambda: render_arms(self.arms, self.title), self.console):
            yield
