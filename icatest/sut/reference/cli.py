"""`icatest sut serve`: run the reference assistant in the foreground. (`icatest sut audit`, which
runs campaigns against it, is registered by `icatest.cli.audit_cmds`.)"""

from __future__ import annotations

from pathlib import Path

import typer


def register_serve(sut_app: typer.Typer) -> None:
    """Add the `serve` command to the `sut` command group."""

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

