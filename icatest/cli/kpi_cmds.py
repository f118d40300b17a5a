"""CLI commands: kpi (LoCar evaluation). Dataset construction lives in kpi_build_cmds."""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import typer

from icatest.cli import kpi_build_cmds, kpi_report_cmds, options
from icatest.errors import ConfigError

if TYPE_CHECKING:
    from collections.abc import AsyncIterator
    from contextlib import AbstractAsyncContextManager

    from icatest.llm.gateway import ModelGateway
    from icatest.locar.kpi.answers import AnswerFn, HistoryMode, OpenFn
    from icatest.locar.kpi.results import KpiResults
    from icatest.sut.base import Assistant
    from icatest.sut.options import SutOptions

kpi_app = typer.Typer(no_args_is_help=True, help="Localization-aware KPI evaluation (LoCar).")

DEFAULT_JUDGES = "offline,offline:strict,offline:lenient"
E = TypeVar("E", bound=StrEnum)


def register(app: typer.Typer) -> None:
    kpi_build_cmds.register(kpi_app)
    kpi_app.command("sample")(sample_cmd)
    kpi_app.command("run")(run_cmd)
    kpi_report_cmds.register(kpi_app)
    kpi_app.command("schema")(schema_cmd)
    app.add_typer(kpi_app, name="kpi")


