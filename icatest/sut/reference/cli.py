"""`icatest sut serve`: run the reference assistant in the foreground; `icatest sut audit`:
measure how faithful it is as ground truth."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from icatest.sut.reference.audit import Figures


def register_serve(sut_app: typer.Typer) -> None:
    """Add the `serve` and `audit` commands to the `sut` command group."""
    register_audit(sut_app)

    @sut_app.command("serve")
    def serve(
        host: str = typer.Option("127.0.0.1", help="bind address (loopback by default)"),
        port: int = typer.Option(8600, help="TCP port"),
        faults: str = typer.Option(
            "default", help="fault profile name (none, default) or YAML file"
        ),
        lang: str = typer.Option("en", help="reply language: en or ko"),
        register: str = typer.Option(None, help="Korean speech level: hae, haeyo or hapsyo"),
        latency_ms: int = typer.Option(0, help="added latency per request (with jitter)"),
        error_rate: float = typer.Option(0.0, help="share of requests answered with HTTP 500"),
        timeout_rate: float = typer.Option(0.0, help="share of requests that hang"),
        malformed_rate: float = typer.Option(
            0.0, help="share of requests with an invalid JSON body"
        ),
        oracle_log: Path = typer.Option(None, help="append fired faults to this JSONL file"),
    ) -> None:
        """Serve the reference in-car assistant (OpenAI-compatible and /api/converse)."""
        import uvicorn

        from icatest.sut.reference.app import create_app
        from icatest.sut.reference.background import build_config

        config = build_config(
            profile=faults,
            lang=lang,
            register=register,
            latency_ms=latency_ms,
            error_rate=error_rate,
            timeout_rate=timeout_rate,
            malformed_rate=malformed_rate,
            oracle_log=oracle_log,
        )
        typer.echo(
            f"reference assistant on http://{host}:{port}/v1 (OpenAI-compatible; faults: "
            f"{config.profile.name}, lang: {lang}); check it with: icatest sut check "
            f"http://{host}:{port}/v1"
        )
        uvicorn.run(
            create_app(config),
            host=host,
            port=port,
            log_level="warning",
            timeout_graceful_shutdown=1,
        )


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
        from icatest.sut.reference.audit import audit

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
