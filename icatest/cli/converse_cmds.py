"""CLI commands: converse (one conversation, printed and recorded)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import typer
from rich.console import Console

from icatest.cli import options
from icatest.contracts.labels import Decision, Mode


def register(app: typer.Typer) -> None:
    app.command("converse")(converse)


def converse(
    sut: str | None = options.SUT,
    sut_config: Path | None = options.SUT_CONFIG,
    mode: Mode = typer.Option(Mode.GUIDED, "--mode", help="guided or baseline."),
    persona: str | None = typer.Option(
        None, "--persona", help="Driver persona (default: the neutral one of the pool's language)."
    ),
    seed_pool: str = typer.Option(
        "mixed", "--seed-pool", help="Seed pool (names: icatest list seed-pools)."
    ),
    seed_id: str | None = typer.Option(
        None, "--seed", help="A seed id of the pool (random if unset)."
    ),
    context_id: str | None = typer.Option(
        None, "--context", help="A context id (random if unset)."
    ),
    max_turns: int = typer.Option(8, "--max-turns", min=1, max=100),
    simulator: str = options.SIMULATOR,
    turn_judge: str = options.TURN_JUDGE,
    conversation_judge: str = options.CONVERSATION_JUDGE,
    model_setting: list[str] = options.MODEL_SETTING,
    rng_seed: int = options.RNG_SEED,
    out: Path | None = typer.Option(None, "--out", help="Write the JSON record here."),
    data_dir: Path | None = options.DATA_DIR,
    quiet: bool = typer.Option(False, "--quiet", help="Do not print the transcript."),
    no_preflight: bool = options.NO_PREFLIGHT,
) -> None:
    """Hold one conversation, print it with the judge's labels, save the record."""
    from icatest.cli.transcript import print_transcript
    from icatest.engine.single import converse_once

    options.require_sut(sut, sut_config)
    models = options.role_models(simulator, turn_judge, conversation_judge)
    settings = options.run_preflight(
        models, sut, sut_config, skip=no_preflight, settings=options.checked_settings(model_setting)
    )
    options.offline_judge_notice(models, sut, sut_config)
    record = asyncio.run(
        converse_once(
            sut=sut,
            sut_config=sut_config,
            models=models,
            settings=settings,
            mode=mode,
            persona=persona,
            seed_pool=seed_pool,
            seed_id=seed_id,
            context_id=context_id,
            max_turns=max_turns,
            rng_seed=rng_seed,
            data_dir=data_dir,
        )
    )
    if not quiet:
        print_transcript(record, Console())
    if out is not None:
        from icatest.files import write_json_atomic

        write_json_atomic(out, record.model_dump(mode="json"))
        typer.echo(f"record written to {out}")
    if record.success_decision == Decision.UNSCORED:  # no verdict to act on: tell CI (exit 3)
        from icatest.decision import describe_missing

        typer.echo(f"unscored: {describe_missing(record.unscored)}", err=True)
        raise typer.Exit(3)
