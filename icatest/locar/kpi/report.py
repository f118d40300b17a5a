"""HTML for KPI results: `kpi_section` (a fragment for the main report) and a standalone page.

Rendered with jinja2 autoescape on: every string from a dataset, an assistant or a judge is
escaped. The page is self-contained (inline CSS, no scripts, no external resources).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import jinja2

from icatest.locar.kpi.results import KpiResults, ScoreRow


@cache
def _env() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("icatest.locar.kpi", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def _fmt(value: float | None, digits: int = 2) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def fmt_ci(row: ScoreRow) -> str:
    """`0.80 [0.67, 0.91]` (accuracy or mean Likert with its 95 % bootstrap interval)."""
    value = row.accuracy if row.accuracy is not None else row.mean_likert
    if value is None:
        return "–"
    if row.ci_low is None or row.ci_high is None:
        return f"{value:.2f}"
    return f"{value:.2f} [{row.ci_low:.2f}, {row.ci_high:.2f}]"


def side_by_side(runs: Sequence[KpiResults]) -> list[dict[str, object]]:
    """One row per (use case, reported KPI) with each run's row (None where a run lacks it)."""
    keys: list[tuple[str, str]] = []
    cells: dict[tuple[str, str], list[ScoreRow | None]] = {}
    for n, run in enumerate(runs):
        for row in run.scores:
            key = (row.use_case, row.name)
            if key not in cells:
                keys.append(key)
                cells[key] = [None] * len(runs)
            cells[key][n] = row
    return [{"use_case": k[0], "kpi": k[1], "cells": cells[k]} for k in keys]


def kpi_section(results: KpiResults | Sequence[KpiResults], *, details: bool = True) -> str:
    """An escaped HTML <section>: each run named (run id, judges, dataset, sampling seed), the
    scores of all runs side by side with 95 % intervals, latency, per-instance details."""
    runs = [results] if isinstance(results, KpiResults) else list(results)
    template = _env().get_template("kpi_section.html")
    return template.render(
        runs=runs, rows=side_by_side(runs), details=details, fmt=_fmt, fmt_ci=fmt_ci
    )


def render_report(results: KpiResults | Sequence[KpiResults]) -> str:
    """A standalone page around `kpi_section`."""
    template = _env().get_template("kpi_report.html")
    return template.render(section=jinja2.filters.Markup(kpi_section(results)))
