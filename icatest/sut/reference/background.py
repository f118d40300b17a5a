"""Run the reference assistant with uvicorn in a background thread on a loopback port."""

from __future__ import annotations

import time
from pathlib import Path
from types import TracebackType
from typing import Any

import httpx

from icatest.errors import IcatestError
from icatest.net.serving import BackgroundServer
from icatest.sut.reference.app import ServerConfig, create_app
from icatest.sut.reference.faults import FaultProfile, Transport, load_profile

STARTUP_TIMEOUT_S = 15.0


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

    def __init__(self, server: BackgroundServer, app: Any) -> None:
        self._server, self.app = server, app
        self.host, self.port = server.host, server.port
        self.base_url = server.base_url

    def oracle(self, conversation_id: str) -> list[dict[str, Any]]:
        faults: list[dict[str, Any]] = self.app.state.oracle.get(conversation_id)
        return faults

    @property
    def listening(self) -> tuple[str, int]:
        return self._server.listening

    @property
    def transport_counts(self) -> dict[str, int]:
        return dict(self.app.state.transport.counts)

    def stop(self) -> None:
        self._server.stop()

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
    app = create_app(config)
    try:
        server = BackgroundServer(app, host=host, port=port).start(STARTUP_TIMEOUT_S)
    except (OSError, RuntimeError) as exc:
        raise IcatestError(f"reference assistant cannot start on {host}:{port}: {exc}") from None
    running = RunningReference(server, app)
    _wait_healthy(running)
    return running


def _wait_healthy(running: RunningReference) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT_S
    with httpx.Client(trust_env=False, timeout=1.0) as client:
        while time.monotonic() < deadline:
            try:
                if client.get(f"{running.base_url}/health").status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
    running.stop()
    raise IcatestError(f"reference assistant did not answer /health within {STARTUP_TIMEOUT_S:g} s")
