"""The campaign layer driving the real conversation engine (offline roles, scripted assistant)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from campaign_helpers import config

from icatest.campaigns import read_records, run_campaign
from icatest.campaigns.running.scripted import OPENER
from icatest.data import packaged_path


@pytest.fixture
def real_data(data_dir: Path) -> Path:
    shutil.rmtree(data_dir / "strategies")
    shutil.copytree(packaged_path("strategies"), data_dir / "strategies")
    return data_dir


async def test_baseline_has_no_strategies_guided_has(real_data: Path, tmp_path: Path):
    runs = {}
    for mode in ("baseline", "guided"):
        await run_campaign(config(real_data, mode=mode, max_conversations=4), tmp_path / mode,
                           opener=OPENER)
        recs = read_records(tmp_path / mode / "conversations.jsonl")
        runs[mode] = sorted(recs, key=lambda r: r["scenario_index"])
    base, guided = runs["baseline"], runs["guided"]
    assert len(base) == len(guided) == 4
    assert all(r["persona"] == "neutral" and r["max_turns"] == 8 for r in base)
    assert all(t["strategies"] == [] for r in base for t in r["turns"])
    assert not any(s["times_used"] for r in base for s in r["strategy_stats"].values())
    assert any(t["strategies"] for r in guided for t in r["turns"])
    # same seeds and contexts for the same scenario index in both arms
    assert [(r["seed_id"], r["context"]["id"]) for r in base] == \
        [(r["seed_id"], r["context"]["id"]) for r in guided]
    assert all(r["termination_reason"] != "internal_error" for r in base + guided), \
        [r.get("error") for r in base + guided]
