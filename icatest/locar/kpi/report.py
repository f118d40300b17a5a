"""HTML for KPI results: `kpi_section` (a fragment for the main report) and a standalone page.

Rendered with jinja2 autoescape on: every string from a dataset, an assistant or a judge is
escaped. The page is self-contained (inline CSS, no scripts, no external resources).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import jinja2

from icatest.locar.kpi.results import KpiResults


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


def kpi_section(results: KpiResults | Sequence[KpiResults], *, details: bool = True) -> str:
    """An escaped HTML <section>: scores by model and use case, latency, per-instance details."""
    runs = [results] if isinstance(results, KpiResults) else list(results)
    template = _env().get_template("kpi_section.html")
    return template.render(runs=runs, details=details, fmt=_fmt)


def render_report(results: KpiResults | Sequence[KpiResults]) -> str:
    """A standalone page around `kpi_section`."""
    template = _env().get_template("kpi_report.html")
    return template.render(section=jinja2.filters.Markup(kpi_section(results)))
