"""Serve an ASGI app with uvicorn in a background thread on a loopback port.

Used by `--sut reference` (the reference assistant for the duration of a command) and by the
fake model endpoint of tests and benchmarks: real HTTP, because timeouts, refused connections and
malformed bodies are transport behaviour that in-process fakes cannot reproduce.
"""

from __future__ import annotations

import socket
import threading
import time
from types import TracebackType
from typing import Any

import uvicorn


class BackgroundServer:
    """One uvicorn server on 127.0.0.1; `base_url` is known as soon as the object exists."""

    def __init__(self, app: Any, *, host: str = "127.0.0.1", port: int = 0) -> None:
        # proto IPPROTO_TCP (not 0): asyncio sets TCP_NODELAY on accepted connections only for
        # TCP-proto sockets; without it Nagle + delayed ACK add ~40 ms to keep-alive requests
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind((host, port))
        self.host, self.port = self._sock.getsockname()[:2]
        config = uvicorn.Config(
            app,
            log_level="warning",
            access_log=False,
            lifespan="off",
            timeout_graceful_shutdown=1,
            timeout_keep_alive=2,
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._run, name=f"uvicorn-{self.port}", daemon=True)

    @property
    def listening(self) -> tuple[str, int]:
        """The address the listening socket is really bound to."""
        host, port = self._sock.getsockname()[:2]
        return str(host), int(port)

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def _run(self) -> None:
        self._server.run(sockets=[self._sock])

    def start(self, timeout_s: float = 10.0) -> BackgroundServer:
        self._thread.start()
        deadline = time.monotonic() + timeout_s
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"server on {self.base_url} did not start")
            time.sleep(0.01)
        return self

    def stop(self, timeout_s: float = 5.0) -> None:
        self._server.should_exit = True
        if self._thread.is_alive():
            self._thread.join(timeout_s)
        if self._thread.is_alive():  # requests still hanging: stop without waiting for them
            self._server.force_exit = True
            self._thread.join(timeout_s)
        self._sock.close()

    def __enter__(self) -> BackgroundServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


def free_port() -> int:
    """A port nobody listens on right now (for refused-connection tests)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])
