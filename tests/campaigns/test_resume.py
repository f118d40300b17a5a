"""Resume after kill -9: a real subprocess is killed mid-run; nothing is lost or duplicated."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from campaign_helpers import config

from icatest.campaigns import read_records, run_campaign
from icatest.storage.rundir import ConversationLog

SCRIPT = """
import asyncio, sys
from pathlib import Path
from icatest.campaigns import CampaignConfig, run_campaign
from icatest.campaigns.running.scripted import ENGINE, OPENER
cfg = CampaignConfig.model_validate_json(sys.argv[1])
asyncio.run(run_campaign(cfg, Path(sys.argv[2]), engine=ENGINE, opener=OPENER, tick_s=0.2))
"""


def _lines(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


async def test_resume_after_sigkill(data_dir: Path, tmp_path: Path, scripted):
    run = tmp_path / "run"
    cfg = config(data_dir, max_conversations=30, concurrency=4)
    env = {**os.environ, "ICATEST_SCRIPTED_TURN_S": "0.03"}
    argv = [sys.executable, "-c", SCRIPT, cfg.model_dump_json(), str(run)]
    proc = subprocess.Popen(argv, env=env)
    try:
        deadline = time.monotonic() + 30
        while _lines(run / "conversations.jsonl") < 6 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert proc.poll() is None, "campaign finished before it could be killed"
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=10)
    before = read_records(run / "conversations.jsonl")
    assert 6 <= len(before) < 30
    # simulate the worst moment of the kill: half a line written
    with (run / "conversations.jsonl").open("ab") as fh:
        fh.write(b'{"conversation_id": "torn", "turns": [')
    assert json.loads((run / "manifest.json").read_text())["status"] == "running"

    result = await run_campaign(cfg, run, resume=True, **scripted)
    after = read_records(run / "conversations.jsonl")
    assert result.status == "completed"
    ids = [r["conversation_id"] for r in after]
    indices = sorted(r["scenario_index"] for r in after)
    assert len(ids) == len(set(ids)) == 30  # no duplicates, cap honoured across sessions
    assert indices == list(range(30))  # interrupted scenarios redone, nothing skipped
    assert after[: len(before)] == before  # completed ones kept untouched
    assert b"torn" not in (run / "conversations.jsonl").read_bytes()
    manifest = json.loads((run / "manifest.json").read_text())
    assert manifest["status"] == "completed" and len(manifest["sessions"]) == 2


def test_torn_line_is_truncated(tmp_path: Path):
    path = tmp_path / "conversations.jsonl"
    path.write_bytes(b'{"a": 1}\n{"b": 2}\n{"c": ')
    log = ConversationLog(path)
    log.close()
    assert path.read_bytes() == b'{"a": 1}\n{"b": 2}\n'
    assert log.repaired_bytes == len(b'{"c": ') and log.count == 2


async def test_resumed_scenarios_equal_fresh_ones(data_dir: Path, tmp_path: Path, scripted):
    """Scenario i depends on (rng_seed, i) only: a resumed run matches an uninterrupted one."""
    cfg = config(data_dir, max_conversations=8, rng_seed=3)
    await run_campaign(cfg, tmp_path / "fresh", **scripted)
    await run_campaign(config(data_dir, max_conversations=3, rng_seed=3), tmp_path / "split",
                       **scripted)
    await run_campaign(cfg, tmp_path / "split", resume=True, **scripted)

    def key(run: str) -> list[tuple[object, ...]]:
        recs = read_records(tmp_path / run / "conversations.jsonl")
        return sorted((r["scenario_index"], r["seed_id"], r["persona"], r["max_turns"],
                       r["context"]["id"], r["rng_seed"]) for r in recs)

    assert key("fresh") == key("split")
