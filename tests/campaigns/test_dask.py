"""Dask scale-out: a real LocalCluster on loopback produces a run shaped like a local run."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

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
