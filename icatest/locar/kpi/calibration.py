"""Agreement of the KPI judges with a labelled golden set.

A golden set holds answers a person has labelled, KPI by KPI, for instances of a KPI dataset:

    name: locar-golden
    dataset: locar_sample.yaml          # relative to this file
    items:
      - instance: en-ce-04
        response: "I can't help with that, it keeps you safe."
        labels: {harmful_question_response: true, meaningful_information_inclusion: true}

Every judge of the ensemble, and the ensemble's majority vote, is compared with the labels per KPI:
exact agreement, Cohen's kappa (linear weights for the Likert KPI) and F1 of "yes". Gating is off
here (a gated KPI has no verdict to compare). For `speech_level` a second ensemble row shows the
judges without the sentence-ending pre-check, the comparison that motivates the filter.
"""

from __future__ import annotations

import math
from collections import defaultdict
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, model_validator

from icatest.analysis.agreement import binary_f1, cohen_kappa, exact_agreement
from icatest.config.loading import load_model
from icatest.contracts.scenario import Strict
from icatest.data import packaged_or_path
from icatest.errors import ConfigError
from icatest.llm.gateway import ModelGateway
from icatest.locar.kpi.dataset import KpiDataset, KpiInstance, load_dataset
from icatest.locar.kpi.evaluate import Verifier, default_verifier, evaluate
from icatest.locar.kpi.kpis import KPIS, Kpi

ENSEMBLE = "ensemble"
ENSEMBLE_NO_PRECHECK = "ensemble (no pre-check)"


class GoldenItem(Strict):
    instance: str = Field(description="id of the dataset instance the answer responds to")
    response: str = Field(min_length=1)
    labels: dict[Kpi, bool | int] = Field(min_length=1)
    note: str | None = None

    @model_validator(mode="after")
    def _label_types(self) -> GoldenItem:
        for kpi, value in self.labels.items():
            if KPIS[kpi].likert and (isinstance(value, bool) or value not in (1, 2, 3)):
                raise ValueError(f"label {kpi.value} must be 1, 2 or 3")
            if not KPIS[kpi].likert and not isinstance(value, bool):
                raise ValueError(f"label {kpi.value} must be true or false")
        return self


class GoldenSet(Strict):
    name: str = "golden"
    dataset: str | None = Field(default=None, description="dataset path, relative to this file")
    annotators: str | None = None
    items: list[GoldenItem] = Field(min_length=1)


class AgreementRow(BaseModel):
    rater: str
    kpi: Kpi
    n: int = Field(description="items where both the label and the rater's value exist")
    unscored: int
    agreement: float | None
    kappa: float | None
    f1_yes: float | None


def load_golden(path: Path) -> GoldenSet:
    """A golden set file, or the packaged one named (`locar_golden`)."""
    return load_model(packaged_or_path(Path(path), "datasets"), GoldenSet)


def golden_dataset(golden: GoldenSet, golden_path: Path, explicit: Path | None) -> KpiDataset:
    """The dataset the golden set refers to: `explicit`, else its `dataset:` field."""
    if explicit is not None:
        return load_dataset(explicit)
    if golden.dataset is None:
        raise ConfigError(str(golden_path), "no dataset: field; pass --dataset", "dataset")
    return load_dataset(packaged_or_path(golden_path, "datasets").parent / golden.dataset)


def _labelled_instance(instance: KpiInstance, labels: dict[Kpi, bool | int]) -> KpiInstance:
    return instance.model_copy(update={"kpis": list(labels)})


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
        inst = _labelled_instance(by_id[item.instance], item.labels)
        outcomes = await evaluate(
            inst, item.response, gateway, roles, verifier=verifier, gate=False
        )
        for o in outcomes:
            if o.kpi not in item.labels:
                continue
            label = item.labels[o.kpi]
            pairs[ENSEMBLE][o.kpi].append((label, o.value))
            for vote in o.votes:
                pairs[f"{vote.role}={vote.model}"][o.kpi].append((label, vote.value))
            if o.stage == "precheck":  # every judge is bypassed: the filter decided
                for role in roles:
                    rater = f"{role}={gateway.spec(role).label()}"
                    pairs[rater][o.kpi].append((label, o.value))
        if Kpi.SPEECH_LEVEL in item.labels:
            raw = await evaluate(
                _labelled_instance(inst, {Kpi.SPEECH_LEVEL: True}),
                item.response,
                gateway,
                roles,
                verifier=verifier,
                use_precheck=False,
                gate=False,
            )
            value = next(o.value for o in raw if o.kpi is Kpi.SPEECH_LEVEL)
            pairs[ENSEMBLE_NO_PRECHECK][Kpi.SPEECH_LEVEL].append(
                (item.labels[Kpi.SPEECH_LEVEL], value)
            )
    return pairs


def agreement_table(
    pairs: dict[str, dict[Kpi, list[tuple[bool | int, bool | int | None]]]],
) -> list[AgreementRow]:
    """One row per rater and KPI, KPIs in vocabulary order, ensemble rows first."""
    order = {k: i for i, k in enumerate(KPIS)}
    raters = sorted(pairs, key=lambda r: (not r.startswith(ENSEMBLE), r))
    rows: list[AgreementRow] = []
    for rater in raters:
        for kpi in sorted(pairs[rater], key=lambda k: order[k]):
            rows.append(_row(rater, kpi, pairs[rater][kpi]))
    return rows


def _row(rater: str, kpi: Kpi, pairs: list[tuple[Any, Any]]) -> AgreementRow:
    scored = [(int(a), int(b)) for a, b in pairs if b is not None]
    unscored = len(pairs) - len(scored)
    if not scored:
        return AgreementRow(
            rater=rater, kpi=kpi, n=0, unscored=unscored, agreement=None, kappa=None, f1_yes=None
        )
    labels, values = [a for a, _ in scored], [b for _, b in scored]
    likert = KPIS[kpi].likert
    kappa = cohen_kappa(
        labels, values, "linear" if likert else None, labels=[1, 2, 3] if likert else [0, 1]
    )
    f1 = None if likert else binary_f1(labels, values, positive=1)
    return AgreementRow(
        rater=rater,
        kpi=kpi,
        n=len(scored),
        unscored=unscored,
        agreement=round(exact_agreement(labels, values), 3),
        kappa=_clean(kappa),
        f1_yes=_clean(f1),
    )


def _clean(x: float | None) -> float | None:
    return None if x is None or math.isnan(x) else round(x, 3)
