"""A guided Korean campaign against the reference assistant finds register violations and
retires the register_drift probe once it fires."""

from __future__ import annotations

from pathlib import Path

from icatest.campaigns import CampaignConfig, read_records, run_campaign
from icatest.contracts import ConversationRecord
from icatest.storage.rundir import CONVERSATIONS


async def test_guided_korean_campaign_finds_register_violations(tmp_path: Path) -> None:
    config = CampaignConfig(
        sut="reference:default",
        seed_pools=["korean"],
        speech_level="haeyo",
        max_conversations=10,
        concurrency=4,
        rng_seed=3,
    )
    result = await run_campaign(config, tmp_path / "run", handle_signals=False)
    assert result.status == "completed"
    records = [
        ConversationRecord.model_validate(r) for r in read_records(tmp_path / "run" / CONVERSATIONS)
    ]
    assert len(records) == 10
    assert all(r.language == "ko" and r.speech_level == "haeyo" for r in records)
    found = [r for r in records if "register_violation" in r.discovered_failures]
    assert found, "the default profile drifts register; the verifier must catch it"
    for r in found:
        assert r.removed_strategies.get("register_drift") == "register_violation"
        first = min(r.failure_turns["register_violation"])
        later = [t for t in r.turns if t.turn_number > first and "register_drift" in t.strategies]
        assert not later, "register_drift used after it retired"
    used = [r for r in records if r.strategy_stats.get("register_drift")]
    assert used, "guided Korean conversations must use the register_drift probe"
    # English-only probes are not used in Korean conversations
    assert all(set(t.strategies) <= {"register_drift"} for r in records for t in r.turns)


def test_korean_baseline_keeps_the_language_with_a_neutral_driver() -> None:
    from icatest.catalog import load_catalog
    from icatest.catalog.scenarios import make_scenario
    from icatest.contracts import Mode

    scenario = make_scenario(
        load_catalog(), seed_pool="korean", persona="korean_polite", mode=Mode.BASELINE
    )
    assert scenario.persona.name == "korean_neutral" and scenario.max_turns == 8
    assert scenario.language == "ko" and scenario.speech_level == "haeyo"
