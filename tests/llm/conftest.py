"""Every gateway test here runs through both clients: the direct one (the default for a model
litellm does not know, on an OpenAI-compatible server) and litellm (`transport: litellm`)."""

from __future__ import annotations

import pytest

from icatest.llm import direct


@pytest.fixture(autouse=True, params=["direct", "litellm"])
def transport(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "litellm":  # as if every role said `transport: litellm`
        monkeypatch.setattr(direct, "serves", lambda model, api_base: False)
    return str(request.param)
