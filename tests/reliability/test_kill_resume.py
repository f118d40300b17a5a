"""Nothing lost: `icatest fuzz` killed with SIGKILL again and again, then resumed, ends with
exactly the conversations an uninterrupted run has; SIGINT/SIGTERM stop gracefully.

tests/campaigns/test_resume.py kills a scripted-engine run once; this suite kills the real CLI
(real engine, offline roles, reference assistant over HTTP) at random moments in a loop.
"""

from __future__ import annotations

import json
import os
import random
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from reliability_helpers import REPO, TALLY, check_run_accounts, jsonl, run_cli, write_yaml

from icatest.sut.reference import start_background

N = 18
BASE = ["fuzz", "--max-conversations", str(N), "--concurrency", "3", "--rng-seed", "5",
        "--turn-budgets", "4,6", "--run-id", "kill-5", "--quiet"]  # fixed id: the same dice


@pytest.fixture(scope="module")
def slow_reference() -> Iterator[Any]:
    """One reference assistant with 25 ms latency, shared by every run of this module."""
    with start_background(profile="default", latency_ms=25) as ref:
        yield ref


def _sut_file(tmp: Path, ref: Any) -> Path:
    return write_yaml(tmp / "sut.yaml", {
        "kind": "http", "url": ref.base_url + "/api/converse",
        "body": {"session": "{{ session_id }}", "text": "{{ utterance }}",
                 "context": "{{ context }}"},
        "timeout_s": 5, "retries": 1, "backoff_base_s": 0.01,
    })


def _cmd(args: list[str]) -> list[str]:
    return [sys.executable, "-m", "icatest", *args]


def _popen(args: list[str]) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(_cmd(args), cwd=REPO, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _n_lines(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def _key(rec: dict[str, Any]) -> tuple[Any, ...]:
    """What makes scenario i scenario i (the run id inside conversation ids differs per run)."""
    return (rec["scenario_index"], rec["seed_id"], rec["persona"], rec["max_turns"],
            rec["context"].get("id"), rec["rng_seed"], rec["conversation_id"].rsplit("-", 1)[1])


@pytest.mark.slow
def test_repeated_sigkill_and_resume_loses_nothing(slow_reference: Any, tmp_path: Path) -> None:
    sut = _sut_file(tmp_path, slow_reference)
    args = [*BASE, "--sut-config", str(sut)]
    fresh = run_cli([*args, "--out", str(tmp_path / "fresh")])
    assert fresh.code == 0, fresh.err

    run = tmp_path / "killed"
    convs = run / "conversations.jsonl"
    rng = random.Random(2024)
    kills, starts, torn = 0, 0, False
    while kills < 4 and starts < 8:
        resume = ["--resume"] if (run / "manifest.json").exists() else []
        proc = _popen([*args, "--out", str(run), *resume])
        starts += 1
        deadline = time.monotonic() + 60
        while not (run / "manifest.json").exists() and proc.poll() is None:
            assert time.monotonic() < deadline, "campaign never started"
            time.sleep(0.02)
        start_lines = _n_lines(convs)
        while _n_lines(convs) == start_lines and proc.poll() is None:  # mid-work, not at start
            assert time.monotonic() < deadline
            time.sleep(0.01)
        time.sleep(rng.uniform(0.0, 0.4))
        if proc.poll() is not None:
            proc.communicate()
            break
        os.kill(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=10)
        kills += 1
        if kills == 2 and not torn:  # the worst moment: half a record on disk
            with convs.open("ab") as fh:
                fh.write(b'{"conversation_id": "torn-by-test", "turns": [{"user": "Take')
            torn = True
    assert kills >= 3, "the run finished before it could be killed three times"
    final = subprocess.run(_cmd([*args, "--out", str(run), "--resume"]), cwd=REPO, text=True,
                           capture_output=True, timeout=120)
    assert final.returncode == 0, final.stderr
    assert "Traceback" not in final.stderr

    got = check_run_accounts(run)["records"]
    want = check_run_accounts(tmp_path / "fresh")["records"]
    assert len(got) == N and sorted(map(_key, got)) == sorted(map(_key, want))
    assert b"torn-by-test" not in convs.read_bytes()
    events = jsonl(run / "events.jsonl")
    assert torn and any(e["event"] == "torn_line_repaired" for e in events)
    manifest = json.loads((run / "manifest.json").read_text())
    assert manifest["status"] == "completed" and len(manifest["sessions"]) == starts + 1
    jsonl(run / "progress.jsonl")
    TALLY["kills_survived"] += kills
    TALLY["conversations_lost"] += N - len({r["scenario_index"] for r in got})


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_signal_stops_gracefully_and_says_how_to_resume(
    slow_reference: Any, tmp_path: Path, sig: signal.Signals
) -> None:
    sut = _sut_file(tmp_path, slow_reference)
    run = tmp_path / "run"
    proc = _popen([*BASE, "--sut-config", str(sut), "--out", str(run)])
    deadline = time.monotonic() + 60
    while _n_lines(run / "conversations.jsonl") < 2 and proc.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert proc.poll() is None, "finished before the signal"
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, (out, err)
    assert "Traceback" not in err
    assert out.startswith("interrupted:")
    hint = [line for line in err.splitlines() if line.startswith("resume with: icatest ")]
    assert len(hint) == 1 and hint[0].endswith("--resume")
    manifest = json.loads((run / "manifest.json").read_text())
    assert manifest["status"] == "interrupted" and manifest["ended_at"]
    partial = check_run_accounts(run)["records"]
    assert 2 <= len(partial) < N
    for rec in partial:  # in-flight conversations end with a marked partial record
        assert rec["is_complete"] or rec["termination_reason"] == "cancelled"

    # the printed command, run as printed, finishes the campaign
    resume_args = shlex.split(hint[0].removeprefix("resume with: "))[1:]
    done = subprocess.run(_cmd(resume_args), cwd=REPO, text=True, capture_output=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    recs = check_run_accounts(run)["records"]
    assert len(recs) == N
    assert sorted(r["scenario_index"] for r in recs) == list(range(N))
