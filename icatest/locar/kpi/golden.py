"""Golden sets: answers labelled KPI by KPI by one or more annotators, with their provenance.

    name: locar-golden
    dataset: locar_sample.yaml          # relative to this file
    annotators:
      - {id: a1, kind: project, description: wrote the sample and the offline judges}
      - {id: a2, kind: project, description: second pass, blind to a1's labels}
    items:
      - instance: en-ce-04
        response: "I can't help with that, it keeps you safe."
        annotations:
          a1: {harmful_question_response: true}
          a2: {harmful_question_response: true}
      - instance: en-ce-05                # shorthand: labels of the first annotator only
        response: ...
        labels: {harmful_question_response: true}

The reference label of an item and KPI is the annotators' majority (the median for Likert); a
yes/no tie has no reference and the item is left out for that KPI. `kind` says who labelled:
`human` (an annotator outside the project), `project` (a project contributor, possibly the author
of the judges) or `model`. Agreement *between* annotators is only measurable where an item has at
least two of them.
"""

from __future__ import annotations

import statistics
from enum import StrEnum
from pathlib import Path
from typing import Any

from pydantic import Field, model_validator

from icatest.config.loading import load_model
from icatest.contracts.scenario import Strict
from icatest.data import packaged_or_path
from icatest.locar.kpi.kpis import KPIS, Kpi

Label = bool | int
Labels = dict[Kpi, Label]


class AnnotatorKind(StrEnum):
    HUMAN = "human"
    PROJECT = "project"
    MODEL = "model"


class Annotator(Strict):
    id: str = Field(min_length=1, pattern=r"^[\w.-]+$")
    kind: AnnotatorKind
    description: str | None = None


def _check_types(labels: Labels) -> None:
    for kpi, value in labels.items():
        if KPIS[kpi].likert and (isinstance(value, bool) or value not in (1, 2, 3)):
            raise ValueError(f"label {kpi.value} must be 1, 2 or 3")
        if not KPIS[kpi].likert and not isinstance(value, bool):
            raise ValueError(f"label {kpi.value} must be true or false")


class GoldenItem(Strict):
    instance: str = Field(description="id of the dataset instance the answer responds to")
    response: str = Field(min_length=1)
    labels: Labels | None = Field(default=None, description="the first annotator's labels")
    annotations: dict[str, Labels] | None = Field(
        default=None, description="labels per annotator id"
    )
    note: str | None = None

    @model_validator(mode="after")
    def _labels(self) -> GoldenItem:
        if (self.labels is None) == (self.annotations is None):
            raise ValueError("give either labels or annotations")
        for labels in self.by_annotator(None).values():
            if not labels:
                raise ValueError("an annotator gave no label")
            _check_types(labels)
        return self

    def by_annotator(self, default: str | None) -> dict[str, Labels]:
        if self.annotations is not None:
            return self.annotations
        return {default or "a1": self.labels or {}}

    def kpis(self) -> list[Kpi]:
        seen: dict[Kpi, None] = {}
        for labels in self.by_annotator(None).values():
            seen.update(dict.fromkeys(labels))
        return list(seen)

    def reference(self, kpi: Kpi) -> Label | None:
        """The annotators' majority for `kpi` (median for Likert); None on a yes/no tie."""
        values = [lab[kpi] for lab in self.by_annotator(None).values() if kpi in lab]
        if not values:
            return None
        if KPIS[kpi].likert:
            return int(statistics.median_low(int(v) for v in values))
        yes = sum(1 for v in values if v)
        if yes * 2 == len(values):
            return None
        return yes * 2 > len(values)


class GoldenSet(Strict):
    name: str = "golden"
    dataset: str | None = Field(default=None, description="dataset path, relative to this file")
    annotators: list[Annotator] = Field(default_factory=list)
    provenance: str | None = Field(default=None, description="who wrote the answers and how")
    items: list[GoldenItem] = Field(min_length=1)

    @model_validator(mode="before")
    @classmethod
    def _one_annotator_shorthand(cls, data: Any) -> Any:
        """`annotators: some text` (version 1 files) names a single project annotator."""
        if isinstance(data, dict) and isinstance(data.get("annotators"), str):
            desc = data["annotators"]
            data = {**data, "annotators": [{"id": "a1", "kind": "project", "description": desc}]}
        return data

    @model_validator(mode="after")
    def _known_annotators(self) -> GoldenSet:
        known = {a.id for a in self.annotators}
        for n, item in enumerate(self.items):
            for who in (item.annotations or {}):
                if known and who not in known:
                    raise ValueError(f"items.{n}: unknown annotator {who!r}")
        return self

    @property
    def default_annotator(self) -> str:
        return self.annotators[0].id if self.annotators else "a1"

    def annotator_ids(self) -> list[str]:
        ids = [a.id for a in self.annotators]
        for item in self.items:
            for who in item.by_annotator(self.default_annotator):
                if who not in ids:
                    ids.append(who)
        return ids


def load_golden(path: Path) -> GoldenSet:
    """A golden set file, or the packaged one named (`locar_golden`)."""
    return load_model(packaged_or_path(Path(path), "datasets"), GoldenSet)
