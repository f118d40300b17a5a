"""Server-sent events as OpenAI-compatible servers send them: the JSON `data:` payloads of a
`text/event-stream` body, and the reply text joined from chat-completion chunks.

Used by the assistant adapters, which meet servers that stream whether or not they were asked to
(the model roles' OpenAI-compatible servers go through the openai SDK).
"""

from __future__ import annotations

import json
from typing import Any


def event_payloads(text: str) -> list[Any]:
    """The JSON payloads in order (multi-line data joined per event, `[DONE]` dropped).
    ValueError when an event is not JSON or no event carries data."""
    events: list[Any] = []
    for block in text.replace("\r\n", "\n").split("\n\n"):
        data = "\n".join(
            line[5:].removeprefix(" ") for line in block.split("\n") if line.startswith("data:")
        )
        if not data or data.strip() == "[DONE]":
            continue
        try:
            events.append(json.loads(data))
        except ValueError:
            raise ValueError("an event of the stream is not JSON") from None
    if not events:
        raise ValueError("event stream without data")
    return events


def first_choices(events: list[Any]) -> list[dict[str, Any]]:
    """`choices[0]` of each chunk that has one (usage-only and keep-alive chunks skipped)."""
    found = []
    for event in events:
        try:
            choice = event["choices"][0]
        except (KeyError, IndexError, TypeError):
            continue
        if isinstance(choice, dict):
            found.append(choice)
    return found


def joined_content(choices: list[dict[str, Any]]) -> str | None:
    """The reply text: `delta.content` (or a whole `message.content`) over the chunks, joined;
    None when no chunk carries a choice."""
    if not choices:
        return None
    parts = []
    for choice in choices:
        piece = (choice.get("delta") or choice.get("message") or {}).get("content")
        if isinstance(piece, str):
            parts.append(piece)
    return "".join(parts)
