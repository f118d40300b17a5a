"""CLI commands: replay, shrink, suite export / run / schema (from found failures to CI tests)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import typer

from icatest.cli.options import (
    CONVERSATION_JUDGE,
    DATA_DIR,
    SUT_CONFIG,
    SUT_MODEL,
    SUT_PARAM,
    SUT_RETRIES,
    SUT_SYSTEM_MESSAGE,
    SUT_TIMEOUT,
    TURN_JUDGE,
    sut_options,
)
from icatest.errors import ConfigError, IcatestError

RUN_ARG = typer.Argument(..., help="A run directory.")
SUT_OVERRIDE = typer.Option(
    None, "--sut", help="Assistant to replay against (default: the run's own assistant)."
)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the main app."""
    app.command("replay")(replay_cmd)
    app.command("shrink")(shrink_cmd)
    suite = typer.Typer(help="Regression suites: export from a run, run against an assistant.")
    suite.command("export")(suite_export)
    suite.command("run")(suite_run)
    suite.command("schema")(suite_schema_cmd)
    app.add_typer(suite, name="suite")


def _run(path: Path) -> Any:
    from icatest.analysis.run import load_run

    if not (path / "conversations.jsonl").is_file():
        raise ConfigError(str(path), "not a run directory (no conversations.jsonl)")
    return load_run(path)


def _record(run: Any, conversation: str) -> Any:
    for record in run.records:
        if record.conversation_id == conversation:
            return record
    raise ConfigError("--conversation", f"no conversation {conversation!r} in {run.path}")


def _sut_of(
    run: Any, sut: str | None, sut_config: Path | None, options: Any
) -> tuple[str | None, Path | None, Any]:
    """The assistant to talk to: the option, else what the run's manifest recorded (with the
    options the run sent it, the ones given here winning)."""
    if sut or sut_config:
        return sut, sut_config, options
    config = run.manifest.get("config") or {}
    if config.get("sut") or config.get("sut_config"):
        from icatest.sut.options import SutOptions

        path = config.get("sut_config")
        stored = SutOptions.model_validate(config.get("sut_options") or {})
        merged = stored.merged(**{k: getattr(options, k) for k in options.given()})
        return config.get("sut"), Path(path) if path else None, merged
    raise ConfigError("--sut", "the run does not record its assistant; name it with --sut")


def _replayer(run: Any, sut: str | None, sut_config: Path | None, options: Any,
              models: dict[str, str], data_dir: Path | None, first: Any) -> Any:  # fmt: skip
    from icatest.regression.replay import open_replayer

    sut, sut_config, options = _sut_of(run, sut, sut_config, options)
    config = run.manifest.get("config") or {}
    return open_replayer(
        sut=sut, sut_config=sut_config, models=models, data_dir=data_dir,
        reference_opts=config.get("reference_options") or {},
        language=first.language, speech_level=first.speech_level, sut_options=options,
    )  # fmt: skip


def _models(turn_judge: str, conversation_judge: str) -> dict[str, str]:
    return {"turn_judge": turn_judge, "conversation_judge": conversation_judge}


