"""The time budget is a hard deadline: whatever a model or the assistant does, `icatest fuzz`
cancels the calls in flight at the deadline, records every started conversation as cut by the
budget, and exits (3: no verdict to act on) within budget + 15 s.

Run as a user runs it (a subprocess), against a loopback server that accepts and never answers
within the run. Preflight is skipped: it probes each model once with a bounded timeout of its
own, and is not what is measured here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from icatest.testing import FakeOpenAI, hang

REPO = Path(__file__).resolve().parents[2]
BUDGET_S = 4
SLACK_S = 15  # the promise: the process ends within budget + 15 s of the campaign's start
STARTUP_S = 30  # imports, catalog and servers before the campaign starts (a busy CI machine)


def _fuzz(run: Path, *extra: str) -> tuple[subprocess.CompletedProcess[str], float]:
    """Run the campaign; returns the process and the seconds from the campaign's start (its
    first event) to the process's exit."""
    argv = [sys.executable, "-m", "icatest", "fuzz", "--budget", f"{BUDGET_S}s", "--quiet",
            "--no-preflight", "--concurrency", "3", "--turn-budgets", "4", "--out", str(run),
            *extra]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run(argv, cwd=REPO, env=env, text=True, capture_output=True,
                          timeout=STARTUP_S + BUDGET_S + SLACK_S)
    ended = time.time()
    started = _lines(run / "events.jsonl")[0]
    assert started["event"] == "campaign_started"
    return proc, ended - started["ts"]


def _lines(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _check_every_started_conversation_is_recorded(run: Path) -> list[dict]:
    events = _lines(run / "events.jsonl")
    started = {e["conversation_id"] for e in events if e["event"] == "conversation_started"}
    records = _lines(run / "conversations.jsonl")
    assert started and {r["conversation_id"] for r in records} == started
    assert not any(e["event"] == "conversation_abandoned" for e in events)
    return records


@pytest.mark.slow
def test_a_model_that_never_answers_cannot_hold_the_campaign(tmp_path: Path) -> None:
    with FakeOpenAI(default=hang(600)) as never:
        proc, wall = _fuzz(tmp_path / "run", "--sut", "reference:none",
                           "--simulator", f"openai/x@{never.base_url}/v1")
        asked = len(never.requests)
    assert proc.returncode == 3, proc.stderr
    assert wall < BUDGET_S + SLACK_S, wall
    assert asked >= 3  # every lane was stuck in a model call at the deadline
    records = _check_every_started_conversation_is_recorded(tmp_path / "run")
    for rec in records:
        assert rec["termination_reason"] == "budget_exhausted" and not rec["is_complete"]
        assert rec["success_decision"] == "unscored"
    assert "Traceback" not in proc.stderr
    assert "verdicts not usable: no conversation ran its course" in proc.stderr


@pytest.mark.slow
def test_an_assistant_that_never_answers_cannot_hold_the_campaign(tmp_path: Path) -> None:
    with FakeOpenAI(default=hang(600)) as never:
        sut = tmp_path / "sut.yaml"
        sut.write_text(yaml.safe_dump({"kind": "openai", "url": f"{never.base_url}/v1",
                                       "timeout_s": 120, "retries": 0}))
        proc, wall = _fuzz(tmp_path / "run", "--sut-config", str(sut))
    assert proc.returncode == 3, proc.stderr
    assert wall < BUDGET_S + SLACK_S, wall
    records = _check_every_started_conversation_is_recorded(tmp_path / "run")
    assert len(records) == 3  # one per lane, each cut in its first exchange
    assert all(r["termination_reason"] == "budget_exhausted" for r in records)
