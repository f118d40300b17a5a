"""Render the self-contained HTML report (rendering only: metrics and clusters come in computed).

Everything from a transcript is untrusted: the jinja2 environment autoescapes, and a `finalize`
hook replaces control characters by visible escapes before escaping, so neither markup nor raw
control bytes from the assistant or the simulator reach the page. Only the figures (built by
`icatest.analysis.svg`, which escapes its own labels) and caller-supplied extra sections are
inserted as markup. The page declares a Content-Security-Policy that forbids scripts and any
network fetch, and it needs neither.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import jinja2
from markupsafe import Markup

from icatest.analysis.compare import SCALAR_METRICS
from icatest.analysis.figures import all_figures
from icatest.analysis.metrics import is_failing
from icatest.analysis.run import Run

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")

ExtraSection = tuple[str, str | Markup]
"""(title, html fragment): a section added by another feature (calibration, KPIs). The fragment
is trusted markup: its author escapes any data inside it (e.g. with markupsafe.escape)."""


def visible_controls(value: Any) -> Any:
    """Replace control characters in plain strings with a visible `\\xNN` escape."""
    if isinstance(value, str) and not isinstance(value, Markup):
        return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", value)
    return value


def _num(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("icatest.analysis", "templates"),
        autoescape=True,
        finalize=visible_controls,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["num"] = _num
    return env


def render_report(
    runs: Sequence[Run],
    metrics: Mapping[str, Mapping[str, Any]],
    *,
    comparison: Mapping[str, Any] | None = None,
    clusters: Mapping[str, Any] | None = None,
    extra_sections: Sequence[ExtraSection] = (),
    title: str | None = None,
) -> str:
    """The report as one HTML string; `metrics` is keyed by run name."""
    from icatest import __version__

    names = [r.name for r in runs]
    context = {
        "title": title or " vs ".join(names),
        "generated_at": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "version": __version__,
        "run_names": names,
        "metrics": metrics,
        "scalar_metrics": SCALAR_METRICS,
        "comparison": comparison,
        "clusters": clusters,
        "figures": all_figures(metrics, clusters),
        "failing": {r.name: [rec for rec in r.records if is_failing(rec)] for r in runs},
        "skipped": {r.name: r.skipped_lines for r in runs},
        "extra_sections": [(t, Markup(f)) for t, f in extra_sections],
    }
    return environment().get_template("report.html.j2").render(**context)
