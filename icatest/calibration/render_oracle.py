"""Terminal tables for the judge-versus-oracle report (formatting only)."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table

from icatest.calibration.oracle import OracleReport
from icatest.calibration.render import fmt


def oracle_tables(report: OracleReport) -> list[RenderableType]:
    """Per-mode scores with micro/macro rows, then confusion details and examples."""
    scores = Table(title=f"Judge ({report.judge}) vs oracle: {report.items} scored turns")
    for name in ("failure mode", "support", "predicted", "precision", "recall", "F1", "κ"):
        scores.add_column(name, justify="left" if name == "failure mode" else "right")
    for m in report.modes:
        scores.add_row(
            m.failure_mode,
            str(m.support),
            str(m.predicted),
            fmt(m.precision),
            fmt(m.recall),
            fmt(m.f1),
            fmt(m.kappa),
        )
    for label, avg in (("micro", report.micro), ("macro", report.macro)):
        scores.add_row(label, "", "", fmt(avg.precision), fmt(avg.recall), fmt(avg.f1), "")
    details = Table(title="Where the oracle fired: judge labels, misses, spurious labels")
    for name in ("oracle mode", "judge labels on those turns", "missed (conv:turn)", "spurious"):
        details.add_column(name)
    for m in report.modes:
        details.add_row(
            m.failure_mode,
            ", ".join(f"{k} {v}" for k, v in m.judge_labels_on_oracle_turns.items()),
            ", ".join(f"{e.conversation_id}:{e.turn}" for e in m.missed),
            ", ".join(f"{e.conversation_id}:{e.turn}" for e in m.spurious),
        )
    notes = (
        f"unscored turns (judge failed, not compared): {len(report.unscored_turns)}; "
        f"turns without evaluation: {report.turns_without_evaluation}; "
        f"compared turns with an uncertain request: {report.uncertain_turns}/{report.items}; "
        f"oracle entries not compared: {report.oracle_entries_not_compared}/{report.oracle_entries}"
        f"; entries by kind: "
        + (", ".join(f"{k} {v}" for k, v in report.oracle_entries_by_kind.items()) or "none")
        + f"; turns with an explicit 'correct' verdict: {report.correct_verdicts}"
    )
    return [scores, details, notes]
