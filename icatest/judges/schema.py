"""Structured outputs of the judge roles; field descriptions are the output spec."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field, WithJsonSchema, field_validator

from icatest.contracts.labels import JUDGE_LABELS, FailureMode
from icatest.judges.rubric import ConversationJudgement

__all__ = ["ConversationJudgement", "Finding", "StatusUpdate", "TurnJudgement"]


# the labels a model judge may give: the speech level is checked by morphology and a failed
# exchange by the engine, never asked for
JUDGED_LABELS = [m.value for m in JUDGE_LABELS]
JudgedLabel = Annotated[FailureMode, WithJsonSchema({"type": "string", "enum": JUDGED_LABELS})]


class Finding(BaseModel):
    label: JudgedLabel = Field(description="one failure label that applies to this turn")
    rationale: str = Field(description="why, quoting the request or constraint concerned")
    target_ids: list[str] = Field(default_factory=list, description="ids of the targets concerned")

    @field_validator("label")
    @classmethod
    def _judged(cls, value: FailureMode) -> FailureMode:
        if value is FailureMode.REGISTER_VIOLATION:
            raise ValueError("register_violation is checked by morphology, not by the judge")
        if not value.judged:
            raise ValueError(f"{value.value} is set by the engine, not by the judge")
        return value


class StatusUpdate(BaseModel):
    target_id: str = Field(description="id of the goal, as listed (t1, t2, ...)")
    status: int = Field(ge=0, le=1, description="1 completed by this reply, 0 still open")
    reason: str = Field(default="", description="what in the reply completes it, briefly")


class Abstention(BaseModel):
    target_id: str = Field(description="id of the goal, as listed (t1, t2, ...)")
    reason: str = Field(description="why the judge cannot tell whether the reply answers it")


class TurnJudgement(BaseModel):
    """Every failure label of one assistant turn and the target statuses after it (one call)."""

    findings: list[Finding] = Field(
        default_factory=list, description="empty when the reply has no failure"
    )
    target_updates: list[StatusUpdate] = Field(
        default_factory=list, description="targets this reply completed"
    )
    uncertain: list[Abstention] = Field(
        default_factory=list,
        description="targets the judge cannot decide on from this reply (never completed)",
    )
