"""A scriptable converse-style JSON server on loopback for the adapter fault tests."""

from __future__ import annotations

import asyncio
import threading
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from icatest.testing import BackgroundServer

FAST = {"backoff_base_s": 0.01, "backoff_max_s": 0.05, "retry_after_cap_s": 2.0}


def fast_policy(**kw: Any) -> dict[str, Any]:
    return {"timeout_s": 2.0, "retries": 2, **FAST, **kw}


@dataclass
class ConverseServer:
    """Replies `{"session", "reply", "turn", "nested": {...}}` unless a fault is queued."""

    faults: deque[str] = field(default_factory=deque)
    requests: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    server: BackgroundServer | None = None

    @property
    def url(self) -> str:
        assert self.server is not None
        return self.server.base_url + "/api/converse"

    def queue(self, *faults: str) -> None:
        with self.lock:
            self.faults.extend(faults)

    def app(self) -> FastAPI:
        app = FastAPI()

        @app.post("/api/converse")
        async def converse(request: Request) -> Response:
            raw = await request.body()
            entry = {"headers": dict(request.headers), "raw": raw.decode()}
            try:
                entry["body"] = await request.json()
            except ValueError:
                entry["body"] = None
            with self.lock:
                self.requests.append(entry)
                fault = self.faults.popleft() if self.faults else "ok"
            return await self._respond(fault, entry)

        return app

    async def _respond(self, fault: str, entry: dict[str, Any]) -> Response:
        body = entry["body"] or {}
        if fault == "500":
            # a careless server echoing the request headers in its error page
            auth = entry["headers"].get("authorization", "")
            return PlainTextResponse(f"boom{'.' * 100} {auth}", status_code=500)
        if fault == "503":
            return JSONResponse({"error": "unavailable"}, status_code=503)
        if fault == "401":
            return JSONResponse({"error": "bad key"}, status_code=401)
        if fault == "400":
            return JSONResponse({"error": "bad input"}, status_code=400)
        if fault.startswith("429"):
            after = fault.partition(":")[2] or "0.2"
            headers = {"Retry-After": after}
            return JSONResponse({"error": "slow down"}, status_code=429, headers=headers)
        if fault == "hang":
            await asyncio.sleep(5)
        if fault == "malformed":
            return PlainTextResponse('{"reply": "half', media_type="application/json")
        if fault == "empty":
            return Response(b"", media_type="application/json")
        if fault == "no_reply":
            return JSONResponse({"session": body.get("session")})
        if fault == "long":
            return JSONResponse({"reply": "x" * 30_000})
        text = body.get("text") if isinstance(body, dict) else None
        return JSONResponse(
            {
                "session": body.get("session") if isinstance(body, dict) else None,
                "reply": f"echo: {text}",
                "turn": len(self.requests) - 1,
                "choices": [{"message": {"content": f"nested {text}"}}],
            }
        )
