"""Results of a KPI run: per-instance details and the per-KPI score table.

Accuracy = share of scored (not unscored, not gated) instances judged yes; conciseness reports
the mean Likert score instead. Unscored and gated instances are counted in their own columns and
never enter a denominator.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, Field

from icatest.locar.kpi.evaluate import KpiOutcome
from icatest.locar.kpi.kpis import KPIS, Kpi

ALL = "all"
RESULTS_KIND = "icatest.kpi_results"


class InstanceResult(BaseModel):
    id: str
    use_case: str
    language: str
    speech_level: str | None = None
    multi_turn: bool
    target_turn: int | None = None
    question: str
    reference_answer: str
    response: str | None
    latency_s: float
    sut_error: str | None = None
    history_replies: list[str | None] = Field(default_factory=list)
    outcomes: list[KpiOutcome]


class ScoreRow(BaseModel):
    model: str
    use_case: str
    kpi: Kpi
    layer: str
    n: int = 0
    scored: int = 0
    unscored: int = 0
    gated: int = 0
    yes: int = 0
    accuracy: float | None = None
    mean_likert: float | None = None


class LatencySummary(BaseModel):
    n: int
    mean_s: float | None
    p50_s: float | None
    p95_s: float | None
    max_s: float | None


class KpiResults(BaseModel):
    kind: str = RESULTS_KIND
    version: int = 1
    run_id: str
    created_at: float
    dataset: dict[str, Any]
    model: str = Field(description="the assistant or model under test")
    judges: list[dict[str, str]]
    prompt_versions: dict[str, str] = Field(default_factory=dict)
    usage: dict[str, Any] = Field(default_factory=dict)
    scores: list[ScoreRow]
    speech_levels: list[ScoreRow] = Field(
        default_factory=list,
        description="speech_level rows split by assigned level (use_case=level)",
    )
    latency: LatencySummary
    instances: list[InstanceResult]


def score_table(model: str, instances: Iterable[InstanceResult]) -> list[ScoreRow]:
    """Rows per (use case, KPI), plus `all` use cases, in KPI vocabulary order."""
    return _rows(model, instances, key=lambda inst: inst.use_case)


def speech_level_table(model: str, instances: Iterable[InstanceResult]) -> list[ScoreRow]:
    rows = _rows(model, instances, key=lambda inst: inst.speech_level or "-", with_all=False)
    return [r for r in rows if r.kpi is Kpi.SPEECH_LEVEL]


def _rows(
    model: str, instances: Iterable[InstanceResult], key: Any, with_all: bool = True
) -> list[ScoreRow]:
    groups: dict[tuple[str, Kpi], list[KpiOutcome]] = defaultdict(list)
    for inst in instances:
        for outcome in inst.outcomes:
            groups[(key(inst), outcome.kpi)].append(outcome)
            if with_all:
                groups[(ALL, outcome.kpi)].append(outcome)
    order = {k: i for i, k in enumerate(KPIS)}
    keys = sorted(groups, key=lambda g: (g[0] == ALL, g[0], order[g[1]]))
    return [_row(model, use_case, kpi, groups[(use_case, kpi)]) for use_case, kpi in keys]


def _row(model: str, use_case: str, kpi: Kpi, outcomes: list[KpiOutcome]) -> ScoreRow:
    row = ScoreRow(
        model=model, use_case=use_case, kpi=kpi, layer=KPIS[kpi].layer.value, n=len(outcomes)
    )
    values = [o.value for o in outcomes if o.status == "scored" and o.value is not None]
    row.scored = len(values)
    row.unscored = sum(1 for o in outcomes if o.status == "unscored")
    row.gated = sum(1 for o in outcomes if o.status == "gated")
    if KPIS[kpi].likert:
        row.mean_likert = round(statistics.fmean(int(v) for v in values), 3) if values else None
    else:
        row.yes = sum(1 for v in values if v is True)
        row.accuracy = round(row.yes / len(values), 3) if values else None
    return row


def latency_summary(values: list[float]) -> LatencySummary:
    if not values:
        return LatencySummary(n=0, mean_s=None, p50_s=None, p95_s=None, max_s=None)
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return LatencySummary(
        n=len(values),
        mean_s=round(statistics.fmean(values), 4),
        p50_s=round(statistics.median(values), 4),
        p95_s=round(p95, 4),
        max_s=round(ordered[-1], 4),
    )
