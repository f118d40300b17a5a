"""Outages are paused time, and resume finishes the job (issue 29, item 1).

The reference assistant is killed a few seconds into `fuzz --budget`; the circuit breaker probes
it for the grace period and ends the campaign `sut_down`. That probing time is not spent budget
(the summary says so). `--resume` with the assistant still down says how many conversations are
still to redo and exits 3; with the assistant back it redoes every interrupted one first, whatever
budget is left, then goes on, and only then says `completed`.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from reliability_helpers import check_run_accounts, run_cli, write_yaml

from icatest.storage.rundir import read_records
from icatest.sut.reference import start_background
from icatest.testing import free_port

BUDGET_S = 12
GRACE_S = 5


def _argv(sut: Path, run: Path) -> list[str]:
    return ["fuzz", "--quiet", "--no-preflight", "--turn-budgets", "4", "--rng-seed", "5",
            "--concurrency", "3", "--outage-after", "2", "--outage-grace", f"{GRACE_S}s",
            "--budget", f"{BUDGET_S}s", "--sut-config", str(sut), "--out", str(run)]


def _last(out: str) -> str:
    """The summary line (the `next: icatest report DIR` hint follows it)."""
    return [ln for ln in out.splitlines() if ln.strip() and not ln.startswith("next: ")][-1]


@pytest.mark.slow
def test_outage_pauses_the_budget_and_resume_redoes_the_interrupted(tmp_path: Path) -> None:
    port = free_port()
    run = tmp_path / "run"
    sut = write_yaml(tmp_path / "sut.yaml", {
        "kind": "http", "url": f"http://127.0.0.1:{port}/api/converse",
        "body": {"session": "{{ session_id }}", "text": "{{ utterance }}",
                 "context": "{{ context }}"},
        "timeout_s": 2, "retries": 1, "backoff_base_s": 0.01, "backoff_max_s": 0.05,
    })
    argv = _argv(sut, run)

    # 1. the assistant dies a few seconds in
    first: dict[str, Any] = {}
    ref = start_background(profile="none", port=port, latency_ms=40)
    t0 = time.monotonic()
    thread = threading.Thread(target=lambda: first.update(res=run_cli(argv)))
    thread.start()
    while len(read_records(run / "conversations.jsonl")) < 3:
        assert time.monotonic() - t0 < 60 and thread.is_alive(), first
        time.sleep(0.05)
    ref.stop()
    thread.join(120)
    wall = time.monotonic() - t0
    res = first["res"]
    assert res.code == 3, res.err
    last = _last(res.out)
    assert last.startswith("sut_down:") and "while the assistant was down" in last, last
    manifest = json.loads((run / "manifest.json").read_text())
    paused = manifest["sessions"][-1]["paused_s"]
    assert GRACE_S - 1 <= paused <= GRACE_S + 3, paused  # the breaker probed for the grace
    assert f"paused {paused:.0f} s" in last
    # the probing is not spent budget: elapsed (budget time) is the wall time less the pause
    assert manifest["elapsed_s"] <= wall - paused + 1.0
    done = {r["scenario_index"] for r in read_records(run / "conversations.jsonl")}
    lost = {r["scenario_index"] for r in read_records(run / "interrupted.jsonl")} - done
    assert lost, "the outage interrupted nothing"

    # 2. resume while it is still down: never "completed", says how many are left, exit 3
    down = run_cli([*argv, "--resume"])
    assert down.code == 3, down.err
    assert not _last(down.out).startswith("completed")
    done = {r["scenario_index"] for r in read_records(run / "conversations.jsonl")}
    left = {r["scenario_index"] for r in read_records(run / "interrupted.jsonl")} - done
    assert lost <= left  # tried again first, interrupted again (and any new one it started)
    assert f"{len(left)} still to redo (--resume)" in _last(down.out), down.out
    assert f"{len(left)} conversation(s) interrupted by an outage are still to redo" in down.err
    lost = left

    # 3. the assistant is back: the interrupted ones are redone first, then the campaign goes on
    with start_background(profile="none", port=port, latency_ms=40):
        again = run_cli([*argv, "--resume"])
    assert again.code == 0, again.err
    last = _last(again.out)
    assert last.startswith("completed:") and f"{len(lost)} redone" in last, last
    acc = check_run_accounts(run)
    indices = [r["scenario_index"] for r in acc["records"]]
    assert len(indices) == len(set(indices))  # each scenario once
    assert lost <= set(indices)
    events = [json.loads(line) for line in (run / "events.jsonl").read_text().splitlines()]
    session = [e for e in events if e["event"] == "campaign_started"][-1]
    assert session["to_redo"] == len(lost)
    redone = [e for e in events
              if e["event"] == "conversation_started" and e["ts"] >= session["ts"]]
    # the redone scenarios started before any new one
    assert [e["scenario_index"] for e in redone[: len(lost)]] == sorted(lost)
    assert all(e["redo"] for e in redone[: len(lost)])
