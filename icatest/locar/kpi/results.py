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
    latency_s: float = Field(description="the assistant's time for the judged turn")
    e2e_latency_s: float | None = Field(
        default=None, description="first message to judged reply, as the test client saw it"
    )
    history_mode: str | None = Field(default=None, description="given | replay; None single-turn")
    history_note: str | None = None
    sut_error: str | None = None
    history_replies: list[str | None] = Field(default_factory=list)
    outcomes: list[KpiOutcome]


class ScoreRow(BaseModel):
    model: str
    use_case: str
    kpi: Kpi
    speech_level: str | None = Field(
        default=None, description="per-level speech-level KPI (hae|haeyo|hapsyo); None otherwise"
    )
    layer: str
    n: int = 0
    scored: int = 0
    unscored: int = 0
    gated: int = 0
    exempt: int = 0
    yes: int = 0
    accuracy: float | None = None
    mean_likert: float | None = None
    ci_low: float | None = Field(default=None, description="95 % bootstrap interval, low end")
    ci_high: float | None = None

    @property
    def name(self) -> str:
        """The KPI as reported: `speech_level_haeyo` for a per-level row."""
        return f"{self.kpi.value}_{self.speech_level}" if self.speech_level else self.kpi.value


class LatencySummary(BaseModel):
    n: int
    mean_s: float | None
    p50_s: float | None
    p95_s: float | None
    max_s: float | None


class KpiResults(BaseModel):
    kind: str = RESULTS_KIND
    version: int = 2
    run_id: str
    created_at: float
    dataset: dict[str, Any] = Field(description="name, path, instances, sampling (seed, per_kpi)")
    model: str = Field(description="the assistant or model under test")
    judges: list[dict[str, str]]
    prompt_versions: dict[str, str] = Field(default_factory=dict)
    protocol: dict[str, Any] = Field(default_factory=dict, description="protocol options used")
    settings: dict[str, Any] = Field(
        default_factory=dict, description="level override, history mode, system message"
    )
    usage: dict[str, Any] = Field(default_factory=dict)
    scores: list[ScoreRow]
    latency: LatencySummary = Field(description="the assistant's time for the judged turn")
    e2e_latency: LatencySummary | None = Field(
        default=None, description="end to end, as the test client saw it"
    )
    instances: list[InstanceResult]

    @property
    def label(self) -> str:
        """What was tested and which run: two runs of one assistant stay apart."""
        return f"{self.model} [{self.run_id}]"


def score_table(
    model: str, instances: Iterable[InstanceResult], *, per_level: bool = True
) -> list[ScoreRow]:
    """Rows per (use case, KPI), plus `all` use cases, in KPI vocabulary order. With
    `per_level` the speech-level KPI becomes one row per assigned level (the paper's 13 KPIs)."""
    groups: dict[tuple[str, Kpi, str | None], list[KpiOutcome]] = defaultdict(list)
    for inst in instances:
        for outcome in inst.outcomes:
            level = inst.speech_level if per_level and outcome.kpi is Kpi.SPEECH_LEVEL else None
            groups[(inst.use_case, outcome.kpi, level)].append(outcome)
            groups[(ALL, outcome.kpi, level)].append(outcome)
    order = {k: i for i, k in enumerate(KPIS)}
    keys = sorted(groups, key=lambda g: (g[0] == ALL, g[0], order[g[1]], g[2] or ""))
    return [_row(model, *key, groups[key]) for key in keys]


def _row(
    model: str, use_case: str, kpi: Kpi, level: str | None, outcomes: list[KpiOutcome]
) -> ScoreRow:
    row = ScoreRow(
        model=model,
        use_case=use_case,
        kpi=kpi,
        speech_level=level,
        layer=KPIS[kpi].layer.value,
        n=len(outcomes),
    )
    values = [o.value for o in outcomes if o.status == "scored" and o.value is not None]
    row.scored = len(values)
    row.unscored = sum(1 for o in outcomes if o.status == "unscored")
    row.gated = sum(1 for o in outcomes if o.status == "gated")
    row.exempt = sum(1 for o in outcomes if o.status == "exempt")
    if not values:
        return row
    numbers = [int(v) for v in values]
    if KPIS[kpi].likert:
        row.mean_likert = round(statistics.fmean(numbers), 3)
    else:
        row.yes = sum(numbers)
        row.accuracy = round(row.yes / len(values), 3)
    row.ci_low, row.ci_high = mean_ci(numbers)
    return row


def mean_ci(values: list[int], n_resamples: int = 1000, seed: int = 0) -> tuple[float, float]:
    """95 % percentile bootstrap interval of the mean (accuracy for 0/1 values), seeded.

    The same percentile method as `icatest.analysis.agreement.bootstrap_ci`, vectorised: a run
    computes dozens of these and must not load the analysis stack."""
    import numpy as np

    data = np.asarray(values, dtype=float)
    idx = np.random.default_rng(seed).integers(0, len(data), (n_resamples, len(data)))
    low, high = np.percentile(data[idx].mean(axis=1), [2.5, 97.5])
    return round(float(low), 3), round(float(high), 3)


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
