"""Budgets: time (ends within one turn of the deadline), cost, conversation cap, interrupts."""

from __future__ import annotations

import asyncio
import os
import signal
import time

import pytest
from campaign_helpers import config

from icatest.campaigns import read_manifest, read_records, run_campaign

TURN_S = 0.4


async def test_time_budget_ends_within_one_turn(data_dir, tmp_path, scripted, monkeypatch):
    monkeypatch.setenv("ICATEST_SCRIPTED_TURN_S", str(TURN_S))
    t0 = time.monotonic()
    result = await run_campaign(config(data_dir, budget_s="3s", concurrency=4), tmp_path / "run",
                                **scripted)
    took = time.monotonic() - t0
    assert 3.0 <= took <= 3.0 + TURN_S + 0.4, took
    records = read_records(tmp_path / "run" / "conversations.jsonl")
    assert result.status == "completed" and len(records) == result.conversations
    started = [r["started_at"] for r in records]
    assert max(started) <= min(started) + 3.0 + 0.05  # nothing starts after the deadline
    partial = [r for r in records if r["termination_reason"] == "budget_exhausted"]
    assert len(partial) == 4  # the four conversations in flight at the deadline
    assert all(not r["is_complete"] and 0 < len(r["turns"]) < r["max_turns"] for r in partial)
    assert read_manifest(tmp_path / "run")["status"] == "completed"


async def test_conversation_cap_and_cost_budget(data_dir, tmp_path, scripted, monkeypatch):
    capped = await run_campaign(config(data_dir, max_conversations=5), tmp_path / "a", **scripted)
    assert capped.conversations == 5
    assert all(r["is_complete"] for r in read_records(tmp_path / "a" / "conversations.jsonl"))

    monkeypatch.setenv("ICATEST_SCRIPTED_COST", "0.01")  # 6-10 turns: 0.06-0.10 USD each
    costly = await run_campaign(
        config(data_dir, max_conversations=50, max_cost_usd=0.25), tmp_path / "b", **scripted
    )
    records = read_records(tmp_path / "b" / "conversations.jsonl")
    assert 2 <= costly.conversations < 10
    assert any(r["termination_reason"] == "cost_exhausted" for r in records)
    spent = sum(u["cost_usd"] for r in records for u in r["usage"].values())
    assert 0.25 <= spent <= 0.25 + 3 * 0.01 + 1e-9  # at most one extra turn per lane


async def test_sigint_stops_starting_marks_interrupted(data_dir, tmp_path, scripted, monkeypatch):
    monkeypatch.setenv("ICATEST_SCRIPTED_TURN_S", "0.2")
    loop = asyncio.get_running_loop()
    loop.call_later(1.0, os.kill, os.getpid(), signal.SIGINT)
    t0 = time.monotonic()
    result = await run_campaign(config(data_dir, budget_s=30), tmp_path / "run", **scripted)
    assert time.monotonic() - t0 < 1.0 + 0.2 + 0.5
    assert result.status == "interrupted"
    manifest = read_manifest(tmp_path / "run")
    assert manifest["status"] == "interrupted" and manifest["ended_at"] is not None
    records = read_records(tmp_path / "run" / "conversations.jsonl")
    assert [r for r in records if r["termination_reason"] == "cancelled"]


async def test_existing_run_needs_resume(data_dir, tmp_path, scripted):
    from icatest.rundir import RunDirError

    await run_campaign(config(data_dir, max_conversations=1), tmp_path / "r", **scripted)
    with pytest.raises(RunDirError, match="--resume"):
        await run_campaign(config(data_dir, max_conversations=1), tmp_path / "r", **scripted)
    with pytest.raises(RunDirError, match="rng_seed"):
        await run_campaign(config(data_dir, max_conversations=2, rng_seed=9), tmp_path / "r",
                           resume=True, **scripted)
