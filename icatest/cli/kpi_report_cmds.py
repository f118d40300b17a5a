"""CLI commands: kpi agreement (judges against a golden set) and kpi report (runs side by side)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from icatest.cli import options
from icatest.errors import ConfigError

if TYPE_CHECKING:
    from icatest.llm.gateway import ModelGateway
    from icatest.sut.options import SutOptions

DEFAULT_JUDGES = "offline,offline:strict,offline:lenient"


def checked_kpi_gateway(
    judges: str,
    sut_model: str | None = None,
    sut: str | None = None,
    sut_config: Path | None = None,
    *,
    skip: bool,
    sut_opts: SutOptions | None = None,
) -> tuple[ModelGateway, list[str]]:
    """`--judges` (and `--model`) checked by preflight, with the KPI judge's real request, then
    the gateway in the settings preflight resolved (its structured-output mode, the parameters
    the provider refused)."""
    from icatest.locar.kpi.probe import PROBES
    from icatest.locar.kpi.run import kpi_gateway, kpi_models

    judge_models = [j.strip() for j in judges.split(",") if j.strip()]
    if not judge_models:
        raise ConfigError("--judges", "name at least one judge model")
    settings = options.run_preflight(
        kpi_models(judge_models, sut_model),
        sut,
        sut_config,
        skip=skip,
        options=sut_opts,
        probes=PROBES,
    )
    return kpi_gateway(judge_models, sut_model=sut_model, settings=settings)


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
    rank: bool = typer.Option(
        False, "--rank", help="Rank the --judges as candidates (macro accuracy over KPIs)."
    ),
    resamples: int = typer.Option(
        1000, "--resamples", min=0, help="Bootstrap draws for the 95 % intervals (0: none)."
    ),
    no_preflight: bool = options.NO_PREFLIGHT,
) -> None:
    """Agreement of each judge and of the majority vote with the annotators' majority, per KPI,
    agreement between annotators, and McNemar for the speech-level pre-check."""
    import json

    from icatest.locar.kpi.agreement import (
        agreement_table,
        annotator_table,
        precheck_mcnemar,
        rank_judges,
    )
    from icatest.locar.kpi.calibration import golden_dataset, judge_golden, load_golden

    gold = load_golden(golden)
    data = golden_dataset(gold, golden, dataset)
    gateway, roles = checked_kpi_gateway(judges, skip=no_preflight)
    pairs = asyncio.run(judge_golden(data, gold, gateway, roles))
    rows = agreement_table(pairs, resamples=resamples)
    between = annotator_table(gold, resamples=resamples)
    test = precheck_mcnemar(pairs)
    ranking = rank_judges(rows) if rank else []
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        payload = {
            "golden": str(golden),
            "annotators": [a.model_dump(mode="json") for a in gold.annotators],
            "provenance": gold.provenance,
            "judges": {r: gateway.spec(r).label() for r in roles},
            "prompt_versions": gateway.prompt_versions,
            "resamples": resamples,
            "rows": [r.model_dump(mode="json") for r in rows],
            "annotator_agreement": [r.model_dump(mode="json") for r in between],
            "precheck_mcnemar": test.model_dump(mode="json") if test else None,
            "ranking": [r.model_dump(mode="json") for r in ranking],
        }
        (out / "agreement.json").write_text(json.dumps(payload, indent=2) + "\n", "utf-8")
    _print_agreement(rows, len(gold.items), between, test, ranking)


def _print_agreement(
    rows: list[Any], n_items: int, between: list[Any], test: Any, ranking: list[Any]
) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(width=150)
    table = Table(title=f"KPI judges vs the annotators' majority ({n_items} labelled answers)")
    cols = ("rater", "KPI", "n", "unsc.", "accuracy [95% CI]", "kappa [95% CI]", "prec.",
            "recall", "spec.", "F1 yes", "inv. MSE")  # fmt: skip
    for col in cols:
        table.add_column(col, justify="left" if col in ("rater", "KPI") else "right")
    for r in rows:
        table.add_row(
            r.rater, r.kpi.value, str(r.n), str(r.unscored), _fci(r.accuracy, r.accuracy_ci),
            _fci(r.kappa, r.kappa_ci), _f(r.precision), _f(r.recall), _f(r.specificity),
            _f(r.f1_yes), _fci(r.inverted_mse, r.inverted_mse_ci),
        )  # fmt: skip
    console.print(table)
    if between:
        inter = Table(title="Agreement between annotators")
        for col in ("KPI", "annotators", "items", "Fleiss kappa [95% CI]", "Krippendorff alpha"):
            inter.add_column(col)
        for b in between:
            inter.add_row(b.kpi.value, str(b.annotators), str(b.items),
                          _fci(b.fleiss_kappa, b.fleiss_ci),
                          _fci(b.krippendorff_alpha, b.alpha_ci))  # fmt: skip
        console.print(inter)
    else:
        console.print("Agreement between annotators: not measurable (one annotator per item).")
    if test is not None:
        console.print(
            f"Pre-check ablation (McNemar, exact): n={test.n}, right only with the pre-check "
            f"{test.only_with_precheck_right}, only without {test.only_without_right}, "
            f"p={test.p_value:.4f}"
        )
    if ranking:
        ranked = Table(title="Candidate judges ranked")
        for col in ("rank", "judge", "KPIs", "macro accuracy", "macro kappa"):
            ranked.add_column(col)
        for k in ranking:
            ranked.add_row(str(k.rank), k.rater, str(k.kpis), _f(k.macro_accuracy),
                           _f(k.macro_kappa))  # fmt: skip
        console.print(ranked)


def _f(x: float | None) -> str:
    return "–" if x is None else f"{x:.2f}"


def _fci(x: float | None, ci: tuple[float, float] | None) -> str:
    if x is None:
        return "–"
    return f"{x:.2f}" if ci is None else f"{x:.2f} [{ci[0]:.2f}, {ci[1]:.2f}]"


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


