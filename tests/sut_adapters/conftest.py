"""Fixtures for the adapter tests: a scriptable converse server on loopback."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sut_fault_server import ConverseServer

from icatest.testing import BackgroundServer


@pytest.fixture
def converse() -> Iterator[ConverseServer]:
    srv = ConverseServer()
    srv.server = BackgroundServer(srv.app()).start()
    try:
        yield srv
    finally:
        srv.server.stop()
