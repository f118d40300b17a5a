"""A loopback Korean assistant that answers correctly only when told the speech level.

It knows the dataset's reference answers (looked up by the user turns so far) and speaks them in
the level its system message names (`--system-message auto`, or a `speech_level=L` marker an HTTP
body template put there); told nothing, it answers in its fixed level (default 해요체, like most
production assistants). It reads the conversation from
the request's messages, so it sees a given history exactly as an OpenAI-style endpoint would.
"""

from __future__ import annotations

import json
import re
from typing import Any

from icatest.locar.honorifics import rewrite
from icatest.locar.kpi import KpiDataset
from icatest.testing import FakeOpenAI

FALLBACK = "죄송해요, 잘 모르겠어요."
_MARKERS = {"반말": "hae", "해요체": "haeyo", "합쇼체": "hapsyo"}
_LEVEL_FIELD = re.compile(r"speech_level=(hae|haeyo|hapsyo)\b")
_HISTORY_FIELD = re.compile(r"history=(\[.*\])", re.S)


def told_level(system: str) -> str | None:
    found = _LEVEL_FIELD.search(system)
    if found:
        return found.group(1)
    return next((lvl for marker, lvl in _MARKERS.items() if marker in system), None)


def user_turns(messages: list[dict[str, Any]]) -> list[str]:
    """User questions so far: the chat messages, or a history embedded in the system text."""
    users = [str(m.get("content", "")) for m in messages if m.get("role") == "user"]
    system = " ".join(str(m.get("content", "")) for m in messages if m.get("role") == "system")
    embedded = _HISTORY_FIELD.search(system)
    if embedded:
        earlier = json.loads(embedded.group(1))
        users = [m["content"] for m in earlier if m.get("role") == "user"] + users[-1:]
    return users


class LevelAwareAssistant:
    """`with LevelAwareAssistant(dataset) as srv: srv.base_url` (OpenAI-compatible, /v1)."""

    def __init__(self, dataset: KpiDataset, fixed_level: str = "haeyo") -> None:
        self.fixed_level = fixed_level
        self.answers: dict[tuple[str, ...], tuple[str, str]] = {}
        for inst in dataset.instances:
            turns = inst.turns or [inst.target]
            for n in range(len(turns)):
                key = tuple(t.question for t in turns[: n + 1])
                self.answers[key] = (turns[n].reference_answer, inst.language.value)
        self.told: list[str | None] = []
        self._server = FakeOpenAI(self.reply)

    def reply(self, messages: list[dict[str, Any]]) -> str:
        system = " ".join(str(m.get("content", "")) for m in messages if m.get("role") == "system")
        level = told_level(system)
        self.told.append(level)
        found = self.answers.get(tuple(user_turns(messages)))
        if found is None:
            return FALLBACK
        answer, language = found
        if language != "ko":
            return answer
        return rewrite(answer, level or self.fixed_level).text

    @property
    def requests(self) -> list[Any]:
        return list(self._server.requests)

    @property
    def base_url(self) -> str:
        return self._server.base_url

    def __enter__(self) -> LevelAwareAssistant:
        self._server.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.stop()
