"""CLI commands: `icatest kpi build` (whole pipeline) and its stages (qa, extend, augment,
dedup, label) on intermediate JSONL files. Computation lives in icatest.locar.build; this
module parses options, shows progress and prints summaries."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import typer

from icatest.errors import ConfigError

if TYPE_CHECKING:
    from icatest.locar.build.models import StageReport

build_app = typer.Typer(
    invoke_without_command=True,
    help="Build a KPI dataset from owner's manuals and a taxonomy (or run one stage).",
)

GENERATOR = typer.Option(
    "offline",
    "--generator",
    help="model for the generator role: "
    "offline, openai/gpt-4.1-mini, or openai/NAME@http://host/v1",
)
RNG = typer.Option(0, "--rng-seed", help="seed for sampling (extension, fragments)")
IN = typer.Option(..., "--in", help="stage input (JSONL drafts)")


def register(kpi_app: typer.Typer) -> None:
    """Add `kpi build …` to the kpi group."""
    kpi_app.add_typer(build_app, name="build")


def _levels(text: str) -> tuple[Any, ...]:
    from icatest.locar.build.models import LEVELS

    levels = tuple(x.strip() for x in text.split(",") if x.strip())
    bad = [x for x in levels if x not in LEVELS]
    if bad:
        raise ConfigError("--levels", f"unknown level(s) {', '.join(bad)}; use hae,haeyo,hapsyo")
    return levels


def _translate(text: str | None) -> tuple[str, ...]:
    langs = tuple(x.strip() for x in (text or "").split(",") if x.strip())
    if any(x != "en" for x in langs):
        raise ConfigError("--translate", "only 'en' is supported")
    return langs


def _share(value: float, name: str) -> float:
    if not 0.0 <= value <= 1.0:
        raise ConfigError(name, f"must be between 0 and 1, got {value}")
    return value


@contextmanager
def _progress() -> Iterator[Callable[[str, int], Callable[[int], None]]]:
    """A rich progress display; yields start(stage, total) -> advance(n)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    with Progress(
        TextColumn("{task.description:<8}"), BarColumn(), MofNCompleteColumn(), transient=False
    ) as bar:

        def start(stage: str, total: int) -> Callable[[int], None]:
            task = bar.add_task(stage, total=max(total, 1))
            if total == 0:
                bar.update(task, completed=1)
            return lambda n: bar.advance(task, n)

        yield start


def _summary(reports: list[StageReport]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title="kpi build")
    for col in ("stage", "in", "out", "dropped", "seconds"):
        table.add_column(col)
    for r in reports:
        dropped = ", ".join(f"{k}={v}" for k, v in sorted(r.dropped.items())) or "-"
        table.add_row(r.stage, str(r.count_in), str(r.count_out), dropped, f"{r.seconds:.2f}")
    Console().print(table)


def _run(coro: Coroutine[Any, Any, Any]) -> Any:
    return asyncio.run(coro)


@build_app.callback()
def build(
    ctx: typer.Context,
    manual: Path | None = typer.Option(None, "--manual", help="manual file or folder"),
    taxonomy: Path | None = typer.Option(None, "--taxonomy", help="taxonomy YAML"),
    out: Path | None = typer.Option(None, "--out", help="dataset file (.yaml, .json, .jsonl)"),
    generator: str = GENERATOR,
    per_section: int = typer.Option(3, "--per-section", min=1, help="QA pairs per section"),
    multi_turn_share: float = typer.Option(0.5, "--multi-turn-share"),
    levels: str = typer.Option("hae,haeyo,hapsyo", "--levels"),
    fragments_share: float = typer.Option(0.2, "--fragments-share"),
    translate: str | None = typer.Option(None, "--translate", help="'en' (needs a model)"),
    rng_seed: int = RNG,
    threshold: float = typer.Option(0.85, "--dedup-threshold"),
    intermediate: Path | None = typer.Option(
        None, "--intermediate", help="folder for each stage's JSONL"
    ),
) -> None:
    """Run the whole pipeline (when no stage is named)."""
    if ctx.invoked_subcommand is not None:
        return
    if out is None or (manual is None and taxonomy is None):
        raise ConfigError("kpi build", "needs --out and at least one of --manual / --taxonomy")
    from icatest.locar.build.pipeline import BuildOptions
    from icatest.locar.build.pipeline import build as run_build

    opts = BuildOptions(
        manual=manual,
        taxonomy=taxonomy,
        out=out,
        generator=generator,
        per_section=per_section,
        multi_turn_share=_share(multi_turn_share, "--multi-turn-share"),
        levels=_levels(levels),
        fragments_share=_share(fragments_share, "--fragments-share"),
        translate=_translate(translate),
        rng_seed=rng_seed,
        dedup_threshold=threshold,
        intermediate=intermediate,
    )
    with _progress() as start:
        result = _run(run_build(opts, start))
    _summary(result.reports)
    typer.echo(f"{len(result.dataset.instances)} instances -> {out}")
    typer.echo(f"manifest -> {result.manifest}")
    typer.echo(f"verification sheet -> {result.export[0]} (labeller labels {result.export[1]})")


def _stage_out(out: Path, drafts: list[Any], report: StageReport) -> None:
    from icatest.locar.build.io import write_drafts, write_manifest

    write_drafts(drafts, out)
    manifest = write_manifest(out, [report])
    _summary([report])
    typer.echo(f"{len(drafts)} drafts -> {out}; manifest -> {manifest}")


