"""CLI commands: sut (check an assistant connection; serve the reference assistant)."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path
from typing import Any

import typer

from icatest.cli import options

sut_app = typer.Typer(
    no_args_is_help=True, help="Assistants under test: check a connection, serve the reference."
)

DEFAULT_UTTERANCE = "Take me to Munich Airport"


def register(app: typer.Typer) -> None:
    from icatest.cli.audit_cmds import register_audit
    from icatest.sut.reference.cli import register_serve

    if not any(c.name == "serve" for c in sut_app.registered_commands):
        register_audit(sut_app)
        register_serve(sut_app)
    app.add_typer(sut_app, name="sut")


@sut_app.command("check")
def check(
    sut: str = typer.Argument(
        None,
        help="OpenAI-compatible base URL, reference[:PROFILE], llm:NAME_OR_GGUF or "
        "python:MODULE:ATTRIBUTE",
    ),
    sut_config: Path = typer.Option(None, "--sut-config", help="YAML file (kind: http|openai)"),
    utterance: str = typer.Option(DEFAULT_UTTERANCE, "--utterance", "-u"),
    model: str = typer.Option(
        None, "--sut-model", "--model", help="model name for OpenAI-compatible endpoints"
    ),
    sut_param: list[str] = options.SUT_PARAM,
    sut_system_message: str | None = options.SUT_SYSTEM_MESSAGE,
    api_key_env: str = typer.Option("ICATEST_SUT_API_KEY", "--api-key-env"),
    timeout_s: float = typer.Option(None, "--sut-timeout", "--timeout-s", help="per attempt"),
    retries: int = typer.Option(None, "--sut-retries", "--retries"),
) -> None:
    """Send one utterance and show the exchange (latency, or the cause of a sut_error)."""
    opts = options.sut_options(model, sut_param, sut_system_message, timeout_s, retries)
    reply, name, sent = asyncio.run(_send_one(sut, sut_config, utterance, opts, api_key_env))
    typer.echo(f"assistant: {name}")
    if sent:
        typer.echo(f"sent:      {sent}")
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
    opts: Any,
    api_key_env: str,
) -> tuple[Any, str, str]:
    from icatest.sut.adapters import open_assistant
    from icatest.sut.adapters.opening import sent

    described = sent(sut, sut_config, opts)
    async with open_assistant(sut, sut_config, options=opts, api_key_env=api_key_env) as assistant:
        session = assistant.session(f"check-{uuid.uuid4().hex[:8]}")
        try:
            return await session.send(utterance), assistant.name, _sent_line(described)
        finally:
            await session.close()


def _sent_line(described: dict[str, Any]) -> str:
    """model, params and system message (its first characters) as one line; '' when none."""
    if "model" not in described:
        return ""
    parts = [f"model {described['model']}"]
    parts += [f"{k}={v}" for k, v in described.get("params", {}).items()]
    message = described.get("system_message")
    if message:
        tag = f" {described['system_prompt']}" if described.get("system_prompt") else ""
        parts.append(f"system message{tag} ({message['chars']} chars): {message['head']!r}")
    return ", ".join(parts)
