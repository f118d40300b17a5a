"""Reference assistant servers on loopback for the tests, and small HTTP helpers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from icatest.sut.reference import RunningReference, start_background


class Chat:
    """One /api/converse session."""

    def __init__(self, ref: RunningReference, session: str, context: dict[str, Any] | None = None):
        self.client = httpx.Client(base_url=ref.base_url, trust_env=False, timeout=10)
        self.session, self.context = session, context

    def say(self, text: str) -> str:
        body: dict[str, Any] = {"session": self.session, "text": text}
        if self.context:
            body["context"] = self.context
        r = self.client.post("/api/converse", json=body)
        assert r.status_code == 200, r.text
        reply: str = r.json()["reply"]
        return reply


def write_profile(tmp: Path, name: str, faults: str, transport: str = "") -> Path:
    path = tmp / f"{name}.yaml"
    path.write_text(f"name: {name}\nfaults:\n{faults}\n{transport}", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def none_ref() -> Iterator[RunningReference]:
    with start_background(profile="none") as ref:
        yield ref
