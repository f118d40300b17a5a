"""No test reaches a real model provider: only loopback and private addresses are reachable.

Every test except those marked `live` runs with `socket.getaddrinfo` and `socket.connect`
guarded. A name other than this machine's, or a public address, is refused with an OSError (so
the code under test fails fast, as without a network) and the attempt fails the test at
teardown even when the code under test swallowed the error (a gateway retrying, say).
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterator
from typing import Any

import pytest

_REAL_GETADDRINFO = socket.getaddrinfo
_REAL_CONNECT = socket.socket.connect
_REAL_CONNECT_EX = socket.socket.connect_ex
_LOCAL_NAMES = {None, "", "localhost", "localhost.localdomain", socket.gethostname()}


class RealNetworkAttempt(OSError):
    pass


def allowed_host(host: Any) -> bool:
    if isinstance(host, bytes):
        host = host.decode()
    if host in _LOCAL_NAMES:
        return True
    try:
        return not ipaddress.ip_address(str(host).split("%")[0]).is_global
    except ValueError:
        return False  # a DNS name: a provider, a package index, ...


@pytest.fixture(autouse=True)
def no_real_providers(request: pytest.FixtureRequest) -> Iterator[list[str]]:
    """Yields the list of refused hosts (a test of the guard itself may clear it)."""
    attempts: list[str] = []
    if request.node.get_closest_marker("live"):
        yield attempts
        return

    def refuse(host: Any) -> RealNetworkAttempt:
        attempts.append(str(host))
        return RealNetworkAttempt(f"test tried to reach {host!r} (only loopback is allowed)")

    def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        if not allowed_host(host):
            raise refuse(host)
        return _REAL_GETADDRINFO(host, *args, **kwargs)

    def connect(self: socket.socket, address: Any) -> Any:
        if isinstance(address, tuple) and not allowed_host(address[0]):
            raise refuse(address[0])
        return _REAL_CONNECT(self, address)

    def connect_ex(self: socket.socket, address: Any) -> Any:
        if isinstance(address, tuple) and not allowed_host(address[0]):
            raise refuse(address[0])
        return _REAL_CONNECT_EX(self, address)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(socket, "getaddrinfo", getaddrinfo)
        mp.setattr(socket.socket, "connect", connect)
        mp.setattr(socket.socket, "connect_ex", connect_ex)
        yield attempts
    if attempts:
        pytest.fail(f"test tried to reach the network beyond loopback: {sorted(set(attempts))}")
