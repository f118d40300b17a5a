"""Every gateway test here runs through both clients: the openai SDK (the one for an
OpenAI-compatible server, `openai/NAME@URL`) and litellm (every other provider; here forced for
the same fake server, so both clients meet the same replies)."""

from __future__ import annotations

import pytest

from icatest.llm import compatible


@pytest.fixture(autouse=True, params=["sdk", "litellm"])
def transport(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "litellm":  # as if the role named a provider litellm carries
        monkeypatch.setattr(compatible, "serves", lambda model, api_base: False)
    return str(request.param)
