"""The KPI dataset: instances to ask an assistant and the KPIs to judge its answer on.

A dataset is a YAML/JSON document (`{name, description, instances: [...]}`) or a JSONL file (one
instance per line). Every file is validated strictly; errors name the file, the instance and the
field. See docs/locar.md for the format.
"""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Any

import yaml
from pydantic import Field, model_validator

from icatest.config.loading import load_model, validate
from icatest.contracts.scenario import Strict
from icatest.data import packaged_or_path
from icatest.errors import ConfigError
from icatest.locar.kpi.kpis import KPIS, Kpi, Scope

MIN_TURNS, MAX_TURNS = 3, 5


class UseCase(StrEnum):
    CAR_EXPERT = "car_expert"
    NAVIGATION = "navigation"


class Language(StrEnum):
    KO = "ko"
    EN = "en"


class SpeechLevel(StrEnum):
    HAE = "hae"  # informal (반말)
    HAEYO = "haeyo"  # polite (해요체)
    HAPSYO = "hapsyo"  # formal (합쇼체)


class Turn(Strict):
    """One question of the user and the answer a good assistant would give."""

    question: str = Field(min_length=1)
    reference_answer: str = Field(min_length=1)


class KpiInstance(Strict):
    """One test item. Single-turn: `question` + `reference_answer`. Multi-turn: `turns`
    (3-5 pairs) + `target_turn` (0-based index of the turn whose answer is judged)."""

    id: str = Field(min_length=1, pattern=r"^[\w.:-]+$")
    use_case: UseCase
    language: Language
    speech_level: SpeechLevel | None = None
    kpis: list[Kpi] = Field(min_length=1)
    question: str | None = None
    reference_answer: str | None = None
    turns: list[Turn] | None = None
    target_turn: int | None = None
    source: str | None = Field(default=None, description="manual path the instance was built from")
    notes: str | None = None

    @model_validator(mode="after")
    def _shape(self) -> KpiInstance:
        if self.turns is None:
            if self.question is None or self.reference_answer is None:
                raise ValueError("single-turn instances need question and reference_answer")
            if self.target_turn is not None:
                raise ValueError("target_turn is only for multi-turn instances (turns)")
        else:
            if self.question is not None or self.reference_answer is not None:
                raise ValueError("give either question/reference_answer or turns, not both")
            if not MIN_TURNS <= len(self.turns) <= MAX_TURNS:
                raise ValueError(f"turns must hold {MIN_TURNS}-{MAX_TURNS} question/answer pairs")
            if self.target_turn is None:
                raise ValueError("multi-turn instances need target_turn")
            if not 0 <= self.target_turn < len(self.turns):
                raise ValueError(f"target_turn must be between 0 and {len(self.turns) - 1}")
        self._check_kpis()
        return self

    def _check_kpis(self) -> None:
        if len(set(self.kpis)) != len(self.kpis):
            raise ValueError("kpis lists a KPI twice")
        if self.speech_level is not None and self.language is not Language.KO:
            raise ValueError("speech_level is only for Korean (language: ko) instances")
        if Kpi.SPEECH_LEVEL in self.kpis and self.speech_level is None:
            raise ValueError("KPI speech_level needs speech_level (hae|haeyo|hapsyo)")
        for kpi in self.kpis:
            scope = KPIS[kpi].scope
            if scope is Scope.MULTI_TURN and not self.is_multi_turn:
                raise ValueError(f"KPI {kpi.value} applies to multi-turn instances only")
            if scope is Scope.SINGLE_TURN and self.is_multi_turn:
                raise ValueError(f"KPI {kpi.value} applies to single-turn instances only")

    @property
    def is_multi_turn(self) -> bool:
        return self.turns is not None

    @property
    def target(self) -> Turn:
        """The judged turn."""
        if self.turns is not None and self.target_turn is not None:
            return self.turns[self.target_turn]
        assert self.question is not None and self.reference_answer is not None
        return Turn(question=self.question, reference_answer=self.reference_answer)

    @property
    def history(self) -> list[Turn]:
        """Earlier turns, fed to the assistant before the judged one."""
        if self.turns is None or self.target_turn is None:
            return []
        return list(self.turns[: self.target_turn])


class Sampling(Strict):
    """How a dataset was drawn from a larger one (`icatest kpi sample`)."""

    source: str | None = None
    seed: int
    per_kpi: int
    levels: str = Field(description="how Korean levels were assigned, e.g. 'random, stratified'")


class KpiDataset(Strict):
    name: str = "kpi-dataset"
    description: str | None = None
    version: int = 1
    sampling: Sampling | None = None
    instances: list[KpiInstance] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_ids(self) -> KpiDataset:
        seen: set[str] = set()
        for inst in self.instances:
            if inst.id in seen:
                raise ValueError(f"duplicate instance id {inst.id!r}")
            seen.add(inst.id)
        return self

    def select(self, language: Language | None = None) -> KpiDataset:
        """The instances in one language (all when `language` is None)."""
        if language is None:
            return self
        kept = [i for i in self.instances if i.language is language]
        if not kept:
            raise ConfigError(self.name, f"no instances in language {language.value}")
        return self.model_copy(update={"instances": kept})


def load_dataset(path: Path) -> KpiDataset:
    """Load a dataset from YAML/JSON (`instances:` list) or JSONL (one instance per line), or the
    packaged one named (`locar_sample`)."""
    path = packaged_or_path(Path(path), "datasets")
    if path.suffix == ".jsonl":
        return _load_jsonl(path)
    return load_model(path, KpiDataset)


def _load_jsonl(path: Path) -> KpiDataset:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise ConfigError(str(path), "file not found") from None
    items: list[Any] = []
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            items.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise ConfigError(str(path), f"line {n}: invalid JSON: {exc.msg}") from None
        validate(items[-1], KpiInstance, f"{path}: line {n}")
    if not items:
        raise ConfigError(str(path), "file is empty")
    return validate({"name": path.stem, "instances": items}, KpiDataset, str(path))


def dump_dataset(dataset: KpiDataset, path: Path) -> None:
    """Write a dataset as YAML (.yaml/.yml), JSON or JSONL (by suffix); unset fields omitted."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = dataset.model_dump(mode="json", exclude_none=True)
    if path.suffix == ".jsonl":
        lines = [json.dumps(i, ensure_ascii=False) for i in data["instances"]]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    elif path.suffix == ".json":
        path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    else:
        text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100)
        path.write_text(text, encoding="utf-8")


__all__ = [
    "KpiDataset",
    "KpiInstance",
    "Language",
    "Sampling",
    "SpeechLevel",
    "Turn",
    "UseCase",
    "dump_dataset",
    "load_dataset",
]
