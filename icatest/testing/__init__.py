"""Test helpers shipped with the package: loopback servers for offline tests and benchmarks."""

from icatest.serving import BackgroundServer, free_port
from icatest.testing.fake_openai import (
    Action,
    FakeOpenAI,
    RecordedRequest,
    empty_choices,
    hang,
    malformed_body,
    reply,
    status,
    streamed,
)

__all__ = [
    "Action",
    "BackgroundServer",
    "FakeOpenAI",
    "RecordedRequest",
    "empty_choices",
    "free_port",
    "hang",
    "malformed_body",
    "reply",
    "status",
    "streamed",
]
