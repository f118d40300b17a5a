"""Budgets: time (ends within one turn of the deadline), cost, conversation cap, interrupts."""

from __future__ import annotations

import asyncio
import json
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
    assert time.monotonic() - t0 >= 3.0  # the budget is used, not cut short
    records = read_records(tmp_path / "run" / "conversations.jsonl")
    assert result.status == "completed" and len(records) == result.conversations
    # event order instead of a wall-clock window: nothing starts after the deadline, and each
    # conversation in flight at the deadline finishes the turn it was in and no more
    deadline = _event_ts(tmp_path / "run", "campaign_started")[0] + 3.0
    assert max(_event_ts(tmp_path / "run", "conversation_started")) <= deadline + 0.05
    partial = [r for r in records if r["termination_reason"] == "budget_exhausted"]
    assert len(partial) == 4  # the four conversations in flight at the deadline
    assert all(not r["is_complete"] and 0 < len(r["turns"]) < r["max_turns"] for r in partial)
    for r in partial:  # turns take >= TURN_S each, so at most one began after the deadline
        assert len(r["turns"]) <= (deadline - r["started_at"]) / TURN_S + 1
    assert read_manifest(tmp_path / "run").status == "completed"


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
    sent: list[float] = []

    def interrupt() -> None:
        sent.append(time.time())
        os.kill(os.getpid(), signal.SIGINT)

    loop.call_later(1.0, interrupt)
    result = await run_campaign(config(data_dir, budget_s=30), tmp_path / "run", **scripted)
    assert result.status == "interrupted" and sent
    # nothing starts after the interrupt (event order, not a wall-clock window)
    assert max(_event_ts(tmp_path / "run", "conversation_started")) <= sent[0]
    manifest = read_manifest(tmp_path / "run")
    assert manifest.status == "interrupted" and manifest.ended_at is not None
    records = read_records(tmp_path / "run" / "conversations.jsonl")
    assert [r for r in records if r["termination_reason"] == "cancelled"]


def _event_ts(run, event: str) -> list[float]:
    lines = (run / "events.jsonl").read_text().splitlines()
    return [e["ts"] for e in map(json.loads, lines) if e.get("event") == event]


async def test_existing_run_needs_resume(data_dir, tmp_path, scripted):
    from icatest.storage.rundir import RunDirError

    await run_campaign(config(data_dir, max_conversations=1), tmp_path / "r", **scripted)
    with pytest.raises(RunDirError, match="--resume"):
        await run_campaign(config(data_dir, max_conversations=1), tmp_path / "r", **scripted)
    with pytest.raises(RunDirError, match="rng_seed"):
        await run_campaign(config(data_dir, max_conversations=2, rng_seed=9), tmp_path / "r",
                           resume=True, **scripted)
