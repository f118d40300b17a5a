"""open_assistant: CLI options to an Assistant, reference started and stopped around it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sut_fault_server import ConverseServer

from icatest.errors import ConfigError
from icatest.sut.adapters import HttpAssistant, OpenAIAssistant, open_assistant
from icatest.testing import BackgroundServer, FakeOpenAI, free_port


async def test_url_opens_openai_adapter() -> None:
    with FakeOpenAI(["hello driver"]) as fake:
        async with open_assistant(fake.base_url + "/v1", model="m1") as assistant:
            assert isinstance(assistant, OpenAIAssistant)
            reply = await assistant.session("c1", context={"time": "08:00"}).send("hi")
    assert reply.text == "hello driver"
    assert fake.requests[0].model == "m1"


async def test_sut_config_file(converse: ConverseServer, tmp_path: Path) -> None:
    path = tmp_path / "sut.yaml"
    path.write_text(f"kind: http\nurl: {converse.url}\nreply_path: reply\n")
    async with open_assistant(None, path) as assistant:
        assert isinstance(assistant, HttpAssistant)
        reply = await assistant.session("c").send("hello")
    assert reply.text == "echo: hello"


async def test_context_mode_omit_drops_context() -> None:
    with FakeOpenAI() as fake:
        async with open_assistant(fake.base_url + "/v1", context_mode="omit") as assistant:
            await assistant.session("c", context={"time": "08:00"}).send("hi")
    assert [m["role"] for m in fake.requests[0].messages] == ["user"]


@pytest.mark.parametrize(("sut", "path"), [("ftp://x", None), (None, None), ("http://x", "y")])
async def test_bad_options(sut: str | None, path: str | None) -> None:
    with pytest.raises(ConfigError):
        async with open_assistant(sut, Path(path) if path else None):
            pass


async def test_reference_is_started_and_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stand-in for icatest.sut.reference.start_background: options passed, stop called."""
    started: list[dict[str, Any]] = []
    srv = ConverseServer()

    class Running:
        def __init__(self) -> None:
            self.server = BackgroundServer(srv.app()).start()
            srv.server = self.server
            self.base_url = self.server.base_url
            self.stopped = False

        def stop(self) -> None:
            self.server.stop()
            self.stopped = True

    def start_background(**kw: Any) -> Running:
        started.append(kw)
        running = Running()
        started.append({"running": running})
        return running

    import icatest.sut.reference

    monkeypatch.setattr(icatest.sut.reference, "start_background", start_background)
    async with open_assistant("reference:none", latency_ms=5) as assistant:
        assert assistant.name == "reference:none"
        session = assistant.session("conv-42", context={"location": "Garching"})
        reply = await session.send("Open the sunroof")
    assert started[0] == {"profile": "none", "latency_ms": 5}
    assert started[1]["running"].stopped
    assert reply.text == "echo: Open the sunroof"
    body = srv.requests[0]["body"]
    assert body == {
        "session": "conv-42",
        "text": "Open the sunroof",
        "context": {"location": "Garching"},
    }


async def test_refused_reference_url_in_config(tmp_path: Path) -> None:
    path = tmp_path / "sut.yaml"
    path.write_text(f"kind: openai\nurl: http://127.0.0.1:{free_port()}/v1\nretries: 0\n")
    async with open_assistant(None, path) as assistant:
        reply = await assistant.session("c").send("hi")
    assert reply.error is not None and reply.error.startswith("connection:")


async def test_real_reference_assistant_over_loopback() -> None:
    async with open_assistant("reference:none", retries=0) as assistant:
        session = assistant.session("conv-ref-1", context={"location": "Munich, Marienplatz"})
        first = await session.send("Take me to Munich Airport")
        second = await session.send("Set the temperature to 21 degrees")
    assert first.error is None and "Munich Airport" in (first.text or ""), first
    assert second.error is None and "21" in (second.text or ""), second
    assert first.latency_s > 0
