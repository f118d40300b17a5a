"""CLI commands: calibrate (judge vs humans, judge vs oracle, data converters), rejudge and
export-annotation. Computation lives in icatest.calibration; this module parses and prints."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from icatest.cli import options

if TYPE_CHECKING:
    from icatest.contracts import Persona

calibrate_app = typer.Typer(
    no_args_is_help=True, help="Judge calibration: agreement with humans and with ground truth."
)


def register(app: typer.Typer) -> None:
    app.add_typer(calibrate_app, name="calibrate")
    app.command("rejudge")(rejudge)
    app.command("export-annotation")(export_annotation)


def _print_json(data: object) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


@calibrate_app.command("humans")
def humans(
    labels: list[Path] = typer.Option(
        ..., "--labels", help="tidy CSV/JSONL, or ABC-Eval/FED JSON (repeat to merge files)"
    ),
    judge: str | None = typer.Option(None, "--judge", help="annotator name of the judge"),
    fmt: str = typer.Option("auto", "--format", help="auto | labels | abceval | fed"),
    pass_threshold: float | None = typer.Option(
        None, "--pass-threshold", help="ordinal scores >= this pass (default: upper half)"
    ),
    as_json: bool = typer.Option(False, "--json", help="print JSON instead of a table"),
    out: Path | None = typer.Option(
        None, "--out", help="also save the results as JSON (for `icatest report --calibration`)"
    ),
) -> None:
    """Agreement of a judge with human annotators, next to human-human baselines."""
    from icatest.calibration.converters import load_label_tables
    from icatest.calibration.humans import analyse
    from icatest.errors import ConfigError

    table = load_label_tables(labels, fmt)
    source = " + ".join(p.name for p in labels)
    if not table.dimensions:
        raise ConfigError(source, "no ratings found")
    if judge is not None and judge not in table.annotators:
        known = ", ".join(table.annotators)
        raise ConfigError(source, f"judge {judge!r} is not an annotator (known: {known})")
    results = analyse(table, judge=judge, pass_threshold=pass_threshold, source=source)
    if out is not None:
        from icatest.storage.files import write_json_atomic

        write_json_atomic(out, results.model_dump(mode="json"))
    if as_json:
        _print_json(results.model_dump(mode="json"))
        return
    from rich.console import Console

    from icatest.calibration.render import calibration_table

    Console(width=200).print(calibration_table(results))


def _convert(kind: str, source: Path, out: Path, include_specialized: bool = False) -> None:
    from icatest.calibration.converters import read_abceval, read_fed
    from icatest.calibration.labels import write_labels

    rows = (
        read_abceval(source, include_specialized=include_specialized)
        if kind == "abceval"
        else (read_fed(source))
    )
    count = write_labels(rows, out)
    typer.echo(f"wrote {count} ratings to {out}")


@calibrate_app.command("convert-abceval")
def convert_abceval(
    source: Path = typer.Argument(..., help="abceval_behavior_results.json"),
    out: Path = typer.Option(..., "--out", help="tidy CSV (or .jsonl) to write"),
    include_specialized: bool = typer.Option(
        False, "--include-specialized", help="also keep the specialized classifier's labels"
    ),
) -> None:
    """Convert ABC-Eval turn behaviour labels into a tidy label file."""
    _convert("abceval", source, out, include_specialized)


@calibrate_app.command("convert-fed")
def convert_fed(
    source: Path = typer.Argument(..., help="fed_data.json"),
    out: Path = typer.Option(..., "--out", help="tidy CSV (or .jsonl) to write"),
) -> None:
    """Convert FED quality ratings into a tidy label file."""
    _convert("fed", source, out)


@calibrate_app.command("oracle")
def oracle(
    run: Path = typer.Option(..., "--run", help="run directory with conversations.jsonl"),
    oracle_log: Path = typer.Option(..., "--oracle-log", help="reference assistant oracle JSONL"),
    judgements: str | None = typer.Option(
        None, "--judgements", help="compare RUN/judgements/NAME.jsonl instead of the run's judge"
    ),
    examples: int = typer.Option(5, "--examples", help="missed/spurious examples per mode"),
    as_json: bool = typer.Option(False, "--json", help="print JSON instead of a table"),
) -> None:
    """Judge labels versus the faults the reference assistant really injected."""
    from icatest.calibration.oracle import (
        compare_with_oracle,
        judged_from_verdicts,
        verdicts_from_records,
    )
    from icatest.calibration.rejudge import read_judgements, verdicts_from_judgements
    from icatest.calibration.runs import read_oracle
    from icatest.storage.rundir import read_conversations

    log = read_oracle(oracle_log)
    if judgements is None:
        conversations = read_conversations(run)
        verdicts = verdicts_from_records(conversations.records)
        if conversations.torn_last_line:
            typer.echo("note: skipped a torn last line in conversations.jsonl", err=True)
    else:
        verdicts = verdicts_from_judgements(read_judgements(run, judgements))
    report = compare_with_oracle(
        judged_from_verdicts(verdicts), log, judge=judgements or "run", max_examples=examples
    )
    if as_json:
        _print_json(report.model_dump(mode="json"))
        return
    from rich.console import Console

    from icatest.calibration.render_oracle import oracle_tables

    console = Console(width=160)
    for renderable in oracle_tables(report):
        console.print(renderable)


@calibrate_app.command("stability")
def stability_cmd(
    run: Path = typer.Argument(..., help="run directory with judgement sets"),
    sets: list[str] = typer.Option(
        ..., "--judgements", help="judgement set name (RUN/judgements/NAME); repeat, at least two"
    ),
    as_json: bool = typer.Option(False, "--json", help="print the figures as JSON"),
) -> None:
    """Agreement between judgement sets of one run: an ensemble's members, each re-judged as
    its own set, or repeats (per-label Fleiss kappa, changed turns, flipped decisions)."""
    from icatest.errors import ConfigError

    if len(sets) < 2:
        raise ConfigError("command line", "give at least two judgement sets", "--judgements")
    _stability(run, list(sets), "-".join(sets)[:60], as_json)


def rejudge(
    run: Path = typer.Argument(..., help="run directory with conversations.jsonl"),
    turn_judge: str = typer.Option(
        ..., "--turn-judge", help="model string; comma-separated odd list = majority ensemble"
    ),
    conversation_judge: str | None = typer.Option(
        None, "--conversation-judge",
        help="model string; comma-separated odd list = ensemble (with --repeat: default offline)",
    ),
    name: str | None = typer.Option(
        None, "--as", help="name of the judgement set (RUN/judgements/NAME; --repeat: "
        "NAME-r1..NAME-rN, default `repeat`)"
    ),
    repeat: int = typer.Option(
        1, "--repeat", min=1, help="judge every transcript N times: per-label Fleiss kappa, "
        "turns whose labels change, conversations whose decision flips"
    ),
    concurrency: int = typer.Option(4, "--concurrency", min=1),
    force: bool = typer.Option(False, "--force", help="replace an existing judgement set"),
    as_json: bool = typer.Option(False, "--json", help="--repeat: print the figures as JSON"),
    no_preflight: bool = options.NO_PREFLIGHT,
) -> None:
    """Add another judge's verdicts to a finished run without calling the assistant again."""
    import asyncio

    from icatest.calibration.rejudge import rejudge_run
    from icatest.contracts.labels import Role
    from icatest.errors import ConfigError
    from icatest.judges.checks import registered_turn_checks
    from icatest.judges.setup import bind_roles
    from icatest.llm.gateway import ModelGateway

    if repeat == 1 and (conversation_judge is None or name is None):
        missing = "--conversation-judge" if conversation_judge is None else "--as"
        raise ConfigError("command line", "required unless --repeat is given", missing)
    models: dict[str, str] = {
        Role.TURN_JUDGE: turn_judge,
        Role.CONVERSATION_JUDGE: conversation_judge or "offline",
    }
    if repeat > 1:
        from icatest.calibration.stability import deterministic

        if deterministic(models):
            typer.echo(
                f"the offline judges are deterministic: {repeat} repeats would give identical "
                "verdicts (every label's agreement exact, no turn's labels change, no decision "
                "flips); not repeated"
            )
            return
    # re-judging judges every turn alone
    settings = options.run_preflight(models, skip=no_preflight)  # auto -> the mode used
    # re-judging builds no conversation: the judges alone, with the registered turn checks
    # (LoCar's speech level, registered by the CLI), as a conversation plan would bind them
    checks = registered_turn_checks()
    binding = bind_roles(models, settings, combine_final_turn=False, turn_checks=checks)
    from icatest.cli.progress import stages

    base = name or "repeat"
    names = [base] if repeat == 1 else [f"{base}-r{i}" for i in range(1, repeat + 1)]
    gateway = ModelGateway(roles=binding.roles)
    paths = []
    for label in names:
        with stages(f"re-judging {run} as {label!r}") as say:
            path, count = asyncio.run(
                rejudge_run(
                    run,
                    gateway,
                    binding.judges.turn,
                    binding.judges.conversation,
                    name=label,
                    personas=_personas(),
                    concurrency=concurrency,
                    overwrite=force,
                    on_done=lambda done, total: say(f"judged {done} of {total} conversations"),
                )
            )
        paths.append(path)
        typer.echo(f"judged {count} conversations -> {path}")
    if repeat > 1:
        _stability(run, names, base, as_json)