def run_cmd(
    dataset: Path = typer.Option(..., "--dataset", help="KPI dataset (YAML, JSON or JSONL)."),
    out: Path = typer.Option(..., "--out", help="Folder for results.json and kpi_report.html."),
    sut: str | None = typer.Option(
        None,
        "--sut",
        help="Assistant: OpenAI-compatible URL, reference[:PROFILE] or python:MODULE:ATTRIBUTE.",
    ),
    sut_config: Path | None = typer.Option(None, "--sut-config", help="Assistant config YAML."),
    sut_model: str | None = options.SUT_MODEL,
    sut_param: list[str] = options.SUT_PARAM,
    sut_system_message: str | None = options.SUT_SYSTEM_MESSAGE,
    sut_timeout: float | None = options.SUT_TIMEOUT,
    sut_retries: int | None = options.SUT_RETRIES,
    model: str | None = typer.Option(
        None, "--model", help="Call this model directly as the assistant (role sut_model)."
    ),
    judges: str = typer.Option(
        DEFAULT_JUDGES, "--judges", help="Comma-separated judge models (majority vote)."
    ),
    lang: str | None = typer.Option(None, "--lang", help="Only instances in language ko|en."),
    concurrency: int = typer.Option(4, "--concurrency", min=1, help="Instances in flight."),
    run_id: str | None = typer.Option(
        None, "--run-id", help="Names the run and its session ids (default: random)."
    ),
    level: str | None = typer.Option(
        None,
        "--level",
        help="Judge every Korean instance at this level (hae|haeyo|hapsyo), reference answers "
        "rewritten: for an assistant fixed to one level.",
    ),
    system_message: str | None = typer.Option(
        None,
        "--system-message",
        help="System message for an OpenAI-style assistant ('auto': language and level); may "
        "use {{ language }} and {{ speech_level }}.",
    ),
    history: str = typer.Option(
        "given",
        "--history",
        help="Multi-turn: 'given' hands the reference turns over as conversation history "
        "(replayed where the endpoint keeps its own sessions); 'replay' sends the questions.",
    ),
    pooled_speech_level: bool = typer.Option(
        False, "--pooled-speech-level", help="One speech-level KPI instead of one per level."
    ),
    harmful_exemption: bool = typer.Option(
        True,
        "--harmful-exemption/--no-harmful-exemption",
        help="Harmful questions are not judged on conciseness (the paper's rule).",
    ),
    gate: str = typer.Option(
        "recall_first", "--gate", help="Gate policy: recall_first (paper) or majority."
    ),
    scope: Path | None = typer.Option(
        None, "--scope", help="YAML {scope: {use_case: [kpi, ...]}}: KPIs judged per use case."
    ),
    mixed_politeness: bool = typer.Option(
        False, "--mixed-politeness", help="A polite target accepts 해요체 and 합쇼체 alike."
    ),
    no_preflight: bool = options.NO_PREFLIGHT,
) -> None:
    """Answer every dataset instance, judge it on its KPIs, write per-KPI scores and a report.

    The assistant is told each instance's language and speech level. Sessions are named
    kpi-RUN_ID-INSTANCE_ID; the reference assistant seeds its faults from them, so the same
    --run-id reproduces the same answers.
    """
    import uuid

    from icatest.locar.kpi.answers import HistoryMode
    from icatest.locar.kpi.dataset import Language, load_dataset
    from icatest.locar.kpi.protocol import GatePolicy, Protocol, SpeechLevelKpis, load_scope
    from icatest.locar.kpi.run import run_kpis, write_results

    sources = [s for s in (sut, sut_config, model) if s is not None]
    if len(sources) != 1:
        raise ConfigError("kpi run", "give exactly one of --sut, --sut-config or --model")
    sut_opts = options.sut_options(
        sut_model, sut_param, sut_system_message, sut_timeout, sut_retries
    )
    if system_message is not None and sut_opts.system_message is not None:
        problem = "give --system-message or --sut-system-message, not both"
        raise ConfigError("kpi run", problem, "--sut-system-message")
    language = _language(lang)
    mode = _choice("--history", history, HistoryMode)
    protocol = Protocol(
        speech_level_kpis=SpeechLevelKpis.POOLED
        if pooled_speech_level
        else SpeechLevelKpis.PER_LEVEL,
        harmful_conciseness_exempt=harmful_exemption,
        gate=_choice("--gate", gate.replace("-", "_"), GatePolicy),
        scope=load_scope(scope) if scope else None,
        mixed_politeness=mixed_politeness,
    )
    settings = {
        "level": level,
        "history": mode.value,
        "system_message": system_message,
        "language": language,
    }
    data = load_dataset(dataset).select(Language(language) if language else None)
    if level is not None:
        from icatest.locar.kpi.dataset import SpeechLevel
        from icatest.locar.kpi.levels import at_level

        data, unverified = at_level(data, _choice("--level", level, SpeechLevel))
        if unverified:
            typer.echo(f"note: {unverified} rewritten reference answer(s) not verified at {level}")
    gateway, roles = kpi_report_cmds.checked_kpi_gateway(
        judges, model, sut, sut_config, skip=no_preflight, sut_opts=sut_opts
    )

    rid = run_id or uuid.uuid4().hex[:12]

    async def go() -> KpiResults:
        source = _answers(sut, sut_config, model, gateway, system_message, rid, mode, sut_opts)
        async with source as (answer, label):
            return await run_kpis(
                data,
                answer,
                gateway,
                roles,
                model_label=label,
                concurrency=concurrency,
                dataset_path=str(dataset),
                run_id=rid,
                protocol=protocol,
                settings=settings,
            )

    results = asyncio.run(go())
    paths = write_results(results, out)
    _print_table(results)
    typer.echo(f"results: {paths['results']}\nreport:  {paths['report']}")


def sample_cmd(
    dataset: Path = typer.Option(..., "--dataset", help="The pool to draw from."),
    out: Path = typer.Option(..., "--out", help="Sampled dataset (.yaml, .json or .jsonl)."),
    per_kpi: int = typer.Option(50, "--per-kpi", min=1, help="Instances per KPI (paper: 50)."),
    seed: int = typer.Option(0, "--seed", help="Sampling seed (recorded in the dataset)."),
) -> None:
    """Draw N instances per KPI, each Korean one at a random (stratified) speech level."""
    from icatest.locar.kpi.dataset import dump_dataset, load_dataset
    from icatest.locar.kpi.sampling import sample_dataset

    drawn, report = sample_dataset(
        load_dataset(dataset), per_kpi=per_kpi, seed=seed, source=str(dataset)
    )
    dump_dataset(drawn, out)
    short = [f"{k} {report.drawn[k]}/{report.available[k]}" for k in report.drawn]
    typer.echo(f"{len(drawn.instances)} instances -> {out}")
    typer.echo("drawn/available per KPI: " + ", ".join(short))
    typer.echo(
        "levels: " + ", ".join(f"{k} {v}" for k, v in report.levels.items())
        + f"; {report.rewritten} rewritten to their level"
        + (f" ({report.unverified} answer(s) not verified)" if report.unverified else "")
    )


