"""Intermediate records of the build pipeline, written as JSONL between stages.

These are deliberately our own models, not the KPI dataset format: a draft carries what later
stages need (the grounding text, the specificity level, lineage) and the final conversion
(`convert.py`) drops it. Keeping them separate lets every stage run alone on a JSONL file.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from icatest.contracts import Strict

Language = Literal["ko", "en"]
UseCase = Literal["car_expert", "navigation"]
Level = Literal["hae", "haeyo", "hapsyo"]
Specificity = Literal["general", "procedural", "exact_value", "scenario"]
Pattern = Literal[
    "clarification", "retention", "refinement", "reflection", "proactive", "troubleshooting"
]
LEVELS: tuple[Level, ...] = ("hae", "haeyo", "hapsyo")
PATTERNS: tuple[Pattern, ...] = (
    "clarification", "retention", "refinement", "reflection", "proactive", "troubleshooting"
)


class Turn(Strict):
    """One user question and the reference system answer."""

    question: str
    reference: str
    grounded: bool = Field(
        default=False, description="reference taken from the source text (checked by the filter)"
    )
    fragment: bool = Field(default=False, description="question rewritten as keyword fragment")


class Draft(Strict):
    """A dataset instance under construction."""

    id: str
    use_case: UseCase
    language: Language
    speech_level: Level | None = None
    turns: list[Turn] = Field(min_length=1)
    target_turn: int = Field(default=0, ge=0, description="0-based index of the judged turn")
    kpis: list[str] = Field(default_factory=list)
    source: str = Field(description="file#category/section/subsection or taxonomy#cat/sub")
    specificity: Specificity = "general"
    pattern: Pattern | None = None
    grounding: str | None = Field(default=None, description="source text the references come from")
    pair_key: str | None = Field(default=None, description="links EN/KO versions of one section")
    parent: str | None = None
    translated: bool = False

    @property
    def multi_turn(self) -> bool:
        return len(self.turns) > 1


class StageReport(Strict):
    """What one stage did: the manifest entry."""

    stage: str
    count_in: int
    count_out: int
    dropped: dict[str, int] = Field(default_factory=dict)
    produced: dict[str, int] = Field(default_factory=dict)
    models: dict[str, str] = Field(default_factory=dict)
    prompt_versions: dict[str, str] = Field(default_factory=dict)
    seconds: float = 0.0
    notes: list[str] = Field(default_factory=list)
    options: dict[str, str | int | float | bool | None] = Field(default_factory=dict)

    def drop(self, reason: str, n: int = 1) -> None:
        self.dropped[reason] = self.dropped.get(reason, 0) + n

    def count(self, what: str, n: int = 1) -> None:
        self.produced[what] = self.produced.get(what, 0) + n


class Manifest(Strict):
    """The manifest written next to a stage output or the final dataset."""

    output: str
    stages: list[StageReport] = Field(default_factory=list)
