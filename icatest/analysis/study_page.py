"""The study's self-contained HTML page (rendering only: study.json's content comes in computed).

It reuses the single-run report's Jinja environment (autoescape, visible control characters, the
number and glossary filters) and its look; the page has no script, and its Content-Security-Policy
forbids every fetch. Labels and run ids come from files a user wrote: they are escaped like any
transcript text.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from icatest.analysis.hangul import with_font
from icatest.analysis.report import environment

# the figures of the run and pooled tables: (key, column heading)
COLUMNS: tuple[tuple[str, str], ...] = (
    ("conversations", "conversations"),
    ("decided_conversations", "scored (pass + fail)"),
    ("failing_conversations", "failing"),
    ("pass_rate", "pass rate"),  # and its Wilson 95 % interval, a column of its own
    ("unscored_conversations", "unscored"),
    ("invalid_conversations", "invalid"),
    ("partial_conversations", "partial"),
    ("assistant_error_conversations", "assistant errors"),
    ("unique_failure_types_per_conversation", "failure types / conversation"),
    ("failure_events_per_conversation", "failure events / conversation"),
    ("mean_success_score", "mean success score"),
    ("early_failure_share", "early failure share"),
    ("cost_usd", "cost (USD)"),
)


def failure_type_table(result: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Per failure type: its prevalence pooled and per group (share of conversations with it)."""
    groups = result["groups"]
    types = sorted(result["pooled"]["conversations_with_type"])
    return [
        {
            "type": t,
            "events": result["pooled"]["failure_type_counts"].get(t, 0),
            "pooled": result["pooled"]["prevalence"].get(t),
            "groups": [groups[g]["prevalence"].get(t, 0.0) for g in groups],
        }
        for t in types
    ]


def render_study(result: Mapping[str, Any]) -> str:
    """The page for study.json's content (`study.study_metrics`)."""
    from icatest import __version__

    context = {
        "study": result,
        "title": result["title"],
        "columns": COLUMNS,
        "type_table": failure_type_table(result),
        "generated_at": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "version": __version__,
    }
    html = environment().get_template("study.html.j2").render(**context)
    return with_font(html)  # Korean labels readable without a Korean font installed
