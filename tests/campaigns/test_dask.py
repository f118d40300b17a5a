"""Dask scale-out: a real LocalCluster on loopback produces a run shaped like a local run."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest
from campaign_helpers import config

from icatest.campaigns import read_records, run_campaign


def _shape(run: Path) -> dict[str, object]:
    recs = read_records(run / "conversations.jsonl")
    manifest = json.loads((run / "manifest.json").read_text())
    with sqlite3.connect(run / "index.sqlite") as db:
        n_index = db.execute("SELECT count(*) FROM conversations").fetchone()[0]
    return {
        "files": sorted(p.name for p in run.iterdir() if not p.name.startswith(".")),
        "n": len(recs),
        "n_index": n_index,
        "keys": sorted(set().union(*(r.keys() for r in recs))),
        "scenarios": sorted((r["scenario_index"], r["seed_id"], r["persona"], r["max_turns"],
                             r["rng_seed"], len(r["turns"])) for r in recs),
        "status": manifest["status"],
        "manifest_keys": sorted(manifest),
    }


async def test_local_dask_run_equals_local_run(data_dir: Path, tmp_path: Path, scripted):
    local = await run_campaign(config(data_dir, max_conversations=6), tmp_path / "local",
                               **scripted)
    dask = await run_campaign(
        config(data_dir, max_conversations=6, executor="local-dask", workers=2), tmp_path / "dask",
        **scripted,
    )
    assert local.conversations == dask.conversations == 6
    a, b = _shape(tmp_path / "local"), _shape(tmp_path / "dask")
    assert a == b
    assert {p["n_index"] for p in (a, b)} == {6}


@pytest.mark.slow
async def test_dask_driver_holds_the_hard_deadline(data_dir: Path, tmp_path: Path, scripted,
                                                   monkeypatch):
    """A worker that never reports (here: a scripted turn of 60 s) cannot hold the campaign: the
    driver stops waiting REMOTE_GRACE_S after the deadline and records each of them, cut."""
    from icatest.campaigns.running.remote import REMOTE_GRACE_S

    monkeypatch.setenv("ICATEST_SCRIPTED_TURN_S", "60")
    t0 = time.monotonic()
    result = await run_campaign(
        config(data_dir, budget_s="2s", executor="local-dask", workers=1, concurrency=2),
        tmp_path / "run", **scripted,
    )
    took = time.monotonic() - t0
    records = read_records(tmp_path / "run" / "conversations.jsonl")
    assert len(records) == 2 == result.conversations  # one per task in flight
    for rec in records:
        assert rec["termination_reason"] == "budget_exhausted" and not rec["is_complete"]
        assert rec["turns"] == [] and "no result from the worker" in rec["error"]
    assert took < 2 + REMOTE_GRACE_S + 15, took  # cluster start and shutdown included
