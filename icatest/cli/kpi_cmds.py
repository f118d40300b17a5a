"""CLI commands: kpi (LoCar evaluation). Dataset construction lives in kpi_build_cmds."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from icatest.cli import kpi_build_cmds
from icatest.errors import ConfigError

if TYPE_CHECKING:
    from contextlib import AbstractAsyncContextManager

    from icatest.locar.kpi.answers import OpenFn
    from icatest.locar.kpi.results import KpiResults
    from icatest.sut.base import Assistant

kpi_app = typer.Typer(no_args_is_help=True, help="Localization-aware KPI evaluation (LoCar).")

DEFAULT_JUDGES = "offline,offline:strict,offline:lenient"


def register(app: typer.Typer) -> None:
    kpi_build_cmds.register(kpi_app)
    kpi_app.command("run")(run_cmd)
    kpi_app.command("agreement")(agreement_cmd)
    kpi_app.command("report")(report_cmd)
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
) -> None:
    """Answer every dataset instance, judge it on its KPIs, write per-KPI scores and a report.

    Sessions are named kpi-RUN_ID-INSTANCE_ID; the reference assistant seeds its faults from
    them, so the same --run-id reproduces the same answers.
    """
    import uuid

    from icatest.locar.kpi.answers import assistant_answers, model_answers
    from icatest.locar.kpi.dataset import Language, load_dataset
    from icatest.locar.kpi.run import kpi_gateway, run_kpis, write_results

    sources = [s for s in (sut, sut_config, model) if s is not None]
    if len(sources) != 1:
        raise ConfigError("kpi run", "give exactly one of --sut, --sut-config or --model")
    language = _language(lang)
    data = load_dataset(dataset).select(Language(language) if language else None)
    judge_models = [j.strip() for j in judges.split(",") if j.strip()]
    if not judge_models:
        raise ConfigError("--judges", "name at least one judge model")
    gateway, roles = kpi_gateway(judge_models, sut_model=model)

    rid = run_id or uuid.uuid4().hex[:12]

    async def go() -> KpiResults:
        if model is not None:
            label = f"model:{model.partition('@')[0]}"
            return await run_kpis(
                data,
                model_answers(gateway),
                gateway,
                roles,
                model_label=label,
                concurrency=concurrency,
                dataset_path=str(dataset),
                run_id=rid,
            )
        label = sut if sut is not None else f"config:{sut_config}"
        async with assistant_answers(_opener(sut, sut_config), run_id=rid) as answer:
            return await run_kpis(
                data,
                answer,
                gateway,
                roles,
                model_label=label,
                concurrency=concurrency,
                dataset_path=str(dataset),
                run_id=rid,
            )

    results = asyncio.run(go())
    paths = write_results(results, out)
    _print_table(results)
    typer.echo(f"results: {paths['results']}\nreport:  {paths['report']}")


def agreement_cmd(
    golden: Path = typer.Option(..., "--golden", help="Labelled answers (YAML/JSON)."),
    judges: str = typer.Option(DEFAULT_JUDGES, "--judges", help="Comma-separated judge models."),
    dataset: Path | None = typer.Option(
        None, "--dataset", help="KPI dataset (default: the golden set's dataset: field)."
    ),
    out: Path | None = typer.Option(None, "--out", help="Write agreement.json here."),
) -> None:
    """Agreement of each judge and of the majority vote with human labels, per KPI."""
    import json

    from icatest.locar.kpi.calibration import (
        agreement_table,
        golden_dataset,
        judge_golden,
        load_golden,
    )
    from icatest.locar.kpi.run import kpi_gateway

    gold = load_golden(golden)
    data = golden_dataset(gold, golden, dataset)
    judge_models = [j.strip() for j in judges.split(",") if j.strip()]
    if not judge_models:
        raise ConfigError("--judges", "name at least one judge model")
    gateway, roles = kpi_gateway(judge_models)
    rows = agreement_table(asyncio.run(judge_golden(data, gold, gateway, roles)))
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        payload = {
            "golden": str(golden),
            "judges": {r: gateway.spec(r).label() for r in roles},
            "prompt_versions": gateway.prompt_versions,
            "rows": [r.model_dump(mode="json") for r in rows],
        }
        (out / "agreement.json").write_text(json.dumps(payload, indent=2) + "\n", "utf-8")
    _print_agreement(rows, len(gold.items))


def _print_agreement(rows: list[Any], n_items: int) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"KPI judge agreement with {n_items} labelled answers")
    for col in ("rater", "KPI", "n", "unscored", "agreement", "kappa", "F1 yes"):
        table.add_column(col, justify="left" if col in ("rater", "KPI") else "right")
    for r in rows:
        table.add_row(
            r.rater,
            r.kpi.value,
            str(r.n),
            str(r.unscored),
            _f(r.agreement),
            _f(r.kappa),
            _f(r.f1_yes),
        )
    Console(width=120).print(table)


def _f(x: float | None) -> str:
    return "–" if x is None else f"{x:.2f}"


def report_cmd(
    runs: list[Path] = typer.Argument(..., help="results.json files or kpi run folders."),
    out: Path = typer.Option(..., "--out", help="HTML file to write."),
) -> None:
    """One page comparing several kpi runs (one model each): scores by model and use case."""
    from icatest.locar.kpi.report import render_report
    from icatest.locar.kpi.run import load_results

    results = [load_results(r) for r in runs]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render_report(results), "utf-8")
    typer.echo(f"report: {out}")


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


def _opener(sut: str | None, sut_config: Path | None) -> OpenFn:
    """open_assistant per (language, level); the reference assistant gets lang and register."""
    from icatest.sut.adapters import open_assistant

    is_reference = sut is not None and (sut == "reference" or sut.startswith("reference:"))

    def open_fn(lang: str, level: str | None) -> AbstractAsyncContextManager[Assistant]:
        if not is_reference:
            return open_assistant(sut, sut_config)
        if level is None:
            return open_assistant(sut, sut_config, lang=lang)
        return open_assistant(sut, sut_config, lang=lang, register=level)

    return open_fn


def _print_table(results: KpiResults) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"KPIs of {results.model} ({results.dataset['instances']} instances)")
    for col in ("use case", "KPI", "n", "scored", "unscored", "gated", "accuracy", "mean Likert"):
        table.add_column(col, justify="right" if col not in ("use case", "KPI") else "left")
    for row in results.scores:
        table.add_row(
            row.use_case,
            row.kpi.value,
            str(row.n),
            str(row.scored),
            str(row.unscored),
            str(row.gated),
            "–" if row.accuracy is None else f"{row.accuracy:.2f}",
            "–" if row.mean_likert is None else f"{row.mean_likert:.2f}",
        )
    Console(width=120).print(table)
