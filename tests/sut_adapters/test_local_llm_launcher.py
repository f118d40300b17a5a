"""The llm: launcher without llama.cpp: a stand-in server process, a crashing one, a missing extra.

The stand-in is Python's own http.server serving a folder with a `v1/models` file, so readiness,
sharing and the process-group stop are exercised for real; tests/local_llm runs the real server.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from external import REPO

from icatest.cli import main
from icatest.errors import ConfigError, IcatestError
from icatest.sut import local_llm


@pytest.fixture
def standin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """server_command replaced by a static HTTP server that answers GET /v1/models."""
    root = tmp_path / "www"
    (root / "v1").mkdir(parents=True)
    (root / "v1" / "models").write_text('{"data": []}')

    def command(path: Path, port: int) -> list[str]:
        return [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                "--directory", str(root)]  # fmt: skip

    monkeypatch.setattr(local_llm, "server_command", command)
    model = tmp_path / "tiny.gguf"
    model.write_bytes(b"GGUF")
    return model


def test_started_shared_and_stopped_as_a_group(standin: Path) -> None:
    first = local_llm.acquire(standin)
    second = local_llm.acquire(standin)
    try:
        assert first is second and first.users == 2  # one server per model file
        assert first.process.poll() is None and first.started_s > 0
    finally:
        local_llm.release(second)
        assert first.process.poll() is None  # still one user
        local_llm.release(first)
    assert first.process.poll() is not None
    assert standin not in local_llm._running


def test_a_crash_names_the_servers_stderr(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = "import sys; sys.stderr.write('gguf_init: invalid magic characters'); sys.exit(3)"
    monkeypatch.setattr(local_llm, "server_command", lambda p, port: [sys.executable, "-c", script])
    model = tmp_path / "broken.gguf"
    model.write_bytes(b"nope")
    with pytest.raises(IcatestError) as err:
        local_llm.launch(model)
    assert "exited with code 3" in str(err.value)
    assert "invalid magic characters" in str(err.value)


def test_a_server_that_never_answers_is_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[subprocess.Popen[bytes]] = []
    real_popen = subprocess.Popen

    def popen(*args: object, **kwargs: object) -> subprocess.Popen[bytes]:
        started.append(real_popen(*args, **kwargs))  # type: ignore[call-overload]
        return started[-1]

    script = "import sys, time; print('loading model', file=sys.stderr, flush=True); time.sleep(9)"

    monkeypatch.setattr(local_llm, "server_command", lambda p, port: [sys.executable, "-c", script])
    monkeypatch.setattr(local_llm.subprocess, "Popen", popen)
    model = tmp_path / "slow.gguf"
    model.write_bytes(b"GGUF")
    with pytest.raises(IcatestError) as err:
        local_llm.launch(model, timeout_s=1.0)
    assert "not ready after 1 s" in str(err.value) and "loading model" in str(err.value)
    assert started and started[0].poll() is not None  # the group was killed


def test_missing_gguf_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(local_llm, "missing_modules", lambda spec: [])
    with pytest.raises(ConfigError) as err:
        local_llm.model_file(f"llm:{tmp_path / 'absent.gguf'}")
    assert "no such GGUF file" in str(err.value) and "smollm2" in str(err.value)


@pytest.mark.parametrize(
    "argv",
    [["sut", "check", "llm:smollm2"],
     ["fuzz", "--sut", "llm:smollm2", "--max-conversations", "1", "--quiet"]],
)  # fmt: skip
def test_missing_extra_exits_2_with_the_install_line(
    argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    monkeypatch.setitem(sys.modules, "llama_cpp", None)  # as if it were not installed
    if argv[0] == "fuzz":
        argv = [*argv, "--out", str(tmp_path / "run")]
    code = main(argv)
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert len(err) == 1 and "pip install 'icatest[local]'" in err[0] and "llama_cpp" in err[0]
    assert not (tmp_path / "run").exists()


CTRL_C_SCRIPT = """
import asyncio, sys
from icatest.sut import local_llm
from icatest.sut.adapters import open_assistant

local_llm.missing_modules = lambda spec: []
local_llm.server_command = lambda path, port: [
    sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
    "--directory", sys.argv[1]]

async def main():
    async with open_assistant("llm:" + sys.argv[2]):
        print(*(s.process.pid for s in local_llm._running.values()), flush=True)
        await asyncio.sleep(60)

asyncio.run(main())
"""


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_leaves_no_server(standin: Path, tmp_path: Path, signum: int) -> None:
    """Ctrl-C (or a plain kill) of the command stops the server it started."""
    script = tmp_path / "hold.py"
    script.write_text(CTRL_C_SCRIPT)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen([sys.executable, str(script), str(tmp_path / "www"), str(standin)],
                            stdout=subprocess.PIPE, text=True, env=env)  # fmt: skip
    try:
        assert proc.stdout is not None
        server_pid = int(proc.stdout.readline())
        os.kill(server_pid, 0)  # running
        proc.send_signal(signum)
        proc.wait(20)
    finally:
        if proc.poll() is None:
            proc.kill()
    deadline = time.monotonic() + 10
    while _alive(server_pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(server_pid)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/status")
    return not (status.exists() and "\nState:\tZ" in status.read_text())
