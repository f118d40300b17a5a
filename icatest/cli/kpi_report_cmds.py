"""CLI commands: kpi agreement (judges against a golden set) and kpi report (runs side by side)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import typer

from icatest.errors import ConfigError

DEFAULT_JUDGES = "offline,offline:strict,offline:lenient"


def register(app: typer.Typer) -> None:
    app.command("agreement")(agreement_cmd)
    app.command("report")(report_cmd)


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


