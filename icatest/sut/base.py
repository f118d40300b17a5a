"""The engine's only view of an assistant: one session per conversation, text in, text out."""

from __future__ import annotations

from typing import Protocol

from icatest.contracts.records import SutReply


class AssistantSession(Protocol):
    """One conversation with the assistant under test."""

    async def send(self, utterance: str) -> SutReply:
        """Send one user turn. Never raises for transport problems: `SutReply.error` says why."""
        ...

    async def close(self) -> None: ...


class Assistant(Protocol):
    """A factory of sessions; adapters implement this."""

    name: str

    def session(self, conversation_id: str) -> AssistantSession: ...

    async def aclose(self) -> None: ...
