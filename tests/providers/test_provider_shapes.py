"""What litellm really sends to Anthropic and Ollama for icatest's structured calls, captured by a
recording server on loopback that answers 400 (no key, no network):

* Anthropic: one request shape per model for every role's schema (litellm's native
  `output_format` where the model has it, else its forced JSON tool), and no `$ref` in it (the
  tool shape used to carry `"$ref": "/$defs/Materiality"`, unresolvable);
* Ollama: the chat API with the system and user messages apart, the schema as `format`, and the
  prompt saying the format is enforced while still carrying the schema.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from icatest.judges.final_turn import FinalJudgement
from icatest.judges.schema import ConversationJudgement, TurnJudgement
from icatest.llm import GatewayConfig, ModelGateway, ModelSpec
from icatest.llm.schemas import strict_schema
from icatest.net.serving import BackgroundServer
from icatest.preflight.role_probes import probe_for
from icatest.simulator.schema import ExtractedTargets, SimulatorTurn

MODELS: list[type[BaseModel]] = [
    TurnJudgement,
    ConversationJudgement,
    FinalJudgement,
    SimulatorTurn,
    ExtractedTargets,
]


class Recorder:
    def __init__(self) -> None:
        self.bodies: list[tuple[str, dict[str, Any]]] = []
        app = FastAPI()

        @app.post("/{path:path}")
        async def record(path: str, request: Request) -> JSONResponse:
            self.bodies.append((path, await request.json()))
            return JSONResponse(
                {"error": {"message": "recorded", "type": "invalid_request_error"}}, 400
            )

        self.server = BackgroundServer(app)


@pytest.fixture(scope="module")
def recorder() -> Iterator[Recorder]:
    rec = Recorder()
    rec.server.start()
    try:
        yield rec
    finally:
        rec.server.stop()


async def _send(
    recorder: Recorder, model: str, output: type[BaseModel]
) -> tuple[str, dict[str, Any]]:
    """One structured call of `output` (an echo prompt: only the schema matters here)."""
    spec = ModelSpec.parse(f"{model}@{recorder.server.base_url}")
    gateway = ModelGateway(
        roles={"turn_judge": spec}, config=GatewayConfig(timeout_s=5.0, max_retries=0)
    )
    before = len(recorder.bodies)
    result = await gateway.structured(
        "turn_judge", "echo_test", {"text": "hello"}, output, offline=lambda v: {}
    )
    assert result.value is None and len(recorder.bodies) == before + 1
    return recorder.bodies[-1]


def _shape(body: dict[str, Any]) -> str:
    if "output_format" in body:
        return "output_format"
    if body.get("tools"):
        return "tool"
    return "none"


@pytest.mark.parametrize("model", ["anthropic/claude-sonnet-4-5", "anthropic/claude-opus-4-1"])
async def test_anthropic_gets_one_shape_with_no_ref(recorder: Recorder, model: str) -> None:
    shapes = set()
    for output in MODELS:
        path, body = await _send(recorder, model, output)
        assert path.endswith("messages")
        text = json.dumps(body)
        assert "$ref" not in text and "$defs" not in text, output.__name__
        shapes.add(_shape(body))
        sent = body["output_format"]["schema"] if "output_format" in body else None
        if sent is None:
            sent = body["tools"][0]["input_schema"]
        assert set(sent["properties"]) == set(strict_schema(output)["properties"])
    assert len(shapes) == 1 and shapes != {"none"}, shapes


async def test_ollama_gets_chat_messages_and_the_schema_as_format(recorder: Recorder) -> None:
    spec = ModelSpec.parse(f"ollama/llama3.1@{recorder.server.base_url}")
    gateway = ModelGateway(
        roles={"turn_judge": spec}, config=GatewayConfig(timeout_s=5.0, max_retries=0)
    )
    probe = probe_for("turn_judge")
    assert probe is not None
    await probe(gateway, "turn_judge")  # the turn judge's real prompt
    path, body = recorder.bodies[-1]
    assert path == "api/chat"
    assert body["model"] == "llama3.1"
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    assert body["format"] == strict_schema(TurnJudgement)
    assert body["options"]["num_ctx"] == 16384
    system = body["messages"][0]["content"]  # a grammar enforces it, the model reads it here
    assert "(the API enforces it)" in system and '"target_updates"' in system
