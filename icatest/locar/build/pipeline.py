"""The whole build: parse -> qa -> extend -> augment -> dedup -> label -> KPI dataset.

Each stage is a plain async function (drafts in, drafts and a StageReport out) that the CLI can
also call alone on JSONL files. This module only sequences them, writes the outputs and the
manifest, and reports progress through a callback (it never prints).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from icatest.llm import ModelGateway, ModelSpec
from icatest.locar.build.augment import Styler, augment
from icatest.locar.build.convert import to_dataset
from icatest.locar.build.dedup import dedup
from icatest.locar.build.extend import extend
from icatest.locar.build.io import write_drafts, write_manifest
from icatest.locar.build.label import label, write_verification_export
from icatest.locar.build.manual import parse_manuals
from icatest.locar.build.models import Draft, Language, Level, StageReport
from icatest.locar.build.qa import ROLE, Progress, generate_qa
from icatest.locar.build.taxonomy import load_taxonomy
from icatest.locar.kpi.dataset import KpiDataset, dump_dataset

# start(stage, total) -> advance(n); the CLI binds it to a rich progress bar
StageProgress = Callable[[str, int], Progress]


def no_progress(stage: str, total: int) -> Progress:
    return lambda n: None


def make_gateway(generator: str = "offline") -> ModelGateway:
    """A gateway with the `generator` role bound to `generator` (`offline` by default)."""
    return ModelGateway(roles={ROLE: ModelSpec.parse(generator)})


@dataclass
class BuildOptions:
    manual: Path | None
    taxonomy: Path | None
    out: Path
    generator: str = "offline"
    per_section: int = 3
    multi_turn_share: float = 0.5
    levels: tuple[Level, ...] = ("hae", "haeyo", "hapsyo")
    fragments_share: float = 0.2
    translate: tuple[str, ...] = ()
    rng_seed: int = 0
    dedup_threshold: float = 0.85
    grounding_threshold: float = 0.5
    intermediate: Path | None = None
    languages: tuple[Language, ...] = ("ko", "en")
    styler: Styler | None = field(default=None, repr=False)


@dataclass
class BuildResult:
    dataset: KpiDataset
    reports: list[StageReport]
    manifest: Path
    export: tuple[Path, Path]


async def build(opts: BuildOptions, progress: StageProgress = no_progress) -> BuildResult:
    gateway = make_gateway(opts.generator)
    reports: list[StageReport] = []
    units = parse_manuals(opts.manual) if opts.manual else []
    taxonomy = load_taxonomy(opts.taxonomy) if opts.taxonomy else None
    n_jobs = len(units) + (len(taxonomy.subcategories()) * len(opts.languages) if taxonomy else 0)
    drafts, report = await generate_qa(gateway, units, taxonomy, per_section=opts.per_section,
                                       languages=opts.languages, progress=progress("qa", n_jobs))
    _keep(opts, "qa", drafts, report, reports)
    drafts, report = await extend(
        gateway, drafts, share=opts.multi_turn_share, rng_seed=opts.rng_seed,
        progress=progress("extend", round(opts.multi_turn_share * len(drafts))))
    _keep(opts, "extend", drafts, report, reports)
    drafts, report = await augment(
        gateway, drafts, levels=opts.levels, fragments_share=opts.fragments_share,
        translate_to=opts.translate, rng_seed=opts.rng_seed, styler=opts.styler,
        progress=progress("augment", len(drafts)))
    _keep(opts, "augment", drafts, report, reports)
    drafts, report = await dedup(gateway, drafts, threshold=opts.dedup_threshold,
                                 grounding_threshold=opts.grounding_threshold,
                                 progress=progress("dedup", len(drafts)))
    _keep(opts, "dedup", drafts, report, reports)
    drafts, report = await label(gateway, drafts, progress=progress("label", len(drafts)))
    _keep(opts, "label", drafts, report, reports)
    dataset, export = finish(drafts, opts.out, reports)
    return BuildResult(dataset, reports, write_manifest(opts.out, reports), export)


def finish(
    drafts: list[Draft], out: Path, reports: list[StageReport]
) -> tuple[KpiDataset, tuple[Path, Path]]:
    """Convert to the KPI format, write it and the human-verification export."""
    start = time.perf_counter()
    report = StageReport(stage="convert", count_in=len(drafts), count_out=0)
    dataset = to_dataset(drafts, out.stem, report)
    dump_dataset(dataset, out)
    export = write_verification_export(drafts, out.with_name(out.stem + ".verification"))
    report.notes.append(f"verification sheet {export[0].name}, labeller labels {export[1].name}")
    report.seconds = round(time.perf_counter() - start, 3)
    reports.append(report)
    return dataset, export


def _keep(opts: BuildOptions, stage: str, drafts: list[Draft], report: StageReport,
          reports: list[StageReport]) -> None:
    reports.append(report)
    if opts.intermediate is not None:
        write_drafts(drafts, opts.intermediate / f"{stage}.jsonl")
