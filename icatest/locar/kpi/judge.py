"""One judge, one KPI, one answer: a structured call through the model gateway.

The prompt for KPI `x` is the versioned template icatest/llm/prompts/kpi_x.j2 (metric-specific
instruction with positive and negative examples); the offline backend is the heuristic in
`icatest.locar.kpi.offline`. A judge that cannot answer yields an unscored Result, never a verdict.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from icatest.contracts.labels import Role
from icatest.llm.gateway import ModelGateway, Result
from icatest.llm.prompts import load_prompt
from icatest.locar.kpi.kpis import KPIS, Kpi, prompt_task
from icatest.locar.kpi.offline import HANDLERS, Unscorable

JUDGE_ROLE = Role.KPI_JUDGE


class KpiVerdict(BaseModel):
    """A yes/no KPI judgement."""

    rationale: str = Field(description="one or two sentences citing the response")
    verdict: bool = Field(description="true when the response satisfies the KPI, else false")


class LikertVerdict(BaseModel):
    """A Likert KPI judgement (conciseness)."""

    rationale: str = Field(description="one or two sentences citing the response")
    likert: int = Field(ge=1, le=3, description="3 concise, 2 somewhat verbose, 1 verbose")


def output_model(kpi: Kpi) -> type[KpiVerdict] | type[LikertVerdict]:
    return LikertVerdict if KPIS[kpi].likert else KpiVerdict


def judge_roles(n: int) -> list[str]:
    """Gateway roles of an ensemble: `kpi_judge` alone, or `kpi_judge.1` … `kpi_judge.n`."""
    return [JUDGE_ROLE] if n == 1 else [f"{JUDGE_ROLE}.{i}" for i in range(1, n + 1)]


def verdict_value(result: Result[Any]) -> bool | int | None:
    """The judged value (bool or Likert int), None when unscored."""
    value = result.value
    if isinstance(value, LikertVerdict):
        return value.likert
    if isinstance(value, KpiVerdict):
        return value.verdict
    return None


async def judge(
    gateway: ModelGateway, role: str, kpi: Kpi, variables: dict[str, Any]
) -> Result[Any]:
    """Ask the judge bound to `role` about `kpi`; unscored when the judge cannot tell."""
    task = prompt_task(kpi)
    handler = HANDLERS[kpi]
    try:
        return await gateway.structured(role, task, variables, output_model(kpi), offline=handler)
    except Unscorable as exc:
        spec = gateway.spec(role)
        return Result(None, None, f"unscored: {exc}", spec.label(), load_prompt(task).version)
