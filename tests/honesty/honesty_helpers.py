"""Running `icatest` in-process with captured output, for the no-silent-passes scenarios."""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass
from pathlib import Path

from icatest.cli import main


@dataclass
class Cli:
    code: int
    out: str
    err: str

    @property
    def last_line(self) -> str:
        """The summary: the last line before the closing `next: icatest report DIR` hint."""
        lines = [ln for ln in self.out.splitlines() if ln.strip()]
        if lines and lines[-1].startswith("next: icatest report "):
            lines.pop()
        return lines[-1] if lines else ""


def icatest(*argv: str | Path) -> Cli:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in argv])
    return Cli(code, out.getvalue(), err.getvalue())
