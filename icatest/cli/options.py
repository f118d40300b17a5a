"""Options shared by several commands, defined once."""

from __future__ import annotations

from pathlib import Path

import typer

from icatest.contracts.labels import Role
from icatest.errors import ConfigError

SUT = typer.Option(
    None,
    "--sut",
    help="Assistant: an OpenAI-compatible URL, reference[:PROFILE] (the built-in one), or "
    "python:MODULE:ATTRIBUTE (a callable, Runnable or LangGraph graph; docs/adapters.md).",
)
SUT_CONFIG = typer.Option(
    None, "--sut-config", help="Assistant adapter YAML (kind: http | openai)."
)
SIMULATOR = typer.Option("offline", "--simulator", help="Model for the simulator role.")
TURN_JUDGE = typer.Option(
    "offline", "--turn-judge", help="Model for the turn judge role (odd comma list: ensemble)."
)
CONVERSATION_JUDGE = typer.Option(
    "offline", "--conversation-judge", help="Model for the conversation judge role."
)
DATA_DIR = typer.Option(None, "--data-dir", help="Folder with strategies/, personas/, seeds/.")
RNG_SEED = typer.Option(0, "--rng-seed", help="Seed for every random choice.")


def role_models(simulator: str, turn_judge: str, conversation_judge: str) -> dict[str, str]:
    """Model strings per role (validated when bound: icatest.judges.setup.bind_roles)."""
    return {
        Role.SIMULATOR: simulator,
        Role.TURN_JUDGE: turn_judge,
        Role.CONVERSATION_JUDGE: conversation_judge,
    }


def require_sut(sut: str | None, sut_config: Path | None) -> None:
    if not sut and not sut_config:
        raise ConfigError(
            "--sut",
            "name the assistant: --sut URL|reference[:PROFILE]|python:MODULE:ATTR or --sut-config",
        )
