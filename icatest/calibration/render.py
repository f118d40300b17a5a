"""Presentations of calibration results: a rich table for terminals and an HTML fragment.

Computation lives in `humans`; this module only formats, so the CLI and the HTML report show the
same numbers.
"""

from __future__ import annotations

from html import escape

from rich.table import Table

from icatest.calibration.humans import CalibrationResults, DimensionAgreement, PairStats
from icatest.calibration.stability import StabilityReport

_COLUMNS = (
    ("dimension", "left"),
    ("kind", "left"),
    ("n", "right"),
    ("κ judge", "right"),
    ("ρ judge", "right"),
    ("F1 judge", "right"),
    ("exact judge", "right"),
    ("±1 judge", "right"),
    ("κ judge-maj (n)", "right"),
    ("κ human-human", "right"),
    ("ρ human-human", "right"),
    ("F1 human-human", "right"),
    ("κ human-rest", "right"),
    ("α humans", "right"),
)


def fmt(value: float | None, digits: int = 3) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _get(stats: PairStats | None, name: str) -> float | None:
    return None if stats is None else getattr(stats, name)


def row_cells(d: DimensionAgreement) -> list[str]:
    """One table row as text cells, in `_COLUMNS` order."""
    majority = d.judge_vs_majority
    maj = "–" if majority is None else f"{fmt(majority.kappa)} ({majority.n})"
    return [
        d.dimension,
        d.kind if d.pass_threshold is None else f"{d.kind} (pass≥{d.pass_threshold:g})",
        str(d.n_items),
        fmt(_get(d.judge_vs_humans, "kappa")),
        fmt(_get(d.judge_vs_humans, "rho")),
        fmt(_get(d.judge_vs_humans, "f1")),
        fmt(_get(d.judge_vs_humans, "exact")),
        fmt(_get(d.judge_vs_humans, "within_one")),
        maj,
        fmt(_get(d.human_pairwise, "kappa")),
        fmt(_get(d.human_pairwise, "rho")),
        fmt(_get(d.human_pairwise, "f1")),
        fmt(_get(d.human_vs_rest, "kappa")),
        fmt(d.human_alpha),
    ]


def calibration_table(results: CalibrationResults) -> Table:
    judge = results.judge or "none"
    table = Table(title=f"Judge calibration: {results.source} (judge: {judge})")
    for name, justify in _COLUMNS:
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for d in results.dimensions:
        table.add_row(*row_cells(d))
    return table


def calibration_section(results: CalibrationResults) -> str:
    """An escaped HTML fragment (a <section> with a table) for the HTML report."""
    judge = escape(results.judge or "none")
    head = "".join(f"<th>{escape(name)}</th>" for name, _ in _COLUMNS)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row_cells(d)) + "</tr>"
        for d in results.dimensions
    )
    note = (
        "κ is quadratic-weighted for ordinal scores and plain for binary labels; judge columns "
        "average the judge's agreement with each human; human-human columns average all human "
        "pairs; human-rest compares each human with the majority of the others."
    )
    return (
        '<section class="calibration">'
        f"<h2>Judge calibration</h2><p>Source: {escape(results.source)}; judge: {judge}; "
        f"annotators: {escape(', '.join(results.annotators))}.</p>"
        f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        f'<p class="note">{escape(note)}</p></section>'
    )


def stability_lines(report: StabilityReport, limit: int = 10) -> list[str]:
    """`rejudge --repeat`'s figures as plain lines: per label, then turns and decisions."""
    out = [f"{report.repeats} repeats of {report.conversations} conversations, "
           f"{report.judged_turns} turns judged in every repeat"]
    out.append(f"{'label':<24} {'turns':>6} {'changed':>8} {'Fleiss kappa':>13}")
    for s in report.labels:
        kappa = "-" if s.fleiss_kappa is None else f"{s.fleiss_kappa:.3f}"
        out.append(f"{s.label:<24} {s.turns_with_label:>6} {s.changed_turns:>8} {kappa:>13}")
    out.append(f"turns whose labels change: {fmt(report.changed_turn_share)}")
    out.append(f"conversations whose decision flips: {report.flipped_conversations} "
               f"({fmt(report.flipped_share)})")
    for u in report.unstable[:limit]:
        out.append(f"  unstable: {u.conversation_id} {' / '.join(u.decisions)}")
    if len(report.unstable) > limit:
        out.append(f"  and {len(report.unstable) - limit} more (see the JSON file)")
    return out
