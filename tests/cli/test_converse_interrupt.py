"""Ctrl-C in `converse` keeps the conversation: the partial record is written, one line says where
and how many turns it holds, and the command exits 130."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

# answers two turns, then hangs (after leaving a mark, so the test knows the moment)
ASSISTANT = '''
import asyncio, pathlib

async def reply(utterance, history):
    if len(history) >= 4:
        pathlib.Path("hanging").write_text("1")
        await asyncio.sleep(3600)
    return "Route to Munich Airport: 38 km, 34 min via the A9, arriving at 18:40."
'''


@pytest.mark.slow
def test_ctrl_c_writes_the_partial_conversation(tmp_path: Path) -> None:
    (tmp_path / "slow_assistant.py").write_text(ASSISTANT)
    out = tmp_path / "conv.json"
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "icatest", "converse", "--sut", "python:slow_assistant:reply",
         "--max-turns", "8", "--no-preflight", "--quiet", "--out", str(out)],
        cwd=tmp_path, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 90
    while not (tmp_path / "hanging").exists():
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the conversation never reached turn 2"
        time.sleep(0.05)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=30)
    assert time.monotonic() - sent < 10
    assert proc.returncode == 130, (stdout, stderr)
    assert "Traceback" not in stderr
    lines = [line for line in stderr.splitlines() if line.startswith("interrupted:")]
    assert lines == [f"interrupted: partial conversation (2 turns) written to {out}"], stderr
    record = json.loads(out.read_text())
    assert record["termination_reason"] == "cancelled" and record["is_complete"] is False
    assert [t["turn_number"] for t in record["turns"]] == [0, 1]
    assert all(t["system"] for t in record["turns"])
