"""The engine's only view of an assistant: one session per conversation, text in, text out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from icatest.contracts.records import SutReply


class AssistantSession(Protocol):
    """One conversation with the assistant under test."""

    async def send(self, utterance: str) -> SutReply:
        """Send one user turn. Never raises for transport problems: `SutReply.error` says why."""
        ...

    async def close(self) -> None: ...


class Assistant(Protocol):
    """A factory of sessions; adapters implement this.

    `context` (location, date, time, vehicle state) is passed on as the adapter can: a first
    system message for chat endpoints, `{{ context }}` in HTTP body templates.
    """

    name: str

    def session(
        self, conversation_id: str, *, context: Mapping[str, Any] | None = None
    ) -> AssistantSession: ...

    async def aclose(self) -> None: ...


@runtime_checkable
class PreloadableSession(Protocol):
    """A session that can start from a given conversation (OpenAI messages, an HTTP body with
    `{{ history }}`, an in-process callable). `preload` returns False when this endpoint cannot
    carry a given history (its server keeps its own sessions); the caller then replays turns."""

    def preload(self, messages: list[dict[str, str]]) -> bool: ...
