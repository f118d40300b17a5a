"""Print what the reliability suite injected and tried (figures quoted in docs/reliability.md)."""

from __future__ import annotations

from typing import Any

from reliability_helpers import TALLY


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not TALLY:
        return
    terminalreporter.write_sep("-", "reliability figures")
    for key in sorted(TALLY):
        terminalreporter.write_line(f"{key}: {TALLY[key]}")
