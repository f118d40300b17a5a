"""CLI commands: converse (one conversation, printed and recorded)."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from icatest.cli import options
from icatest.contracts.labels import Decision, Mode, TerminationReason

INTERRUPTED_EXIT = 130


def register(app: typer.Typer) -> None:
    app.command("converse")(converse)


def converse(
    sut: str | None = options.SUT,
    sut_config: Path | None = options.SUT_CONFIG,
    sut_model: str | None = options.SUT_MODEL,
    sut_param: list[str] = options.SUT_PARAM,
    sut_system_message: str | None = options.SUT_SYSTEM_MESSAGE,
    sut_timeout: float | None = options.SUT_TIMEOUT,
    sut_retries: int | None = options.SUT_RETRIES,
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
    channel: str = options.CHANNEL,
    out: Path | None = typer.Option(
        None, "--out", help="Write the JSON record here (Ctrl-C writes the partial one here too)."
    ),
    data_dir: Path | None = options.DATA_DIR,
    only_user_data: bool = options.ONLY_USER_DATA,
    quiet: bool = typer.Option(False, "--quiet", help="Do not print the transcript."),
    no_preflight: bool = options.NO_PREFLIGHT,
) -> None:
    """Hold one conversation, print it with the judge's labels, save the record."""
    from icatest.cli.transcript import print_transcript
    from icatest.engine.single import converse_once

    options.require_sut(sut, sut_config)
    spoken_over = options.channel_spec(channel)
    sut_options = options.sut_options(
        sut_model, sut_param, sut_system_message, sut_timeout, sut_retries
    )
    models = options.role_models(simulator, turn_judge, conversation_judge)
    settings = options.run_preflight(
        models,
        sut,
        sut_config,
        skip=no_preflight,
        settings=options.checked_settings(model_setting),
        options=sut_options,
    )
    options.offline_judge_notice(models, sut, sut_config)
    record, interrupted = asyncio.run(
        until_interrupted(
            lambda cut: converse_once(
                sut=sut,
                sut_config=sut_config,
                sut_options=sut_options,
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
                only_user_data=only_user_data,
                cut=cut,
                channel=str(spoken_over),
            )
        )
    )
    if interrupted:  # Ctrl-C: keep what was said, say where it is
        path = out or Path(f"converse-{record.conversation_id}.json")
        _write(path, record)
        if not quiet:
            print_transcript(record, Console())
        typer.echo(
            f"interrupted: partial conversation ({len(record.turns)} turns) written to {path}",
            err=True,
        )
        raise typer.Exit(INTERRUPTED_EXIT)
    if not quiet:
        print_transcript(record, Console())
    from icatest.cli.notices import dropped_params

    found = {role: u.dropped_params for role, u in record.usage.items() if u.dropped_params}
    dropped_params(found, settings)
    if out is not None:
        _write(out, record)
        typer.echo(f"record written to {out}")
    no_verdict = (Decision.UNSCORED, Decision.INVALID)
    if record.success_decision in no_verdict:  # no verdict to act on: tell CI (exit 3)
        from icatest.scoring.decision import describe_missing

        word = record.success_decision.value
        typer.echo(f"{word}: {describe_missing(record.unscored)}", err=True)
        raise typer.Exit(3)


def _write(path: Path, record: Any) -> None:
    from icatest.storage.files import write_json_atomic

    write_json_atomic(path, record.model_dump(mode="json"))


async def until_interrupted(
    start: Callable[[Callable[[], Awaitable[TerminationReason]]], Awaitable[Any]],
) -> tuple[Any, bool]:
    """Run `start(cut)`; the first SIGINT/SIGTERM fires `cut` (the conversation ends at once
    with `cancelled` and its partial record comes back), a second one stops the process."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    installed: list[signal.Signals] = []

    def fire() -> None:
        stop.set()
        for sig in installed:  # the next signal is the default one: KeyboardInterrupt
            loop.remove_signal_handler(sig)
        installed.clear()

    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, fire)
            installed.append(sig)
        except (NotImplementedError, RuntimeError, ValueError):  # not the main thread
            pass

    async def cut() -> TerminationReason:
        await stop.wait()
        return TerminationReason.CANCELLED

    try:
        result = await start(cut)
    finally:
        for sig in installed:
            loop.remove_signal_handler(sig)
    return result, stop.is_set()
