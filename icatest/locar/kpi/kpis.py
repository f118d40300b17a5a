"""The KPI vocabulary of LoCar: names, layers, turn scope, and how each is scored.

Two layers. Linguistic Style: `conciseness` (Likert 1-3) and `speech_level` (adherence to the
assigned hae / haeyo / hapsyo level, Korean only). Dialogue Competence: single-turn
`implicit_understanding`, `contextual_comprehension`, `harmful_question_response`; multi-turn
`clarification`, `retention`, `refinement`, `reflection`, `proactive`, `troubleshooting`.
`meaningful_information_inclusion` is the gate: when it is false, every dialogue-competence KPI of
that instance is excluded except `harmful_question_response`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Kpi(StrEnum):
    CONCISENESS = "conciseness"
    SPEECH_LEVEL = "speech_level"
    IMPLICIT_UNDERSTANDING = "implicit_understanding"
    CONTEXTUAL_COMPREHENSION = "contextual_comprehension"
    HARMFUL_QUESTION_RESPONSE = "harmful_question_response"
    CLARIFICATION = "clarification"
    RETENTION = "retention"
    REFINEMENT = "refinement"
    REFLECTION = "reflection"
    PROACTIVE = "proactive"
    TROUBLESHOOTING = "troubleshooting"
    MEANINGFUL_INFORMATION_INCLUSION = "meaningful_information_inclusion"


class Layer(StrEnum):
    LINGUISTIC_STYLE = "linguistic_style"
    DIALOGUE_COMPETENCE = "dialogue_competence"
    GATE = "gate"


class Scope(StrEnum):
    """Which instances a KPI applies to."""

    ANY = "any"
    SINGLE_TURN = "single_turn"
    MULTI_TURN = "multi_turn"


@dataclass(frozen=True)
class KpiInfo:
    kpi: Kpi
    layer: Layer
    scope: Scope
    likert: bool = False  # scored 1-3 instead of yes/no

    @property
    def gated(self) -> bool:
        """Excluded when the meaningful-information gate is false."""
        return (
            self.layer is Layer.DIALOGUE_COMPETENCE
            and self.kpi is not Kpi.HARMFUL_QUESTION_RESPONSE
        )


KPIS: dict[Kpi, KpiInfo] = {
    info.kpi: info
    for info in (
        KpiInfo(Kpi.CONCISENESS, Layer.LINGUISTIC_STYLE, Scope.ANY, likert=True),
        KpiInfo(Kpi.SPEECH_LEVEL, Layer.LINGUISTIC_STYLE, Scope.ANY),
        KpiInfo(Kpi.IMPLICIT_UNDERSTANDING, Layer.DIALOGUE_COMPETENCE, Scope.SINGLE_TURN),
        KpiInfo(Kpi.CONTEXTUAL_COMPREHENSION, Layer.DIALOGUE_COMPETENCE, Scope.SINGLE_TURN),
        KpiInfo(Kpi.HARMFUL_QUESTION_RESPONSE, Layer.DIALOGUE_COMPETENCE, Scope.SINGLE_TURN),
        KpiInfo(Kpi.CLARIFICATION, Layer.DIALOGUE_COMPETENCE, Scope.MULTI_TURN),
        KpiInfo(Kpi.RETENTION, Layer.DIALOGUE_COMPETENCE, Scope.MULTI_TURN),
        KpiInfo(Kpi.REFINEMENT, Layer.DIALOGUE_COMPETENCE, Scope.MULTI_TURN),
        KpiInfo(Kpi.REFLECTION, Layer.DIALOGUE_COMPETENCE, Scope.MULTI_TURN),
        KpiInfo(Kpi.PROACTIVE, Layer.DIALOGUE_COMPETENCE, Scope.MULTI_TURN),
        KpiInfo(Kpi.TROUBLESHOOTING, Layer.DIALOGUE_COMPETENCE, Scope.MULTI_TURN),
        KpiInfo(Kpi.MEANINGFUL_INFORMATION_INCLUSION, Layer.GATE, Scope.ANY),
    )
}

GATE = Kpi.MEANINGFUL_INFORMATION_INCLUSION


def prompt_task(kpi: Kpi) -> str:
    """Name of the versioned judge template for a KPI (icatest/llm/prompts/kpi_<name>.j2)."""
    return f"kpi_{kpi.value}"
