"""Stage `label`: KPI assignment (model or rules) and the sheet for human verification.

With a generator model, the model proposes the KPIs an instance can test, from the KPI list and
the instance; proposals outside a KPI's turn scope are discarded. Offline, the rules are:
every instance gets `meaningful_information_inclusion` (the gate) and `conciseness`; Korean
instances with a speech level get `speech_level`; multi-turn instances get their pattern's KPI;
single-turn instances get `implicit_understanding` when the user turn is a keyword fragment and
`contextual_comprehension` when they are navigation requests (the answer depends on where the
car is). `harmful_question_response` is never assigned: the pipeline writes no harmful items.

The export reuses the calibration kit's formats: a blinded sheet with the calibration columns
(item, conversation_id, dimension=`kpi:<name>`, question, scale, transcript, annotator, value)
and the labeller's own answers as tidy label rows, so `icatest calibrate humans` can compare a
filled sheet with the labeller.
"""

from __future__ import annotations

import csv
import time
from pathlib import Path

from pydantic import Field

from icatest.contracts import Strict
from icatest.llm import ModelGateway
from icatest.locar.build.models import Draft, StageReport
from icatest.locar.build.qa import ROLE, Progress
from icatest.locar.kpi.kpis import KPIS, Kpi, Scope

LABELLER = "kpi_labeller"
KPI_PREFIX = "kpi:"


class KpiProposal(Strict):
    kpis: list[str] = Field(description="KPI names this instance can test")
    rationale: str = Field(description="one sentence")


def allowed(kpi: Kpi, d: Draft) -> bool:
    scope = KPIS[kpi].scope
    if kpi is Kpi.SPEECH_LEVEL and d.speech_level is None:
        return False
    return (scope is Scope.ANY or (scope is Scope.MULTI_TURN) == d.multi_turn)


def rule_kpis(d: Draft) -> list[str]:
    kpis = [Kpi.MEANINGFUL_INFORMATION_INCLUSION, Kpi.CONCISENESS]
    if d.speech_level is not None:
        kpis.append(Kpi.SPEECH_LEVEL)
    if d.multi_turn and d.pattern:
        kpis.append(Kpi(d.pattern))
    elif not d.multi_turn:
        if any(t.fragment for t in d.turns):
            kpis.append(Kpi.IMPLICIT_UNDERSTANDING)
        if d.use_case == "navigation":
            kpis.append(Kpi.CONTEXTUAL_COMPREHENSION)
    return [k.value for k in kpis]


def _offline(variables: dict[str, object]) -> dict[str, object]:
    d = Draft.model_validate(variables["instance"])
    return {"kpis": rule_kpis(d), "rationale": "rule-based (offline)"}


async def label_one(gateway: ModelGateway, d: Draft, report: StageReport) -> Draft | None:
    variables = {"instance": d.model_dump(exclude={"grounding"}),
                 "kpi_names": [k.value for k in Kpi]}
    result = await gateway.structured(ROLE, "kpi_build_label", variables, KpiProposal,
                                      offline=_offline)
    if result.value is None:
        report.drop("label_unscored")
        return None
    names = {k.value for k in Kpi}
    kpis = [Kpi(k) for k in dict.fromkeys(result.value.kpis) if k in names]
    kept = [k.value for k in kpis if allowed(k, d)]
    if d.speech_level and Kpi.SPEECH_LEVEL.value not in kept:
        kept.append(Kpi.SPEECH_LEVEL.value)  # an augmented level is always tested
    if not kept:
        report.drop("no_applicable_kpi")
        return None
    for k in kept:
        report.count(f"kpi:{k}")
    return d.model_copy(update={"kpis": kept})


async def label(
    gateway: ModelGateway, drafts: list[Draft], *, progress: Progress | None = None
) -> tuple[list[Draft], StageReport]:
    start = time.perf_counter()
    report = StageReport(stage="label", count_in=len(drafts), count_out=0)
    out = []
    for d in drafts:
        labelled = await label_one(gateway, d, report)
        if labelled is not None:
            out.append(labelled)
        if progress:
            progress(1)
    report.count_out = len(out)
    report.models = {ROLE: gateway.spec(ROLE).label()}
    report.prompt_versions = {k: v for k, v in gateway.prompt_versions.items()
                              if k == "kpi_build_label"}
    if gateway.spec(ROLE).is_offline:
        report.notes.append("offline: rule-based KPI assignment by pattern, level and use case")
    report.seconds = round(time.perf_counter() - start, 3)
    return out, report


def transcript(d: Draft) -> str:
    lines = []
    for i, t in enumerate(d.turns):
        mark = " [TARGET]" if d.multi_turn and i == d.target_turn else ""
        lines += [f"USER{mark}: {t.question}", f"REFERENCE: {t.reference}"]
    return "\n".join(lines)


def write_verification_export(drafts: list[Draft], directory: Path) -> tuple[Path, Path]:
    """`kpi_sheet.csv` (blinded, one row per instance x applicable KPI) and
    `kpi_labeller.csv` (the labeller's 1/0 per row, tidy calibration labels)."""
    from icatest.calibration.annotation import SHEET_COLUMNS
    from icatest.calibration.labels import LabelRow, write_labels

    directory.mkdir(parents=True, exist_ok=True)
    sheet, labels = directory / "kpi_sheet.csv", directory / "kpi_labeller.csv"
    rows: list[LabelRow] = []
    with sheet.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(SHEET_COLUMNS))
        writer.writeheader()
        for d in drafts:
            for kpi in (k for k in Kpi if allowed(k, d)):
                dimension = KPI_PREFIX + kpi.value
                writer.writerow({
                    "item": d.id, "conversation_id": d.id, "dimension": dimension,
                    "question": f"Is this instance a valid test of the KPI {kpi.value}?",
                    "scale": "1 yes / 0 no", "transcript": transcript(d),
                    "annotator": "", "value": ""})
                rows.append(LabelRow(d.id, dimension, LABELLER, float(kpi.value in d.kpis)))
    write_labels(rows, labels)
    return sheet, labels
