"""Render the self-contained HTML report (rendering only: metrics and clusters come in computed).

Everything from a transcript is untrusted. Server-rendered text goes through jinja2's autoescape
with a `finalize` hook that makes control characters visible; the conversation browser's data is
a JSON block escaped so that it cannot close its element (see `browser.py`), and its script
inserts text with `textContent` only. The page's Content-Security-Policy forbids every network
fetch and allows exactly one script: ours, pinned by its SHA-256 hash.
"""

from __future__ import annotations

import base64
import hashlib
from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from importlib import resources
from typing import Any

import jinja2
from markupsafe import Markup

from icatest.analysis.browser import browser_data, visible_controls
from icatest.analysis.compare import SCALAR_METRICS
from icatest.analysis.figures import all_figures, pass_hat_k_curve
from icatest.analysis.glossary import METRIC_DEFINITIONS, definition, readable
from icatest.analysis.hangul import with_font
from icatest.analysis.next_steps import next_steps
from icatest.analysis.overview import banners, headline
from icatest.analysis.run import Run

__all__ = ["ExtraSection", "render_report", "visible_controls"]

ExtraSection = tuple[str, str | Markup]
"""(title, html fragment): a section added by another feature (calibration, KPIs). The fragment
is trusted markup: its author escapes any data inside it (e.g. with markupsafe.escape)."""


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
    env.filters["readable"] = readable
    env.filters["definition"] = definition
    return env


def silhouette_note(silhouette: float | None) -> str:
    """What the silhouette says about the clusters, in words (Kaufman and Rousseeuw's bands)."""
    if silhouette is None:
        return "Too few failing conversations to judge how well they separate."
    if silhouette < 0.25:
        return (
            f"Silhouette {silhouette:.2f} is weak: the failing conversations do not fall into "
            "clearly separate groups. Read the clusters as loose themes, not as distinct bugs."
        )
    if silhouette < 0.5:
        return f"Silhouette {silhouette:.2f}: the clusters overlap but show a real structure."
    return f"Silhouette {silhouette:.2f}: the clusters are clearly separated."


def cluster_details(
    clusters: Mapping[str, Any] | None, runs: Sequence[Run]
) -> list[dict[str, Any]]:
    """Per cluster: its top failure types and its representative conversations (seed phrases)."""
    if not clusters:
        return []
    records = {(r.name, d.conversation_id): d for r in runs for d in r.scan.digests}
    members: dict[int, list[tuple[str, str]]] = {}
    for item in clusters.get("items", []):
        members.setdefault(item["cluster"], []).append((item["run"], item["conversation_id"]))
    details = []
    for cluster in clusters.get("clusters", []):
        types: Counter[str] = Counter()
        for key in members.get(cluster["id"], []):
            if key in records:
                types.update(records[key].types)
        reps = [
            records[(rep["run"], rep["conversation_id"])]
            for rep in cluster.get("representatives", [])
            if (rep["run"], rep["conversation_id"]) in records
        ]
        details.append({"cluster": cluster, "top_types": types.most_common(3), "examples": reps})
    return details


def _script() -> tuple[Markup, Markup]:
    """The browser script and its CSP source expression (sha256 of the exact text)."""
    text = resources.files("icatest.analysis").joinpath("templates/report.js").read_text("utf-8")
    digest = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
    return Markup(text), Markup(f"'sha256-{digest}'")


def render_report(
    runs: Sequence[Run],
    metrics: Mapping[str, Mapping[str, Any]],
    *,
    comparison: Mapping[str, Any] | None = None,
    clusters: Mapping[str, Any] | None = None,
    extra_sections: Sequence[ExtraSection] = (),
    title: str | None = None,
) -> str:
    """The report as one HTML string; `metrics` is keyed by run name. `title` defaults to the
    run names joined by "vs"."""
    from icatest import __version__

    names = [r.name for r in runs]
    script, script_hash = _script()
    data_type, data = browser_data(runs)
    context = {
        "title": title or " vs ".join(names),
        "generated_at": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "version": __version__,
        "run_names": names,
        "headline": headline(runs, metrics),
        "banners": banners(runs),
        "metrics": metrics,
        "scalar_metrics": SCALAR_METRICS,
        "glossary": METRIC_DEFINITIONS,
        "comparison": comparison,
        "clusters": clusters,
        "silhouette_note": silhouette_note(clusters.get("silhouette")) if clusters else "",
        "cluster_details": cluster_details(clusters, runs),
        "figures": all_figures(metrics, clusters),
        "trials_curve": pass_hat_k_curve(metrics),
        "simulator_faults": any(m.get("simulator_fault_turns") for m in metrics.values()),
        "skipped": {r.name: r.skipped_lines for r in runs},
        "extra_sections": [(t, Markup(f)) for t, f in extra_sections],
        "conversation_data": Markup(data),
        "conversation_data_type": data_type,
        "next_steps": next_steps(runs),
        "script": script,
        "script_hash": script_hash,
    }
    html = environment().get_template("report.html.j2").render(**context)
    return with_font(html)  # Korean readable without a Korean font on the reader's machine
