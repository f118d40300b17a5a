"""The benchmark's servers, each in its own process on 127.0.0.1.

Running the reference assistant and the fake model endpoint as threads of the benchmarking
process would make them compete with the engine for the GIL, so the throughput figures would
measure the harness rather than icatest. Every process started here is terminated on exit
(try/finally), also when the benchmark fails.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

from icatest.testing import free_port

# the folder holding the icatest package this process runs (a checkout or site-packages)
PACKAGE_PARENT = Path(__file__).resolve().parents[2]
READY_TIMEOUT_S = 30.0


def child_env() -> dict[str, str]:
    """The child imports the same icatest as this process, whatever folder it runs in."""
    env = dict(os.environ)
    parts = (str(PACKAGE_PARENT), env.get("PYTHONPATH"))
    env["PYTHONPATH"] = os.pathsep.join(p for p in parts if p)
    return env


def _stop(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


@contextlib.contextmanager
def fake_llm(latency_ms: float, replies: str) -> Iterator[str]:
    """A FakeOpenAI process answering after `latency_ms`; yields its base URL."""
    cmd = [sys.executable, "-m", "icatest.testing", "--host", "127.0.0.1",
           "--latency-ms", str(latency_ms), "--replies", replies]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=child_env())
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().strip()  # printed once the server accepts connections
        if not url.startswith("http://127.0.0.1:"):
            raise RuntimeError(f"fake model endpoint did not start (exit {proc.poll()})")
        yield url
    finally:
        _stop(proc)


@contextlib.contextmanager
def reference(latency_ms: int, faults: str = "none") -> Iterator[str]:
    """`icatest sut serve` in its own process; yields its base URL once /health answers."""
    port = free_port()
    cmd = [sys.executable, "-m", "icatest", "sut", "serve", "--host", "127.0.0.1",
           "--port", str(port), "--latency-ms", str(latency_ms), "--faults", faults]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, text=True, env=child_env())
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(url, proc)
        yield url
    finally:
        _stop(proc)


def _wait_healthy(url: str, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + READY_TIMEOUT_S
    with httpx.Client(trust_env=False, timeout=1.0) as client:
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"reference assistant exited with {proc.returncode}")
            with contextlib.suppress(httpx.HTTPError):
                if client.get(f"{url}/health").status_code == 200:
                    return
            time.sleep(0.05)
    raise RuntimeError(f"reference assistant did not answer {url}/health in {READY_TIMEOUT_S} s")
