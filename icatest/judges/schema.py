"""Structured outputs of the judge roles; field descriptions are the output spec."""

from __future__ import annotations

from pydantic import BaseModel, Field

from icatest.contracts.labels import Dimension, FailureMode


class Finding(BaseModel):
    label: FailureMode = Field(description="one failure label that applies to this turn")
    rationale: str = Field(description="why, quoting the request or constraint concerned")
    target_ids: list[str] = Field(default_factory=list, description="ids of the targets concerned")


class StatusUpdate(BaseModel):
    target_id: str
    status: int = Field(ge=-1, le=1, description="1 completed by this reply, 0 still open")
    reason: str = ""


class TurnJudgement(BaseModel):
    """Every failure label of one assistant turn and the target statuses after it (one call)."""

    findings: list[Finding] = Field(
        default_factory=list, description="empty when the reply has no failure"
    )
    target_updates: list[StatusUpdate] = Field(
        default_factory=list, description="targets this reply completed"
    )


class DimensionJudgement(BaseModel):
    dimension: Dimension
    score: int = Field(ge=0, le=2, description="0 poor, 1 partial, 2 good, by the rubric")
    rationale: str


class ConversationJudgement(BaseModel):
    """The four conversation dimensions, each with a rationale."""

    scores: list[DimensionJudgement] = Field(description="exactly one entry per dimension")
