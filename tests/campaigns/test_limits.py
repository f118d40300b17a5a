"""Rate limits slow a campaign down instead of failing it; configs and manifests stay clean."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from campaign_helpers import config

from icatest.campaigns import parse_duration, read_records, run_campaign
from icatest.campaigns.recording.redact import REDACTED, redact
from icatest.campaigns.running.runner import make_limiters


async def test_sut_rpm_is_respected(data_dir: Path, tmp_path: Path, scripted, monkeypatch):
    monkeypatch.setenv("ICATEST_SCRIPTED_TURN_S", "0")
    fast = config(data_dir, max_conversations=4, turn_budgets=[3], concurrency=4)
    t0 = time.monotonic()
    await run_campaign(fast, tmp_path / "fast", **scripted)
    unlimited = time.monotonic() - t0
    slow = config(data_dir, max_conversations=4, turn_budgets=[3], concurrency=4,
                  sut_limits={"rpm": 600})  # one request per 0.1 s, 12 requests
    t0 = time.monotonic()
    await run_campaign(slow, tmp_path / "slow", **scripted)
    limited = time.monotonic() - t0
    assert unlimited < 0.5
    assert 1.1 - 0.05 <= limited <= 2.0  # 11 intervals of 0.1 s between 12 requests
    records = read_records(tmp_path / "slow" / "conversations.jsonl")
    assert len(records) == 4 and all(r["is_complete"] for r in records)


def test_model_limiters_are_shared_per_role(data_dir: Path):
    cfg = config(data_dir, max_conversations=1, model_limits={"rpm": 60, "max_concurrent": 2})
    limiters = make_limiters(cfg)
    assert set(limiters) == {"simulator", "turn_judge", "conversation_judge"}
    assert all(lim.rpm == 60 and lim.max_concurrent == 2 for lim in limiters.values())
    assert make_limiters(config(data_dir, max_conversations=1)) == {}


def test_durations_and_strict_config(data_dir: Path):
    assert parse_duration("4h") == 14400 and parse_duration("15m") == 900
    assert parse_duration("90s") == 90 and parse_duration(5) == 5
    with pytest.raises(ValueError):
        parse_duration("soon")
    with pytest.raises(ValueError, match="extra|Extra"):
        config(data_dir, max_conversations=1, budgett="1h")
    with pytest.raises(ValueError, match="budget"):
        config(data_dir)


async def test_manifest_has_no_secrets(data_dir: Path, tmp_path: Path, scripted, monkeypatch):
    monkeypatch.setenv("MY_TOKEN", "sk-live-very-secret")
    sut_file = tmp_path / "sut.yaml"
    sut_file.write_text(
        "kind: openai\nurl: https://user:pw@api.example.com/v1?key=sk-live-very-secret\n"
        "headers:\n  Authorization: Bearer ${MY_TOKEN}\napi_key: sk-live-very-secret\n"
    )
    cfg = config(data_dir, sut=None, sut_config=str(sut_file), max_conversations=1)
    await run_campaign(cfg, tmp_path / "run", **scripted)
    text = (tmp_path / "run" / "manifest.json").read_text()
    assert "very-secret" not in text and "MY_TOKEN" not in text and "pw@" not in text
    stored = json.loads(text)["config"]["sut_config_content"]
    assert stored["headers"]["Authorization"] == REDACTED and stored["kind"] == "openai"
    assert redact({"x": "plain", "n": 3}) == {"x": "plain", "n": 3}
