"""Presentations of calibration results: a rich table for terminals and an HTML fragment.

Computation lives in `humans`; this module only formats, so the CLI and the HTML report show the
same numbers.
"""

from __future__ import annotations

from html import escape

from rich.table import Table

from icatest.calibration.humans import CalibrationResults, DimensionAgreement, PairStats

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