def replay_cmd(
    run_dir: Path = RUN_ARG,
    conversation: str | None = typer.Option(None, "--conversation", help="Conversation id."),
    failing: bool = typer.Option(False, "--failing", help="Replay every failing conversation."),
    times: int = typer.Option(3, "--times", min=1, help="Replays per conversation."),
    sut: str | None = SUT_OVERRIDE,
    sut_config: Path | None = SUT_CONFIG,
    sut_model: str | None = SUT_MODEL,
    sut_param: list[str] = SUT_PARAM,
    sut_system_message: str | None = SUT_SYSTEM_MESSAGE,
    sut_timeout: float | None = SUT_TIMEOUT,
    sut_retries: int | None = SUT_RETRIES,
    turn_judge: str = TURN_JUDGE,
    conversation_judge: str = CONVERSATION_JUDGE,
    data_dir: Path | None = DATA_DIR,
) -> None:
    """Replay recorded driver turns and report which failures reproduce (writes replay.json)."""
    opts = sut_options(sut_model, sut_param, sut_system_message, sut_timeout, sut_retries)
    from icatest.regression.replay import replay

    run = _run(run_dir)
    if bool(conversation) == failing:
        raise ConfigError("--conversation", "give one --conversation ID or --failing")
    records = (
        [_record(run, conversation)]
        if conversation
        else [r for r in run.records if r.success_decision == "fail"]
    )
    if not records:
        raise IcatestError(f"{run_dir}: no failing conversation to replay")

    async def go() -> list[Any]:
        async with _replayer(run, sut, sut_config, opts, _models(turn_judge, conversation_judge),
                             data_dir, records[0]) as replayer:  # fmt: skip
            outcomes = []
            for n, record in enumerate(records, 1):
                outcome = await replay(replayer, record, times)
                outcomes.append(outcome)
                typer.echo(f"[{n}/{len(records)}] {record.conversation_id}: {outcome.verdict}")
            return outcomes

    outcomes = asyncio.run(go())
    for outcome in outcomes:
        for f in outcome.summary()["failures"]:
            typer.echo(f"  turn {f['turn']} {f['label']}: {f['status']} "
                       f"({f['reproduced_in']}/{outcome.times})")  # fmt: skip
        for f in outcome.summary()["new"]:
            typer.echo(f"  turn {f['turn']} {f['label']}: new ({f['seen_in']}/{outcome.times})")
    verdicts = [o.verdict for o in outcomes]
    table = {v: verdicts.count(v) for v in ("reproduced", "flaky", "gone")}
    typer.echo(f"reproduced {table['reproduced']}, flaky {table['flaky']}, gone {table['gone']} "
               f"of {len(outcomes)} conversations")  # fmt: skip
    out = run_dir / "replay.json"
    out.write_text(json.dumps({"times": times, "summary": table,
                               "conversations": [o.summary() | {"verdict": o.verdict}
                                                 for o in outcomes]}, indent=2) + "\n",
                   encoding="utf-8")  # fmt: skip
    typer.echo(f"wrote {out}")


def shrink_cmd(
    run_dir: Path = RUN_ARG,
    conversation: str = typer.Option(..., "--conversation", help="Conversation id."),
    label: str | None = typer.Option(None, "--label", help="Failure to keep (default: first)."),
    replays: int = typer.Option(3, "--replays", min=1, help="Replays per candidate (n)."),
    required: int = typer.Option(2, "--required", min=1, help="Failing replays to accept (k)."),
    out: Path | None = typer.Option(None, "--out", help="Suite file of the minimal case."),
    sut: str | None = SUT_OVERRIDE,
    sut_config: Path | None = SUT_CONFIG,
    sut_model: str | None = SUT_MODEL,
    sut_param: list[str] = SUT_PARAM,
    sut_system_message: str | None = SUT_SYSTEM_MESSAGE,
    sut_timeout: float | None = SUT_TIMEOUT,
    sut_retries: int | None = SUT_RETRIES,
    turn_judge: str = TURN_JUDGE,
    conversation_judge: str = CONVERSATION_JUDGE,
    data_dir: Path | None = DATA_DIR,
) -> None:
    """Find the fewest driver turns (then constraints) that still trigger a failure."""
    opts = sut_options(sut_model, sut_param, sut_system_message, sut_timeout, sut_retries)
    import time

    from icatest.regression.export import Pick, build_case
    from icatest.regression.script import recording
    from icatest.regression.shrink import shrink
    from icatest.regression.suite import Assertion, Suite

    if required > replays:
        raise ConfigError("--required", f"must be at most --replays ({replays})")
    run = _run(run_dir)
    record = _record(run, conversation)

    async def go() -> Any:
        async with _replayer(run, sut, sut_config, opts, _models(turn_judge, conversation_judge),
                             data_dir, record) as replayer:  # fmt: skip
            try:
                return await shrink(replayer, record, label, n=replays, k=required)
            except ValueError as exc:
                raise IcatestError(str(exc)) from None

    started = time.perf_counter()
    result = asyncio.run(go())
    took = time.perf_counter() - started
    if not result.reproduced:
        typer.echo(f"{result.label} did not reproduce in {required} of {replays} replays of the "
                   "whole conversation: nothing to shrink")  # fmt: skip
        raise typer.Exit(3)
    typer.echo(f"{result.label}: {result.before} -> {result.after} turns "
               f"(kept turns {result.kept}), {len(result.dropped_constraints)} constraints "
               f"dropped, {result.replays} replays, {took:.1f} s")  # fmt: skip
    script = recording(record).script(result.kept, frozenset(result.dropped_constraints))
    case = build_case(Pick(result.label, record, 0), run.name, script,
                      [Assertion(anywhere_not=result.label)],  # type: ignore[arg-type]
                      f"shrunk from {result.before} to {result.after} turns")  # fmt: skip
    target = out or run_dir / f"shrunk-{case.id}.yaml"
    _write_suite(Suite(name=f"shrunk {conversation}", cases=[case]), target)
    typer.echo(f"wrote {target}")


