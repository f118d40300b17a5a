"""`icatest sut audit`: run guided and baseline campaigns against the reference assistant and
report how faithful it is as ground truth (icatest.calibration.reference_audit)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from icatest.calibration.reference_audit import Figures


def register_audit(sut_app: typer.Typer) -> None:
    @sut_app.command("audit")
    def audit_cmd(
        out: Path = typer.Option(..., help="folder for the campaigns and their oracle log"),
        faults: str = typer.Option("none", help="fault profile name or YAML file"),
        conversations: int = typer.Option(80, min=1, help="conversations per campaign"),
        rng_seed: int = typer.Option(0, help="campaign seed"),
        json_out: bool = typer.Option(False, "--json", help="print the figures as JSON"),
    ) -> None:
        """Run guided and baseline campaigns (English and Korean) against the reference
        assistant and report generic fallbacks, oracle entries per turn and faults per
        conversation."""
        from icatest.calibration.reference_audit import audit

        report = audit(faults, out, max_conversations=conversations, rng_seed=rng_seed)
        if json_out:
            typer.echo(report.model_dump_json(indent=2))
            return
        typer.echo(f"profile {report.profile}")
        for name, figures in [*report.campaigns.items(), ("all", report)]:
            typer.echo(figures_line(name, figures))


def figures_line(name: str, f: Figures) -> str:
    """One campaign's audit figures in a line."""
    faults = ", ".join(f"{k} {v:g}" for k, v in f.faults_per_conversation.items()) or "none"
    return (
        f"{name}: {f.conversations} conversations, {f.turns} turns; generic fallbacks "
        f"{100 * f.fallback_share:.2f} % of turns ({100 * f.conversations_with_fallback:.1f} % "
        f"of conversations, {f.fallbacks_missing_from_oracle} missing from the oracle); turns "
        f"with a failure label {100 * f.deviation_share:.2f} %, explicit 'correct' "
        f"{100 * f.correct_verdict_share:.2f} %; entries {f.entries_by_kind}; seeded faults per "
        f"conversation: {faults}"
    )
