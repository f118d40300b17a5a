"""The conftest guard refuses real providers and lets loopback through."""

from __future__ import annotations

import socket

import pytest
from network_guard import RealNetworkAttempt, allowed_host


@pytest.mark.parametrize(
    ("host", "allowed"),
    [
        ("127.0.0.1", True),
        ("::1", True),
        ("localhost", True),
        ("10.1.2.3", True),
        ("api.openai.com", False),
        ("8.8.8.8", False),
        ("2001:4860:4860::8888", False),
    ],
)
def test_allowed_hosts(host: str, allowed: bool) -> None:
    assert allowed_host(host) is allowed


def test_providers_are_refused_and_recorded(no_real_providers: list[str]) -> None:
    with pytest.raises(RealNetworkAttempt, match="api.openai.com"):
        socket.getaddrinfo("api.openai.com", 443)
    with pytest.raises(RealNetworkAttempt, match="8.8.8.8"), socket.socket() as s:
        s.connect(("8.8.8.8", 443))
    assert no_real_providers == ["api.openai.com", "8.8.8.8"]
    no_real_providers.clear()  # recorded attempts fail a test at teardown; this one is the check


def test_loopback_still_works() -> None:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(1)
        with socket.create_connection(server.getsockname(), timeout=2):
            pass