def _write_suite(suite: Any, path: Path) -> None:
    import yaml

    data = suite.model_dump(mode="json", exclude_defaults=True)
    data.setdefault("version", 1)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")


def suite_export(
    run_dir: Path = RUN_ARG,
    out: Path = typer.Option(..., "--out", help="Suite YAML to write."),
    shrink_cases: bool = typer.Option(True, "--shrink/--no-shrink", help="Shrink every case."),
    replays: int = typer.Option(1, "--replays", min=1, help="Replays per shrink candidate (n)."),
    required: int = typer.Option(1, "--required", min=1, help="Failing replays to accept (k)."),
    model: str = typer.Option("hashing", "--model", help="Embedding for dedup: hashing|minilm."),
    check_against: str | None = typer.Option(
        None, "--check-against",
        help="A known-good assistant (e.g. reference:none, the last release): cases that fail "
        "against it too are left out, since they could never pass.",
    ),
    sut: str | None = SUT_OVERRIDE,
    sut_config: Path | None = SUT_CONFIG,
    sut_model: str | None = SUT_MODEL,
    sut_param: list[str] = SUT_PARAM,
    sut_system_message: str | None = SUT_SYSTEM_MESSAGE,
    sut_timeout: float | None = SUT_TIMEOUT,
    sut_retries: int | None = SUT_RETRIES,
    turn_judge: str = TURN_JUDGE,
    conversation_judge: str = CONVERSATION_JUDGE,
    data_dir: Path | None = DATA_DIR,
) -> None:
    """Write one regression case per distinct failure of a run (shrunk where it reproduces)."""
    opts = sut_options(sut_model, sut_param, sut_system_message, sut_timeout, sut_retries)
    from icatest.analysis.embedding import resolve_embedder
    from icatest.regression.export import export_suite

    run = _run(run_dir)
    failing = [r for r in run.records if r.success_decision == "fail"]
    if not failing:
        raise IcatestError(f"{run_dir}: no failing conversation to export")
    embedder = resolve_embedder(model)

    def show(case: Any, info: dict[str, Any]) -> None:
        after = info["after"]
        size = f"{info['before']} -> {after} turns" if after else f"{info['before']} turns"
        typer.echo(f"case {case.id}: {size}")

    async def go() -> Any:
        try:
            if not shrink_cases:
                return await export_suite(run, embedder=embedder, on_case=show)
            async with _replayer(run, sut, sut_config, opts,
                                 _models(turn_judge, conversation_judge), data_dir,
                                 failing[0]) as replayer:  # fmt: skip
                return await export_suite(
                    run, embedder=embedder, replayer=replayer, replays=replays,
                    required=required, on_case=show,
                )  # fmt: skip
        except ValueError as exc:
            raise IcatestError(str(exc)) from None

    suite = asyncio.run(go())
    if check_against:
        suite = _keep_holding(suite, check_against, _models(turn_judge, conversation_judge),
                              data_dir)  # fmt: skip
    _write_suite(suite, out)
    typer.echo(f"wrote {out} ({len(suite.cases)} cases)")


def _keep_holding(suite: Any, sut: str, models: dict[str, str], data_dir: Path | None) -> Any:
    """The cases that hold against a known-good assistant (the others are reported and left out)."""
    from icatest.regression.replay import open_replayer
    from icatest.regression.suite import run_suite

    first = suite.cases[0]

    async def go() -> Any:
        async with open_replayer(sut=sut, models=models, data_dir=data_dir,
                                 language=first.language,
                                 speech_level=first.speech_level) as replayer:  # fmt: skip
            return await run_suite(replayer, suite)

    results = {r.id: r for r in asyncio.run(go())}
    kept = [c for c in suite.cases if results[c.id].status == "holds"]
    for case in suite.cases:
        if results[case.id].status != "holds":
            why = "; ".join(results[case.id].broken) or results[case.id].error or ""
            typer.echo(f"left out {case.id}: fails against {sut} too ({why})")
    typer.echo(f"{len(kept)} of {len(suite.cases)} cases hold against {sut}")
    if not kept:
        raise IcatestError(f"no case holds against {sut}: nothing to export")
    return suite.model_copy(update={"cases": kept})


