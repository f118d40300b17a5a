"""The KPI judge's real request, for preflight: one tiny navigation answer judged on a yes/no
KPI and on the Likert one (the role's two output schemas), in the role's settings and mode.

Given to preflight by the KPI commands (`icatest.preflight.checks.check_models(probes=PROBES)`), so
the core's preflight never imports LoCar.
"""

from __future__ import annotations

from icatest.llm.gateway import ModelGateway
from icatest.locar.kpi.dataset import KpiInstance
from icatest.locar.kpi.evaluate import judge_variables
from icatest.locar.kpi.judge import JUDGE_ROLE, judge
from icatest.locar.kpi.kpis import Kpi
from icatest.preflight.role_probes import Probe

_INSTANCE = KpiInstance(
    id="preflight",
    use_case="navigation",
    language="en",
    kpis=[Kpi.MEANINGFUL_INFORMATION_INCLUSION, Kpi.CONCISENESS],
    question="How far is the next charging station on my route?",
    reference_answer="The next charging station is in Dasing, 14 km ahead, about 10 minutes.",
)
_ANSWER = "The next charger on your route is in Dasing, 14 km ahead."


async def _kpi_judge(gateway: ModelGateway, role: str) -> None:
    variables = judge_variables(_INSTANCE, _ANSWER)
    for kpi in _INSTANCE.kpis:  # a failed call is in the gateway's Result; preflight reads it
        await judge(gateway, role, kpi, variables)


PROBES: dict[str, Probe] = {JUDGE_ROLE: _kpi_judge}
