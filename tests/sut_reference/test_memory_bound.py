"""The in-process reference server keeps the sessions and faults of its most recent
conversations only, and never fewer than a campaign can have in flight."""

from __future__ import annotations

from annotated_types import Le

from icatest.campaigns.config import CampaignConfig
from icatest.sut.reference.oracle import RECENT_CONVERSATIONS, Oracle


def test_the_recent_window_covers_the_largest_concurrency() -> None:
    limits = [
        m.le for m in CampaignConfig.model_fields["concurrency"].metadata if isinstance(m, Le)
    ]
    assert limits and RECENT_CONVERSATIONS >= max(limits)


def test_the_oracle_forgets_old_conversations_but_keeps_recent_ones() -> None:
    oracle = Oracle(keep=3)
    for n in range(5):
        oracle.record([{"conversation_id": f"c{n}", "turn": 0, "fault": "drop", "detail": ""}])
    assert oracle.get("c0") == [] and oracle.get("c1") == []
    assert [e["conversation_id"] for n in (2, 3, 4) for e in oracle.get(f"c{n}")] == [
        "c2",
        "c3",
        "c4",
    ]
