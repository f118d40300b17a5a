"""`icatest bench scale`: the run grown from a campaign's records, the report measured in a
child process, and the whole command end to end (slow: it runs an offline campaign)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from runfactory import known_run_records, write_run

from icatest.bench.scale import grow_run
from icatest.bench.scale_child import report
from icatest.storage.rundir import read_conversations, read_manifest

REPO = Path(__file__).resolve().parents[2]


def test_grown_run_has_fresh_ids_and_indices_and_grows_by_the_difference(tmp_path: Path):
    seed = write_run(tmp_path / "seed", known_run_records())
    n_seed = len(known_run_records())
    assert grow_run(seed, tmp_path / "run", 3 * n_seed + 2) == 3 * n_seed + 2
    records = read_conversations(tmp_path / "run").records
    assert len({r.conversation_id for r in records}) == len(records) == 3 * n_seed + 2
    assert [r.scenario_index for r in records] == list(range(len(records)))
    assert records[n_seed].turns == records[0].turns  # a clone, said so in the figures
    assert grow_run(seed, tmp_path / "run", 3 * n_seed + 7) == 5  # only what is missing
    assert read_manifest(tmp_path / "run").conversations == 3 * n_seed + 7


def test_report_child_measures_a_report_it_wrote(tmp_path: Path):
    run = write_run(tmp_path / "run", known_run_records())
    figures = report(run, "hashing")
    assert (run / "report.html").stat().st_size > 10_000 and (run / "metrics.json").exists()
    assert figures["wall_s"] >= 0 and figures["peak_rss_mb"] > 50


@pytest.mark.slow
def test_bench_scale_end_to_end(tmp_path: Path):
    argv = [sys.executable, "-m", "icatest", "bench", "scale", "--conversations", "60",
            "--campaign", "12", "--grow", "5", "--model", "hashing", "--json",
            "--keep", str(tmp_path / "work")]  # fmt: skip
    done = subprocess.run(argv, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(REPO)},
                          capture_output=True, text=True, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(done.stdout)
    assert figures["campaign"]["conversations"] == 12
    campaign = figures["campaign"]
    assert campaign["rss_half_mb"] is not None and 50 < campaign["rss_half_mb"]
    # the half and the whole are separate child processes: the whole may peak a little lower
    assert campaign["peak_rss_mb"] >= 0.9 * campaign["peak_rss_half_mb"] > 45
    assert len(read_conversations(tmp_path / "work" / "run").records) == 65
    assert figures["report"]["wall_s"] > 0 and figures["report_html_mb"] > 0
    page = figures["page"]
    assert page["dom_content_loaded_ms"] is None or page["search_filters"] is True
