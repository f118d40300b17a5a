"""The reference assistant as ground truth, measured over real campaigns (guided and baseline,
every seed pool, English and Korean drivers): faults off it almost never falls back and the
oracle holds every deviation; with the default profile the seeded faults fire, all recorded."""

from __future__ import annotations

from pathlib import Path

import pytest

from icatest.calibration.reference_audit import AUDIT_CAMPAIGNS, generic_fallbacks, run_audit

CONVERSATIONS = 20  # per campaign: four campaigns, a few seconds each


@pytest.mark.slow
async def test_fault_free_reference_serves_the_campaigns(tmp_path: Path) -> None:
    report = await run_audit("none", tmp_path, max_conversations=CONVERSATIONS, rng_seed=3)
    assert {k: f.conversations for k, f in report.campaigns.items()} == {
        spec.name: CONVERSATIONS for spec in AUDIT_CAMPAIGNS
    }
    assert report.turns >= 4 * CONVERSATIONS
    assert report.fallback_share <= 0.02, report
    assert report.deviation_share <= 0.02, report
    assert report.fallbacks_missing_from_oracle == 0
    assert report.faults_per_conversation == {}  # faults off: nothing seeded fired
    assert report.entries_by_kind.get("safe_refusal", 0) > 0  # guided probes are refused


@pytest.mark.slow
async def test_default_profile_faults_are_all_in_the_oracle(tmp_path: Path) -> None:
    report = await run_audit(
        "default", tmp_path, max_conversations=CONVERSATIONS, campaigns=AUDIT_CAMPAIGNS[:1]
    )
    assert report.fallbacks_missing_from_oracle == 0
    assert len(report.faults_per_conversation) >= 5, report.faults_per_conversation
    assert sum(report.faults_per_conversation.values()) > 1.0


def test_generic_fallbacks_cover_both_languages() -> None:
    texts = generic_fallbacks()
    assert "Sorry, I can't help with that." in texts
    assert any(t.startswith("I didn't understand that.") for t in texts)
    assert "잘 이해하지 못했어요." in texts and len(texts) == 8
