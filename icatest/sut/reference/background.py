"""Run the reference assistant with uvicorn in a background thread on a loopback port."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path
from types import TracebackType
from typing import Any

import httpx
import uvicorn

from icatest.errors import IcatestError
from icatest.sut.reference.app import ServerConfig, create_app
from icatest.sut.reference.faults import FaultProfile, Transport, load_profile

STARTUP_TIMEOUT_S = 15.0


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def build_config(
    *,
    profile: str | Path | FaultProfile = "default",
    lang: str = "en",
    register: str | None = None,
    latency_ms: int = 0,
    error_rate: float = 0.0,
    timeout_rate: float = 0.0,
    malformed_rate: float = 0.0,
    oracle_log: str | Path | None = None,
) -> ServerConfig:
    """Profile plus overrides: non-zero arguments replace the profile's transport values."""
    prof = profile if isinstance(profile, FaultProfile) else load_profile(profile)
    base = prof.transport.model_dump()
    overrides = {
        "latency_ms": latency_ms,
        "error_rate": error_rate,
        "timeout_rate": timeout_rate,
        "malformed_rate": malformed_rate,
    }
    base.update({k: v for k, v in overrides.items() if v})
    if lang not in ("en", "ko"):
        raise IcatestError(f"unknown language {lang!r}; use en or ko")
    if register not in (None, "hae", "haeyo", "hapsyo"):
        raise IcatestError(f"unknown speech level {register!r}; use hae, haeyo or hapsyo")
    return ServerConfig(
        prof,
        lang,
        register,
        Transport.model_validate(base),
        Path(oracle_log) if oracle_log else None,
    )


class RunningReference:
    """A started server: base_url, oracle look-up, stop(); also a context manager."""

    def __init__(
        self, server: uvicorn.Server, thread: threading.Thread, app: Any, host: str, port: int
    ) -> None:
        self._server, self._thread, self.app = server, thread, app
        self.host, self.port = host, port
        self.base_url = f"http://{host}:{port}"

    def oracle(self, conversation_id: str) -> list[dict[str, Any]]:
        faults: list[dict[str, Any]] = self.app.state.oracle.get(conversation_id)
        return faults

    @property
    def transport_counts(self) -> dict[str, int]:
        return dict(self.app.state.transport.counts)

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=5)
        if self._thread.is_alive():
            self._server.force_exit = True
            self._thread.join(timeout=5)

    def __enter__(self) -> RunningReference:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


def start_background(
    *,
    profile: str | Path | FaultProfile = "default",
    host: str = "127.0.0.1",
    port: int = 0,
    lang: str = "en",
    register: str | None = None,
    latency_ms: int = 0,
    error_rate: float = 0.0,
    timeout_rate: float = 0.0,
    malformed_rate: float = 0.0,
    oracle_log: str | Path | None = None,
) -> RunningReference:
    """Start the server in a thread and return once /health answers."""
    config = build_config(
        profile=profile,
        lang=lang,
        register=register,
        latency_ms=latency_ms,
        error_rate=error_rate,
        timeout_rate=timeout_rate,
        malformed_rate=malformed_rate,
        oracle_log=oracle_log,
    )
    port = port or free_port(host)
    app = create_app(config)
    uv_config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=1,
        lifespan="off",
    )
    server = uvicorn.Server(uv_config)
    thread = threading.Thread(target=server.run, name=f"icatest-reference-{port}", daemon=True)
    thread.start()
    running = RunningReference(server, thread, app, host, port)
    _wait_healthy(running, thread)
    return running


def _wait_healthy(running: RunningReference, thread: threading.Thread) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT_S
    with httpx.Client(trust_env=False, timeout=1.0) as client:
        while time.monotonic() < deadline:
            if not thread.is_alive():
                raise IcatestError(f"reference assistant failed to start on {running.base_url}")
            try:
                if client.get(f"{running.base_url}/health").status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
    running.stop()
    raise IcatestError(f"reference assistant did not answer /health within {STARTUP_TIMEOUT_S:g} s")
