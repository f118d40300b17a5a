"""Fixtures for campaign tests: a tiny catalog and the scripted engine/assistant."""

from __future__ import annotations

from pathlib import Path

import pytest
from campaign_helpers import write_catalog

from icatest.campaigns.running.scripted import ENGINE, OPENER


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return write_catalog(tmp_path / "data")


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Scripted engine with small latencies; returns run_campaign keyword arguments."""
    monkeypatch.setenv("ICATEST_SCRIPTED_TURN_S", "0.01")
    monkeypatch.setenv("ICATEST_SCRIPTED_SUT_S", "0.0")
    monkeypatch.setenv("ICATEST_SCRIPTED_COST", "0.001")
    return {"engine": ENGINE, "opener": OPENER}