@build_app.command("qa")
def qa_cmd(
    out: Path = typer.Option(..., "--out"),
    manual: Path | None = typer.Option(None, "--manual"),
    taxonomy: Path | None = typer.Option(None, "--taxonomy"),
    generator: str = GENERATOR,
    per_section: int = typer.Option(3, "--per-section", min=1),
) -> None:
    """Stage qa: single-turn QA per manual subsection and taxonomy subcategory."""
    from icatest.locar.build.manual import parse_manuals
    from icatest.locar.build.pipeline import make_gateway
    from icatest.locar.build.qa import generate_qa
    from icatest.locar.build.taxonomy import load_taxonomy

    if manual is None and taxonomy is None:
        raise ConfigError("kpi build qa", "needs --manual and/or --taxonomy")
    units = parse_manuals(manual) if manual else []
    tax = load_taxonomy(taxonomy) if taxonomy else None
    total = len(units) + (2 * len(tax.subcategories()) if tax else 0)
    with _progress() as start:
        drafts, report = _run(
            generate_qa(
                make_gateway(generator),
                units,
                tax,
                per_section=per_section,
                progress=start("qa", total),
            )
        )
    _stage_out(out, drafts, report)


@dataclass(frozen=True)
class DraftStage:
    """A stage that turns JSONL drafts into drafts: where it lives and its progress total."""

    module: str
    function: str
    total: Callable[[int, dict[str, Any]], int] = lambda n, _kw: n


DRAFT_STAGES: dict[str, DraftStage] = {
    "extend": DraftStage(
        "icatest.locar.build.extend", "extend", lambda n, kw: round(kw["share"] * n)
    ),
    "augment": DraftStage("icatest.locar.build.augment", "augment"),
    "dedup": DraftStage("icatest.locar.build.dedup", "dedup"),
    "label": DraftStage("icatest.locar.build.label", "label"),
}


def _draft_stage(
    name: str, inp: Path, out: Path, generator: str, **kwargs: Any
) -> tuple[list[Any], StageReport]:
    """Read the drafts, run stage `name` with a progress bar, write its output and manifest."""
    import importlib

    from icatest.locar.build.io import read_drafts
    from icatest.locar.build.pipeline import make_gateway

    stage = DRAFT_STAGES[name]
    run_stage = getattr(importlib.import_module(stage.module), stage.function)
    drafts = read_drafts(inp)
    with _progress() as start:
        progress = start(name, stage.total(len(drafts), kwargs))
        made, report = _run(run_stage(make_gateway(generator), drafts, progress=progress, **kwargs))
    _stage_out(out, made, report)
    return made, report


@build_app.command("extend")
def extend_cmd(
    inp: Path = IN,
    out: Path = typer.Option(..., "--out"),
    generator: str = GENERATOR,
    multi_turn_share: float = typer.Option(0.5, "--multi-turn-share"),
    rng_seed: int = RNG,
) -> None:
    """Stage extend: multi-turn instances from a share of the single-turn seeds."""
    share = _share(multi_turn_share, "--multi-turn-share")
    _draft_stage("extend", inp, out, generator, share=share, rng_seed=rng_seed)


@build_app.command("augment")
def augment_cmd(
    inp: Path = IN,
    out: Path = typer.Option(..., "--out"),
    generator: str = GENERATOR,
    levels: str = typer.Option("hae,haeyo,hapsyo", "--levels"),
    fragments_share: float = typer.Option(0.2, "--fragments-share"),
    translate: str | None = typer.Option(None, "--translate"),
    rng_seed: int = RNG,
) -> None:
    """Stage augment: speech levels, keyword fragments, translation."""
    _draft_stage(
        "augment",
        inp,
        out,
        generator,
        levels=_levels(levels),
        fragments_share=_share(fragments_share, "--fragments-share"),
        translate_to=_translate(translate),
        rng_seed=rng_seed,
    )


@build_app.command("dedup")
def dedup_cmd(
    inp: Path = IN,
    out: Path = typer.Option(..., "--out"),
    generator: str = GENERATOR,
    threshold: float = typer.Option(0.85, "--threshold"),
    grounding_threshold: float = typer.Option(0.5, "--grounding-threshold"),
) -> None:
    """Stage dedup: quality rules, model check (with a model) and near-duplicate removal."""
    _draft_stage(
        "dedup",
        inp,
        out,
        generator,
        threshold=_share(threshold, "--threshold"),
        grounding_threshold=grounding_threshold,
    )


@build_app.command("label")
def label_cmd(
    inp: Path = IN,
    out: Path = typer.Option(..., "--out"),
    generator: str = GENERATOR,
    dataset: Path | None = typer.Option(
        None, "--dataset", help="also write the final KPI dataset here"
    ),
) -> None:
    """Stage label: KPI assignment; with --dataset also the KPI dataset and verification export."""
    from icatest.locar.build.io import write_manifest
    from icatest.locar.build.pipeline import finish

    made, report = _draft_stage("label", inp, out, generator)
    if dataset is not None:
        reports = [report]
        built, export = finish(cast(list[Any], made), dataset, reports)
        write_manifest(dataset, reports)
        typer.echo(f"{len(built.instances)} instances -> {dataset}; sheet -> {export[0]}")
