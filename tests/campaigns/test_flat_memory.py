"""A campaign's memory does not grow with its length: the recorder keeps counters, not records,
and what it knows of earlier sessions it reads back from the log in one pass."""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

from campaign_helpers import config

from icatest.campaigns import run_campaign
from icatest.campaigns.recording.recorder import RunRecorder
from icatest.storage.rundir import read_conversations


async def _records(data_dir: Path, tmp_path: Path, scripted: dict[str, str]):
    cfg = config(data_dir, max_conversations=6, concurrency=3)
    await run_campaign(cfg, tmp_path / "seed", **scripted)
    return read_conversations(tmp_path / "seed").records


def _feed(recorder: RunRecorder, records, start: int, n: int) -> None:
    for i in range(start, start + n):
        base = records[i % len(records)]
        recorder.finished(base.model_copy(update={"conversation_id": f"c{i}", "scenario_index": i}))


async def test_recorder_memory_is_flat_in_campaign_length(data_dir, tmp_path, scripted):
    records = await _records(data_dir, tmp_path, scripted)
    size = sum(len(r.model_dump_json()) for r in records) / len(records)
    (tmp_path / "run").mkdir()
    recorder = RunRecorder(tmp_path / "run", "run-1", None)
    try:
        _feed(recorder, records, 0, 50)  # warm: sqlite pages, caches
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        _feed(recorder, records, 50, 400)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
        tracemalloc.stop()
    finally:
        recorder.close()
    # keeping the records (as dicts they weigh several times their JSON) would add > 400 * size
    assert grown < 0.1 * 400 * size, (grown, size)
    assert recorder.log.count == 450 and recorder.progress.conversations == 450


async def test_reopened_recorder_counts_what_the_log_holds(data_dir, tmp_path, scripted):
    records = await _records(data_dir, tmp_path, scripted)
    (tmp_path / "run").mkdir()
    first = RunRecorder(tmp_path / "run", "run-1", None)
    _feed(first, records, 0, 20)
    first.close()
    again = RunRecorder(tmp_path / "run", "run-1", None)
    try:
        assert again.log.count == 20
        assert again.done_indices() == set(range(20))
        assert again.progress.conversations == first.progress.conversations == 20
        assert again.progress.scored == first.progress.scored
        assert again.spent_usd() == first.spent_usd() > 0
        assert again.models_and_prompts() == first.models_and_prompts()
        assert again.dropped_params() == first.dropped_params()
        rows = again.index.conn.execute("SELECT COUNT(*) FROM conversations").fetchone()[0]
        assert rows == 20  # the index rebuilt from the same single pass
    finally:
        again.close()


async def test_a_finished_event_a_kill_cut_off_is_written_on_reopening(
    data_dir, tmp_path, scripted
):
    """A kill between the record's line and its `conversation_finished` event: the log is the
    truth, so the reopened recorder writes the missing event (marked recovered), once."""
    import json

    records = await _records(data_dir, tmp_path, scripted)
    run = tmp_path / "run"
    run.mkdir()
    first = RunRecorder(run, "run-1", None)
    _feed(first, records, 0, 5)
    first.close()
    events = run / "events.jsonl"
    lines = events.read_text(encoding="utf-8").splitlines()
    cut = [ln for ln in lines if '"c3"' in ln and "conversation_finished" in ln]
    assert len(cut) == 1
    events.write_text("\n".join(ln for ln in lines if ln not in cut) + "\n", encoding="utf-8")
    for _ in range(2):  # reopened twice: written the first time only
        RunRecorder(run, "run-1", None).close()
    finished = [
        json.loads(ln) for ln in events.read_text(encoding="utf-8").splitlines()
        if "conversation_finished" in ln
    ]
    by_id = {e["conversation_id"]: e for e in finished}
    assert sorted(by_id) == [f"c{i}" for i in range(5)] and len(finished) == 5
    assert by_id["c3"]["recovered"] is True and by_id["c3"]["line_no"] == 4
    assert "recovered" not in by_id["c2"]
    assert by_id["c3"]["n_turns"] == json.loads(cut[0])["n_turns"]