def suite_run(
    suite_file: Path = typer.Argument(..., help="Suite YAML."),
    sut: str | None = typer.Option(
        None, "--sut", help="Assistant: URL, reference[:PROFILE], python:MODULE:ATTR."
    ),  # fmt: skip
    sut_config: Path | None = SUT_CONFIG,
    sut_model: str | None = SUT_MODEL,
    sut_param: list[str] = SUT_PARAM,
    sut_system_message: str | None = SUT_SYSTEM_MESSAGE,
    sut_timeout: float | None = SUT_TIMEOUT,
    sut_retries: int | None = SUT_RETRIES,
    repeat: int = typer.Option(1, "--repeat", min=1, help="Runs per case (flakiness)."),
    concurrency: int = typer.Option(4, "--concurrency", min=1),
    junit: Path | None = typer.Option(None, "--junit", help="Write JUnit XML here."),
    allow_flaky: bool = typer.Option(
        False, "--allow-flaky", help="Flaky cases do not fail (the same as --quarantine)."
    ),
    quarantine_flaky: bool = typer.Option(
        False, "--quarantine", help="Flaky cases are listed and do not fail the build; JUnit "
        "marks them <flakyFailure> (Surefire)."
    ),
    turn_judge: str = TURN_JUDGE,
    conversation_judge: str = CONVERSATION_JUDGE,
    data_dir: Path | None = DATA_DIR,
) -> None:
    """Run a suite; exit 0 when every case holds, 1 when any fails or is flaky (flaky ones do
    not count with --quarantine), 3 when the assistant could not be reached."""
    opts = sut_options(sut_model, sut_param, sut_system_message, sut_timeout, sut_retries)
    from icatest.cli.options import require_sut
    from icatest.config.loading import load_model
    from icatest.regression.junit import junit_xml
    from icatest.regression.replay import open_replayer
    from icatest.regression.suite import Suite, quarantine, run_suite, suite_holds

    require_sut(sut, sut_config)
    suite = load_model(suite_file, Suite)
    first = suite.cases[0]

    async def go() -> Any:
        async with open_replayer(sut=sut, sut_config=sut_config,
                                 models=_models(turn_judge, conversation_judge), data_dir=data_dir,
                                 language=first.language, speech_level=first.speech_level,
                                 sut_options=opts) as replayer:  # fmt: skip
            return await run_suite(replayer, suite, repeat=repeat, concurrency=concurrency)

    results = asyncio.run(go())
    quarantined = quarantine_flaky or allow_flaky
    if quarantined:
        results = quarantine(results)
    for r in results:
        extra = f": {'; '.join(r.broken)}" if r.broken else (f": {r.error}" if r.error else "")
        flaky = f" ({r.failed_repeats}/{r.repeats} repeats failed)" if r.status == "flaky" else ""
        curve = ""
        if repeat > 1 and r.pass_hat_k:
            curve = " [" + " ".join(f"pass^{k} {v:.2f}" for k, v in r.pass_hat_k.items()) + "]"
        typer.echo(f"{r.status.upper():7} {r.id}{flaky}{curve}{extra}")
    counts = {s: sum(r.status == s for r in results) for s in ("holds", "fails", "flaky", "error")}
    typer.echo(f"{counts['holds']} held, {counts['fails']} failed, {counts['flaky']} flaky, "
               f"{counts['error']} errors of {len(results)} cases")  # fmt: skip
    held = [r for r in results if r.quarantined]
    if held:
        typer.echo(f"quarantined (flaky, not failing the build): {', '.join(r.id for r in held)}")
    if junit is not None:
        junit.write_text(junit_xml(suite.name, results), encoding="utf-8")
        typer.echo(f"wrote {junit}")
    if counts["error"]:  # the assistant could not be reached: the suite proved nothing
        raise typer.Exit(3)
    raise typer.Exit(0 if suite_holds(results, quarantined) else 1)


def suite_schema_cmd(
    out: Path | None = typer.Option(None, "--out", help="Write here instead of stdout."),
) -> None:
    """Print the JSON schema of the suite format."""
    from icatest.regression.suite import suite_schema

    text = json.dumps(suite_schema(), indent=2) + "\n"
    if out is None:
        typer.echo(text, nl=False)
    else:
        out.write_text(text, encoding="utf-8")