def _stability(run: Path, names: list[str], base: str, as_json: bool) -> None:
    from icatest.calibration.rejudge import judgements_path, read_judgements
    from icatest.calibration.stability import stability
    from icatest.storage.files import write_json_atomic

    report = stability([read_judgements(run, n) for n in names])
    out = judgements_path(run, base).with_name(f"{base}-stability.json")
    write_json_atomic(out, report.model_dump(mode="json"))
    if as_json:
        _print_json(report.model_dump(mode="json"))
        return
    from icatest.calibration.render import stability_lines

    for line in stability_lines(report):
        typer.echo(line)
    typer.echo(f"figures written to {out}")


def _personas() -> dict[str, Persona] | None:
    """Personas of the catalog, when one is found (the judges only read their names otherwise)."""
    from icatest.catalog.loader import load_catalog
    from icatest.errors import IcatestError

    try:
        return dict(load_catalog().personas)
    except IcatestError:
        return None


def export_annotation(
    run: Path = typer.Argument(..., help="run directory with conversations.jsonl"),
    n: int = typer.Option(40, "--n", min=1, help="conversations to sample"),
    out: Path | None = typer.Option(None, "--out", help="sheet CSV (default RUN/annotation.csv)"),
    rng_seed: int = typer.Option(0, "--rng-seed", help="sampling seed"),
    judge_out: Path | None = typer.Option(
        None, "--judge-out", help="also write the run judge's labels on the same items"
    ),
) -> None:
    """Write a blinded annotation sheet (no judge output) for human labelling."""
    from icatest.calibration.annotation import judge_rows, sample_records, write_sheet
    from icatest.calibration.labels import write_labels
    from icatest.storage.rundir import read_conversations

    records = sample_records(read_conversations(run).records, n, rng_seed)
    target = out or run / "annotation.csv"
    rows = write_sheet(records, target)
    typer.echo(f"wrote {rows} rows for {len(records)} conversations to {target}")
    if judge_out is not None:
        count = write_labels(judge_rows(records), judge_out)
        typer.echo(f"wrote {count} judge labels to {judge_out}")
