"""CLI commands: fuzz (one campaign), compare (an experiment)."""

from __future__ import annotations

import asyncio
import shlex
import sys
from pathlib import Path
from typing import Any

import typer

from icatest.cli import options
from icatest.errors import ConfigError


def _config(values: dict[str, Any]) -> Any:
    from icatest.cli.flags import campaign_config

    return campaign_config(values)


def _limits(max_concurrent: int | None, rpm: float | None) -> dict[str, Any]:
    return {"max_concurrent": max_concurrent, "rpm": rpm}


def _turn_budgets(text: str) -> list[int]:
    try:
        return [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        problem = f"not a list of integers: {text!r}"
        raise ConfigError("command line", problem, "--turn-budgets") from None


def fuzz(
    sut: str | None = options.SUT,
    out: Path = typer.Option(..., help="run directory (created; --resume continues it)"),
    sut_config: Path | None = options.SUT_CONFIG,
    sut_model: str | None = options.SUT_MODEL,
    sut_param: list[str] = options.SUT_PARAM,
    sut_system_message: str | None = options.SUT_SYSTEM_MESSAGE,
    sut_timeout: float | None = options.SUT_TIMEOUT,
    sut_retries: int | None = options.SUT_RETRIES,
    mode: str = typer.Option("guided", help="guided | baseline"),
    budget: str | None = typer.Option(None, help="time budget: 4h, 15m, 90s"),
    max_conversations: int | None = typer.Option(
        None,
        help="stop after this many scenarios, each run --trials times (a budget or this is "
        "required)",
    ),
    trials: int = typer.Option(
        1, "--trials", help="run every scenario K times (same seed, persona, context, turns): "
        "pass^k and flaky scenarios in the report"
    ),
    max_cost_usd: float | None = typer.Option(None, help="stop once model costs reach this"),
    concurrency: int = typer.Option(4, help="conversations in flight"),
    simulator: str = options.SIMULATOR,
    turn_judge: str = options.TURN_JUDGE,
    conversation_judge: str = options.CONVERSATION_JUDGE,
    model_setting: list[str] = options.MODEL_SETTING,
    seed_pool: list[str] = typer.Option(
        [], help="repeatable; default every pool (names: icatest list seed-pools)"
    ),
    persona: list[str] = typer.Option(
        [], help="repeatable; default every persona of the pools' language (icatest list personas)"
    ),
    turn_budgets: str = typer.Option("6,10", help="turn budgets to draw from, comma-separated"),
    rng_seed: int = options.RNG_SEED,
    run_id: str | None = typer.Option(
        None, help="fixed run id (default <mode>-<time>-<random>): the same conversation ids, so "
        "the reference assistant rolls the same faults and the run repeats"
    ),
    sut_rpm: float | None = typer.Option(None, help="requests per minute to the assistant"),
    sut_max_concurrent: int | None = typer.Option(
        None, help="requests in flight to the assistant"
    ),
    model_rpm: float | None = typer.Option(None, help="per model role"),
    model_max_concurrent: int | None = typer.Option(None, help="per model role"),
    outage_after: int = typer.Option(
        5, help="unreachable conversations (or failed model calls) in a row that stop the campaign"
    ),
    outage_grace: str = typer.Option("60s", help="how long to probe a dead endpoint first"),
    min_judged: float = typer.Option(
        0.9, help="exit 0 only when at least this share of conversations is scored (else 3)"
    ),
    executor: str = typer.Option("local", help="local | local-dask | dask"),
    workers: int = typer.Option(2, help="Dask workers (local-dask)"),
    scheduler: str | None = typer.Option(None, help="tcp://HOST:PORT"),
    data_dir: Path | None = options.DATA_DIR,
    only_user_data: bool = options.ONLY_USER_DATA,
    speech_level: str | None = typer.Option(
        None, help="hae | haeyo | hapsyo: Korean speech level every reply must keep"
    ),
    channel: str = options.CHANNEL,
    resume: bool = typer.Option(False, "--resume", help="continue an interrupted run in --out"),
    quiet: bool = typer.Option(False, "--quiet", help="no live display"),
    no_preflight: bool = options.NO_PREFLIGHT,
    engine: str | None = typer.Option(None, hidden=True, help="graph | scripted"),
) -> None:
    """Run a time-budgeted fuzzing campaign against an assistant."""
    config = _config(
        {
            "sut": sut,
            "sut_config": sut_config,
            "sut_options": options.sut_options(
                sut_model, sut_param, sut_system_message, sut_timeout, sut_retries
            ),
            "mode": mode,
            "budget_s": budget,
            "max_conversations": max_conversations,
            "trials": trials,
            "max_cost_usd": max_cost_usd,
            "concurrency": concurrency,
            "simulator": simulator,
            "turn_judge": turn_judge,
            "conversation_judge": conversation_judge,
            "model_settings": options.role_settings(model_setting),
            "seed_pools": seed_pool,
            "personas": persona,
            "turn_budgets": _turn_budgets(turn_budgets),
            "rng_seed": rng_seed,
            "run_id": run_id,
            "sut_limits": _limits(sut_max_concurrent, sut_rpm),
            "model_limits": _limits(model_max_concurrent, model_rpm),
            "executor": executor,
            "workers": workers,
            "scheduler": scheduler,
            "data_dir": data_dir,
            "only_user_data": only_user_data,
            "speech_level": speech_level,
            "channel": channel,
            "outage_after": outage_after,
            "outage_grace_s": outage_grace,
            "min_judged": min_judged,
        }
    )
    from icatest.campaigns.running.conversation import ENGINES, EngineName
    from icatest.campaigns.running.runner import run_campaign

    if engine is not None and engine not in set(EngineName):
        known = ", ".join(EngineName)
        raise ConfigError("--engine", f"unknown engine {engine!r}; engines: {known}")

    # a scripted engine talks to no real model or assistant: nothing to check
    skip = no_preflight or engine is not None
    resolved = options.run_preflight(
        config.roles(),
        config.sut,
        config.sut_config,
        skip=skip,
        settings=config.model_settings,
        options=config.sut_options,
    )
    config = config.model_copy(update={"model_settings": resolved})  # auto -> the mode used
    options.offline_judge_notice(config.roles(), config.sut, config.sut_config)

    view = None
    if not quiet and sys.stderr.isatty():
        from icatest.campaigns.progress.panel import live_view

        view = live_view
    result = asyncio.run(
        run_campaign(
            config,
            out,
            resume=resume,
            engine=ENGINES[EngineName(engine or EngineName.GRAPH)],
            view=view,
        )
    )
    from icatest.campaigns.outcome import ExitCode, exit_code, unusable_reason

    p = result.progress
    from icatest.cli.notices import dropped_params

    dropped_params(result.dropped_params, config.model_settings)
    if result.outage:
        typer.echo(f"outage: {result.outage}", err=True)
    why = unusable_reason(result.status, p, config.min_judged, result.unfinished)
    if why:
        typer.echo(f"verdicts not usable: {why}", err=True)
    if result.status != "completed" or result.unfinished:
        argv = [a for a in sys.argv[1:] if a != "--resume"]
        typer.echo("resume with: icatest " + shlex.join([*argv, "--resume"]), err=True)
    typer.echo(summary_line(result))
    typer.echo(report_hint(out))
    code = exit_code(result.status, p, config.min_judged, result.unfinished)
    if code is not ExitCode.OK:
        raise typer.Exit(int(code))


def report_hint(folder: Path, lead: str = "next") -> str:
    """The last line of fuzz, compare and demo: the command that turns the run into a report."""
    return f"{lead}: icatest report {shlex.quote(str(folder))}   (metrics.json + report.html)"


def summary_line(result: Any) -> str:
    """The final line of a campaign: what was recorded, what is missing, what was found."""
    p = result.progress
    redone = f", {result.redone} redone" if getattr(result, "redone", 0) else ""
    unfinished = getattr(result, "unfinished", 0)
    left = f", {unfinished} still to redo (--resume)" if unfinished else ""
    invalid = f", {p.invalid} invalid (simulator faults)" if getattr(p, "invalid", 0) else ""
    paused = ""
    if p.pauses.paused_s >= 0.5:
        paused = f"; paused {p.pauses.paused_s:.0f} s while {' and '.join(p.pauses.down)} was down"
    return (
        f"{result.status}: {result.conversations} conversations ({result.new_conversations} "
        f"new{redone}): {p.conversations - p.partial} complete, {p.partial} partial; "
        f"{p.scored} scored, {p.unscored} unscored{invalid}; {p.assistant_errors} with assistant "
        f"errors (failures), {p.model_errors} with model errors; {p.interrupted} interrupted by an "
        f"outage{left}; {p.failures} findings of {len(p.failure_types)} types{paused}; "
        f"cost ${p.cost_usd:.4f} -> {result.run_dir}"
    )


def compare(
    experiment: Path = typer.Argument(..., help="experiment YAML, or a packaged name (demo)"),
    out: Path | None = typer.Option(
        None, "--out", help="experiment folder (default runs/NAME); re-running resumes it"
    ),
    budget: str | None = typer.Option(
        None, "--budget", help="replace every arm's time budget (30s, 5m) for a quick look"
    ),
    trials: int | None = typer.Option(
        None, "--trials", help="run every scenario of every arm K times (replaces the YAML's "
        "campaign.trials): pass^k, and the headline ratio with a bootstrap interval"
    ),
    quiet: bool = typer.Option(False, "--quiet", help="no live panel"),
    no_preflight: bool = options.NO_PREFLIGHT,
) -> None:
    """Run the baseline and guided arms of an experiment and write comparison.json."""
    from icatest.campaigns.experiments.experiment import load_experiment
    from icatest.cli.experiment_run import checked_experiment, run_experiment_cli, with_budget

    exp = with_budget(load_experiment(experiment), budget)
    if not no_preflight:
        exp = checked_experiment(exp)
    from icatest.contracts import Mode

    for backend in exp.backends:
        roles = exp.arm_config(backend, Mode.GUIDED, 0).roles()
        options.offline_judge_notice(roles, backend.sut, backend.sut_config)
    from icatest.cli.experiment_run import with_trials

    exp = with_trials(exp, trials)  # --trials K: every arm runs each scenario K times
    folder = out or Path("runs") / exp.name
    comparison = run_experiment_cli(exp, folder, quiet=quiet)
    from icatest.cli.notices import dropped_in_runs
    from icatest.storage.rundir import COMPARISON

    said = exp.campaign.get("model_settings")
    dropped_in_runs((folder / r["path"] for r in comparison["runs"]), said)
    typer.echo(comparison_table(comparison))
    typer.echo(f"comparison written to {folder / COMPARISON}")
    typer.echo(report_hint(folder))
    min_judged = exp.arm_config(exp.backends[0], Mode.GUIDED, 0).min_judged
    problems = [
        f"{r['path']}: {r['status']}, {r['scored_conversations']} of {r['conversations']} scored"
        for r in comparison["runs"]
        if r["status"] in ("sut_down", "model_down", "unfinished") or _judged(r) < min_judged
    ]
    if problems:
        typer.echo("verdicts not usable: " + "; ".join(problems), err=True)
        raise typer.Exit(3)


TABLE_METRICS = (
    "conversations",
    "scored_conversations",
    "unscored_conversations",
    "failing_conversations",
    "failure_rate",
    "flagged_rate",
    "unique_failure_types_per_conversation",
    "failures_found",
    "pass_rate",
)
# shown when an arm was heard through a garbling channel (asr, speech): docs/voice.md
VOICE_METRICS = ("mean_wer", "garbled_share", "recovery_rate", "misheard_rate")


def _judged(arm: dict[str, Any]) -> float:
    """Scored share of an arm's conversations, those the budget or the user cut short aside."""
    ran = arm["conversations"] - arm.get("cut_short_conversations", 0)
    return arm["scored_conversations"] / ran if ran > 0 else 0.0


def comparison_table(comparison: dict[str, Any]) -> str:
    """metric | guided | baseline | ratio (guided / baseline), one row per headline metric."""
    arms = comparison.get("arms", {})
    names = [a for a in ("guided", "baseline") if a in arms] or list(arms)
    ratios = comparison.get("ratios", {})
    header = ["metric", *names, "ratio"]
    rows = [header]
    voiced = any("mean_wer" in arms[a] for a in names)
    for metric in (*TABLE_METRICS, *(VOICE_METRICS if voiced else ())):
        values = [_cell(arms[a].get(metric)) for a in names]
        rows.append([metric, *values, _cell(ratios.get(metric))])
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                       for i, (c, w) in enumerate(zip(r, widths, strict=True))) for r in rows]
    note = "failure_rate = failing / scored; flagged_rate = conversations with a finding / all"
    if voiced:
        note += ("\nrecovery_rate = garbled turns (WER > 0) where the assistant asked to confirm "
                 "or repeat / garbled turns; misheard_rate = where it acted on the wrong reading")
    return "\n".join([*lines, note, *headline_line(comparison.get("headline"))])


def headline_line(h: dict[str, Any] | None) -> list[str]:
    """The headline ratio with its bootstrap interval over scenarios (none: nothing)."""
    if not h or h.get("ratio") is None:
        return []
    span = "-" if h.get("low") is None else f"{h['low']:.2f} to {h['high']:.2f}"
    per = f", {h['trials']} trials each" if h.get("trials", 1) > 1 else ""
    return [f"headline: distinct failure types per conversation, guided / baseline = "
            f"{h['ratio']:.2f} ({h['confidence']:.0%} bootstrap interval over "
            f"{h['scenarios']} scenarios{per}: {span})"]


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def register(app: typer.Typer) -> None:
    app.command("fuzz")(fuzz)
    app.command("compare")(compare)
