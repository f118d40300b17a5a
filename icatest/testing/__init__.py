"""Test helpers shipped with the package: loopback servers for offline tests and benchmarks."""

from icatest.net.serving import BackgroundServer, free_port
from icatest.testing.fake_openai import (
    Action,
    FakeOpenAI,
    RecordedRequest,
    empty_choices,
    error,
    filtered,
    hang,
    malformed_body,
    null_content,
    refusal,
    reply,
    status,
    streamed,
    validation_500,
)

__all__ = [
    "Action",
    "BackgroundServer",
    "FakeOpenAI",
    "RecordedRequest",
    "empty_choices",
    "error",
    "filtered",
    "free_port",
    "hang",
    "malformed_body",
    "null_content",
    "refusal",
    "reply",
    "status",
    "streamed",
    "validation_500",
]