def schema_cmd() -> None:
    """Print the JSON schema of the KPI dataset format (for editors and generators)."""
    import json

    from icatest.locar.kpi.dataset import KpiDataset

    typer.echo(json.dumps(KpiDataset.model_json_schema(), indent=2, ensure_ascii=False))


def _language(lang: str | None) -> str | None:
    if lang is None:
        return None
    if lang not in ("ko", "en"):
        raise ConfigError("--lang", f"expected ko or en, got {lang!r}")
    return lang


def _choice(option: str, value: str, enum: type[E]) -> E:
    try:
        return enum(value)
    except ValueError:
        known = "|".join(e.value for e in enum)
        raise ConfigError(option, f"expected {known}, got {value!r}") from None


@asynccontextmanager
async def _answers(
    sut: str | None,
    sut_config: Path | None,
    model: str | None,
    gateway: ModelGateway,
    system_message: str | None,
    run_id: str,
    history: HistoryMode,
    sut_options: SutOptions,
) -> AsyncIterator[tuple[AnswerFn, str]]:
    """Where answers come from (a model called directly, or an assistant) and its label."""
    from icatest.locar.kpi.answers import assistant_answers, model_answers

    if model is not None:
        yield model_answers(gateway), f"model:{model.partition('@')[0]}"
        return
    label = sut if sut is not None else f"config:{sut_config}"
    opener = _opener(sut, sut_config, system_message, sut_options)
    async with assistant_answers(opener, run_id=run_id, history=history) as answer:
        yield answer, label


def _opener(
    sut: str | None, sut_config: Path | None, system_message: str | None, sut_options: SutOptions
) -> OpenFn:
    """open_assistant per (language, level), each told both: the reference assistant through
    lang and register, an endpoint through {{ language }}/{{ speech_level }} and the system
    message."""
    from icatest.locar.kpi.answers import level_system_message
    from icatest.sut.adapters import open_assistant

    is_reference = sut is not None and (sut == "reference" or sut.startswith("reference:"))

    def open_fn(lang: str, level: str | None) -> AbstractAsyncContextManager[Assistant]:
        if not is_reference:
            message = system_message
            if message == "auto":
                message = level_system_message(lang, level)
            return open_assistant(
                sut,
                sut_config,
                options=sut_options,
                variables={"language": lang, "speech_level": level},
                system_message=message,
            )
        if level is None:
            return open_assistant(sut, sut_config, options=sut_options, lang=lang)
        return open_assistant(sut, sut_config, options=sut_options, lang=lang, register=level)

    return open_fn


def _print_table(results: KpiResults) -> None:
    from rich.console import Console
    from rich.table import Table

    from icatest.locar.kpi.report import fmt_ci

    title = f"KPIs of {results.label} ({results.dataset['instances']} instances)"
    table = Table(title=title)
    cols = ("use case", "KPI", "n", "scored", "unscored", "gated", "exempt", "score [95% CI]")
    for col in cols:
        table.add_column(col, justify="right" if col not in ("use case", "KPI") else "left")
    for row in results.scores:
        table.add_row(
            row.use_case,
            row.name,
            str(row.n),
            str(row.scored),
            str(row.unscored),
            str(row.gated),
            str(row.exempt),
            fmt_ci(row),
        )
    Console(width=130).print(table)
