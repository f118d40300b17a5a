"""CLI commands: sut (check an assistant connection; serve the reference assistant)."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path
from typing import Any

import typer

sut_app = typer.Typer(
    no_args_is_help=True, help="Assistants under test: check a connection, serve the reference."
)

DEFAULT_UTTERANCE = "Take me to Munich Airport"


def register(app: typer.Typer) -> None:
    from icatest.sut.reference.cli import register_serve

    if not any(c.name == "serve" for c in sut_app.registered_commands):
        register_serve(sut_app)
    app.add_typer(sut_app, name="sut")


@sut_app.command("check")
def check(
    sut: str = typer.Argument(
        None, help="OpenAI-compatible base URL, reference[:PROFILE] or python:MODULE:ATTRIBUTE"
    ),
    sut_config: Path = typer.Option(None, "--sut-config", help="YAML file (kind: http|openai)"),
    utterance: str = typer.Option(DEFAULT_UTTERANCE, "--utterance", "-u"),
    model: str = typer.Option(None, "--model", help="model name for OpenAI-compatible endpoints"),
    api_key_env: str = typer.Option("ICATEST_SUT_API_KEY", "--api-key-env"),
    timeout_s: float = typer.Option(None, "--timeout-s", help="per attempt"),
    retries: int = typer.Option(None, "--retries"),
) -> None:
    """Send one utterance and show the exchange (latency, or the cause of a sut_error)."""
    reply, name = asyncio.run(
        _send_one(sut, sut_config, utterance, model, api_key_env, timeout_s, retries)
    )
    typer.echo(f"assistant: {name}")
    typer.echo(f"user:      {utterance}")
    if reply.error is not None:
        typer.echo(f"sut_error: {reply.error}")
        typer.echo(f"attempts:  {reply.attempts}, {reply.latency_s:.3f} s")
        raise typer.Exit(1)
    typer.echo(f"assistant: {reply.text}{' [truncated]' if reply.truncated else ''}")
    typer.echo(f"latency:   {reply.latency_s:.3f} s ({reply.attempts} attempt(s))")


async def _send_one(
    sut: str | None,
    sut_config: Path | None,
    utterance: str,
    model: str | None,
    api_key_env: str,
    timeout_s: float | None,
    retries: int | None,
) -> tuple[Any, str]:
    from icatest.sut.adapters import open_assistant

    async with open_assistant(
        sut,
        sut_config,
        model=model,
        api_key_env=api_key_env,
        timeout_s=timeout_s,
        retries=retries,
    ) as assistant:
        session = assistant.session(f"check-{uuid.uuid4().hex[:8]}")
        try:
            return await session.send(utterance), assistant.name
        finally:
            await session.close()
