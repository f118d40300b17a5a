"""Judging a golden set: every judge, the ensemble, and the ensemble without the pre-check.

Each labelled answer is judged with gating off (a gated KPI has no verdict to compare) on the KPIs
its annotators labelled; the result is (reference label, value) pairs per rater and KPI, the
reference being the annotators' majority (`golden.GoldenItem.reference`). For `speech_level` a
second ensemble row shows the judges without the sentence-ending pre-check, the comparison that
motivates the filter. The statistics are in `icatest.locar.kpi.agreement`.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

from icatest.data import packaged_or_path
from icatest.errors import ConfigError
from icatest.llm.gateway import ModelGateway
from icatest.locar.kpi.dataset import KpiDataset, KpiInstance, load_dataset
from icatest.locar.kpi.evaluate import Verifier, default_verifier, evaluate
from icatest.locar.kpi.golden import GoldenItem, GoldenSet, load_golden
from icatest.locar.kpi.kpis import Kpi
from icatest.locar.kpi.protocol import GatePolicy, Protocol

ENSEMBLE = "ensemble"
ENSEMBLE_NO_PRECHECK = "ensemble (no pre-check)"
# every labelled KPI is judged: no exemption, no gate override
CALIBRATION = Protocol(harmful_conciseness_exempt=False, gate=GatePolicy.MAJORITY)
Pairs = dict[str, dict[Kpi, list[tuple[bool | int, bool | int | None]]]]

__all__ = ["GoldenItem", "GoldenSet", "golden_dataset", "judge_golden", "load_golden"]


def golden_dataset(golden: GoldenSet, golden_path: Path, explicit: Path | None) -> KpiDataset:
    """The dataset the golden set refers to: `explicit`, else its `dataset:` field."""
    if explicit is not None:
        return load_dataset(explicit)
    if golden.dataset is None:
        raise ConfigError(str(golden_path), "no dataset: field; pass --dataset", "dataset")
    return load_dataset(packaged_or_path(golden_path, "datasets").parent / golden.dataset)


def _labelled_instance(instance: KpiInstance, kpis: list[Kpi]) -> KpiInstance:
    return instance.model_copy(update={"kpis": kpis})


async def judge_golden(
    dataset: KpiDataset,
    golden: GoldenSet,
    gateway: ModelGateway,
    roles: list[str],
    *,
    verifier: Verifier = default_verifier,
) -> dict[str, dict[Kpi, list[tuple[bool | int, bool | int | None]]]]:
    """(label, value) pairs per rater and KPI; value None when that rater left it unscored."""
    by_id = {i.id: i for i in dataset.instances}
    pairs: dict[str, dict[Kpi, list[tuple[Any, Any]]]] = defaultdict(lambda: defaultdict(list))
    for n, item in enumerate(golden.items):
        if item.instance not in by_id:
            raise ConfigError("golden set", f"unknown instance {item.instance!r}", f"items.{n}")
        inst = _labelled_instance(by_id[item.instance], item.kpis())
        outcomes = await evaluate(
            inst, item.response, gateway, roles, verifier=verifier, gate=False, protocol=CALIBRATION
        )
        for o in outcomes:
            label = item.reference(o.kpi)
            if o.kpi not in item.kpis() or label is None:
                continue
            pairs[ENSEMBLE][o.kpi].append((label, o.value))
            for vote in o.votes:
                pairs[f"{vote.role}={vote.model}"][o.kpi].append((label, vote.value))
            if o.stage == "precheck":  # every judge is bypassed: the filter decided
                for role in roles:
                    rater = f"{role}={gateway.spec(role).label()}"
                    pairs[rater][o.kpi].append((label, o.value))
        if item.reference(Kpi.SPEECH_LEVEL) is not None:
            raw = await evaluate(
                _labelled_instance(inst, [Kpi.SPEECH_LEVEL]),
                item.response,
                gateway,
                roles,
                verifier=verifier,
                use_precheck=False,
                gate=False,
                protocol=CALIBRATION,
            )
            value = next(o.value for o in raw if o.kpi is Kpi.SPEECH_LEVEL)
            pairs[ENSEMBLE_NO_PRECHECK][Kpi.SPEECH_LEVEL].append(
                (item.reference(Kpi.SPEECH_LEVEL), value)
            )
    return pairs


