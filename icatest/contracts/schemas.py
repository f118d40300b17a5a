"""The documents `icatest schema NAME` prints: the run directory's files, the bench output, the
record and its verdicts, and the campaign status."""

from __future__ import annotations

from pydantic import BaseModel, TypeAdapter

from icatest.contracts.documents import (
    BenchFigures,
    CampaignStatus,
    Clusters,
    ExperimentComparison,
    MetricsSummary,
    ProgressPoint,
    RunManifest,
)
from icatest.contracts.records import ConversationRecord, ConversationVerdict, TurnVerdict

# name -> (the type, what it describes)
SCHEMAS: dict[str, tuple[type[BaseModel] | type[CampaignStatus], str]] = {
    "manifest": (RunManifest, "RUN/manifest.json"),
    "metrics": (MetricsSummary, "metrics.json (icatest report)"),
    "comparison": (ExperimentComparison, "comparison.json (icatest compare)"),
    "clusters": (Clusters, "clusters.json (icatest cluster)"),
    "status": (CampaignStatus, "a campaign's status (manifest.json `status`)"),
    "bench": (BenchFigures, "icatest bench --json"),
    "progress": (ProgressPoint, "one line of RUN/progress.jsonl"),
    "record": (ConversationRecord, "one line of RUN/conversations.jsonl"),
    "turn-verdict": (TurnVerdict, "a turn's verdict (a record's turns[].evaluation)"),
    "conversation-verdict": (ConversationVerdict, "a record's conversation_evaluation"),
}


def json_schema(name: str) -> dict[str, object]:
    """The JSON schema of the document called `name` (KeyError when there is none)."""
    kind, _ = SCHEMAS[name]
    if issubclass(kind, BaseModel):
        return kind.model_json_schema()
    return TypeAdapter(kind).json_schema()
