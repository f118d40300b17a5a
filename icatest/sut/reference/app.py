"""FastAPI app of the reference assistant: OpenAI-compatible chat, /api/converse, oracle, health."""

from __future__ import annotations

import hashlib
import json
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.requests import ClientDisconnect

from icatest.config.loading import format_validation_error
from icatest.sut.reference.assistant import ReferenceAssistant
from icatest.sut.reference.context import (
    ContextError,
    DriveContext,
    context_from_messages,
    parse_context,
)
from icatest.sut.reference.faults import FaultProfile, Transport
from icatest.sut.reference.oracle import RECENT_CONVERSATIONS, Oracle
from icatest.sut.reference.state import Memory
from icatest.sut.reference.transport import TransportFaults

MAX_BODY = 64 * 1024
CLIENT_CLOSED = 499  # the status proxies log for a request its client closed
M = TypeVar("M", bound=BaseModel)


@dataclass
class ServerConfig:
    profile: FaultProfile
    lang: str = "en"
    register: str | None = None
    transport: Transport | None = None
    oracle_log: Path | None = None


class ConverseIn(BaseModel):
    model_config = ConfigDict(extra="ignore")
    session: str = Field(min_length=1, max_length=200)
    text: str = Field(max_length=8000)
    context: dict[str, Any] | None = None


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="ignore")
    role: str
    content: str | list[dict[str, Any]] | None = None

    def text(self) -> str:
        if isinstance(self.content, list):
            return " ".join(str(p.get("text", "")) for p in self.content if p.get("type") == "text")
        return self.content or ""


class ChatIn(BaseModel):
    model_config = ConfigDict(extra="ignore")
    messages: list[ChatMessage] = Field(min_length=1)
    model: str | None = None
    user: str | None = None
    metadata: dict[str, Any] | None = None


def _error(status: int, message: str, field: str | None = None) -> JSONResponse:
    body: dict[str, Any] = {"error": message}
    if field:
        body["field"] = field
    return JSONResponse(body, status_code=status)


async def _read_json(request: Request, model: type[M]) -> M | JSONResponse:
    """Size limit, JSON syntax and field validation, each with a clear 4xx."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > MAX_BODY:
        return _error(413, f"request body too large (limit {MAX_BODY} bytes)")
    raw = bytearray()
    try:
        async for chunk in request.stream():  # a chunked upload is cut off at the limit
            raw += chunk
            if len(raw) > MAX_BODY:
                return _error(413, f"request body too large (limit {MAX_BODY} bytes)")
    except ClientDisconnect:
        # the client gave up mid-request (a campaign's time budget ran out): nobody reads the
        # answer, and it is no server error to log with a traceback
        return _error(CLIENT_CLOSED, "client closed the request")
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        return _error(400, f"invalid JSON body: {exc}")
    if not isinstance(data, dict):
        return _error(422, "request body must be a JSON object")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        field, problem = format_validation_error(exc)
        return _error(422, f"{field}: {problem}", field)


class ReferenceServer:
    """Request handling: validation, transport faults, the assistant, the oracle."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.assistant = ReferenceAssistant(config.profile, config.lang, config.register)
        self.oracle = Oracle(config.oracle_log)
        self.transport = TransportFaults(
            config.transport or config.profile.transport, config.profile.seed
        )
        # the most recent sessions' memory only (see oracle.RECENT_CONVERSATIONS)
        self.sessions: OrderedDict[str, tuple[int, Memory]] = OrderedDict()

    def _context(self, raw: dict[str, Any] | None) -> DriveContext | JSONResponse:
        try:
            return parse_context(raw, self.assistant.world)
        except ContextError as exc:
            return _error(422, str(exc), f"context.{exc.field}")

    async def converse(self, request: Request) -> Response | dict[str, Any]:
        body = await _read_json(request, ConverseIn)
        if not isinstance(body, ConverseIn):
            return body
        ctx = self._context(body.context)
        if isinstance(ctx, Response):
            return ctx
        if (fault := await self.transport.apply(request.is_disconnected)) is not None:
            return fault
        turn, memory = self.sessions.get(body.session, (0, Memory()))
        result = self.assistant.respond(body.session, turn, body.text, ctx, memory)
        self.sessions[body.session] = (turn + 1, memory)
        self.sessions.move_to_end(body.session)
        while len(self.sessions) > RECENT_CONVERSATIONS:
            self.sessions.popitem(last=False)
        self.oracle.record(result.fired)
        return {"session": body.session, "reply": result.reply, "turn": turn}

    async def chat(self, request: Request) -> Response | dict[str, Any]:
        body = await _read_json(request, ChatIn)
        if not isinstance(body, ChatIn):
            return body
        users = [m.text() for m in body.messages if m.role == "user"]
        if not users:
            return _error(
                422, "messages: at least one message with role 'user' is required", "messages"
            )
        try:
            raw_ctx = context_from_messages([m.model_dump() for m in body.messages])
        except ContextError as exc:
            return _error(422, str(exc), "messages")
        if raw_ctx is None and body.metadata:
            raw_ctx = body.metadata.get("context")
        ctx = self._context(raw_ctx)
        if isinstance(ctx, Response):
            return ctx
        if (fault := await self.transport.apply(request.is_disconnected)) is not None:
            return fault
        cid = (
            request.headers.get("x-conversation-id")
            or body.user
            or hashlib.sha256(users[0].encode()).hexdigest()[:16]
        )
        memory = Memory()
        for turn, text in enumerate(users[:-1]):  # replay silently: same faults, no oracle entries
            self.assistant.respond(cid, turn, text, ctx, memory)
        result = self.assistant.respond(cid, len(users) - 1, users[-1], ctx, memory)
        self.oracle.record(result.fired)
        return _completion(result.reply, body.model, cid)


def create_app(config: ServerConfig) -> FastAPI:
    """The app; the server object (oracle, sessions, transport) lives on app.state.reference."""
    app = FastAPI(title="icatest reference in-car assistant", docs_url=None, redoc_url=None)
    server = ReferenceServer(config)
    app.state.reference = server
    app.state.oracle, app.state.transport = server.oracle, server.transport

    @app.get("/health")
    async def health() -> dict[str, Any]:
        return {
            "status": "ok",
            "profile": config.profile.name,
            "lang": config.lang,
            "register": server.assistant.register if config.lang == "ko" else None,
        }

    @app.get("/oracle/{conversation_id}")
    async def get_oracle(conversation_id: str) -> dict[str, Any]:
        return {"conversation_id": conversation_id, "faults": server.oracle.get(conversation_id)}

    @app.post("/api/converse", response_model=None)
    async def converse(request: Request) -> Response | dict[str, Any]:
        return await server.converse(request)

    @app.post("/v1/chat/completions", response_model=None)
    async def chat(request: Request) -> Response | dict[str, Any]:
        return await server.chat(request)

    return app


def _completion(reply: str, model: str | None, cid: str) -> dict[str, Any]:
    words = len(reply.split())
    return {
        "id": f"chatcmpl-ref-{hashlib.sha256((cid + reply).encode()).hexdigest()[:12]}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model or "icatest-reference",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": reply},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": 0, "completion_tokens": words, "total_tokens": words},
    }
