"""The report's "Voice channel" section (docs/voice.md); the figures it shows are computed by
icatest.channel.figures (re-exported here for the metrics)."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from markupsafe import Markup

from icatest.analysis import svg
from icatest.channel.figures import WER_BANDS, voice_metrics

__all__ = ["WER_BANDS", "any_garbled", "voice_metrics", "voice_section"]

def any_garbled(metrics_by_run: Mapping[str, Mapping[str, Any]]) -> bool:
    return any((m.get("voice") or {}).get("garbled_turns") for m in metrics_by_run.values())


def voice_section(metrics_by_run: Mapping[str, Mapping[str, Any]]) -> Markup:
    """The report's "Voice channel" section: a table per run and failures against WER."""
    rows = []
    for name, m in metrics_by_run.items():
        v = m.get("voice") or {}
        rates = ", ".join(
            f"{escape(c)} {_pct(r)}" for c, r in (v.get("failure_rate_by_channel") or {}).items()
        )
        rows.append(
            f"<tr><td>{escape(name)}</td><td>{rates}</td>"
            f"<td class='num'>{_pct(v.get('garbled_share'))}</td>"
            f"<td class='num'>{_num(v.get('mean_wer'))}</td>"
            f"<td class='num'>{_pct(v.get('recovery_rate'))}</td>"
            f"<td class='num'>{_pct(v.get('misheard_rate'))}</td></tr>"
        )
    table = (
        "<table><tr><th>run</th><th>failure rate by channel</th><th>garbled turns</th>"
        "<th>mean WER</th><th>recovery rate</th><th>misheard</th></tr>" + "".join(rows) + "</table>"
        "<p class='muted'>recovery rate: share of garbled turns (WER &gt; 0) where the assistant "
        "asked to confirm or repeat; misheard: where it acted on the wrong reading (findings "
        "with the cause misheard). The driver's words and what the assistant heard are both in "
        "each transcript.</p>"
    )
    labels = [label for label, _ in WER_BANDS]
    series = {
        name: [
            ((m.get("voice") or {}).get("failures_by_wer", {}).get(b, {}).get("rate") or 0.0)
            for b in labels
        ]
        for name, m in metrics_by_run.items()
    }
    chart = svg.bar_chart(
        labels, series, "Failures against word error rate", "turns with a finding", "turn WER"
    )
    return Markup(table) + chart


def _pct(x: Any) -> str:
    return "-" if x is None else f"{100 * x:.0f} %"


def _num(x: Any) -> str:
    return "-" if x is None else f"{x:.3f}"
