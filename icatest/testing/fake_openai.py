"""A scripted OpenAI-compatible chat server on loopback, for tests and benchmarks.

The script decides what each request gets: a reply (valid JSON or any text), a delay (to trip
client timeouts), an HTTP status (429 with Retry-After, 500, 503) or any error body (`error`;
`validation_500` answers as llama-cpp-python does for a request its schema rejects), empty
choices, null content, a refusal (OpenAI's `message.refusal`), or a raw body that is not JSON at
all. Usage can report cached and reasoning tokens. Every request is recorded so tests can
assert on prompts and history; `GET /stats` gives requests per model and when the first of each
arrived (`POST /reset` zeroes them), for benchmarks that run the server in its own process.
`varying(choices, seed=...)` is a script that samples its answer from a seeded stream.

Provider quirks are emulated as real APIs answer them: models named like OpenAI's reasoning
models (`gpt-5*`, `o1*`, `o3*`, `o4*`) or listed in `strict_models` reject a temperature other
than 1 and `max_tokens` with a 400 naming the parameter; a reply longer than the request's
`max_tokens`/`max_completion_tokens` is cut there with `finish_reason: "length"`; a prompt over
`context_limit` tokens gets OpenAI's 400 `context_length_exceeded`. `response_format` is
recorded with the request like every other field.

    with FakeOpenAI([reply('{"ok": true}'), status(429, retry_after=0.1), reply("hi")]) as srv:
        await litellm.acompletion(model="openai/fake", api_base=srv.base_url + "/v1",
                                  api_key="sk-test", messages=[...])
        srv.requests[0].messages
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from icatest.net.serving import BackgroundServer


@dataclass(frozen=True)
class Action:
    """What the server does with one request."""

    text: str | None = "OK"
    status: int = 200
    retry_after: float | None = None
    delay_s: float = 0.0
    empty_choices: bool = False
    raw_body: str | None = None  # sent verbatim with content-type application/json
    cached_tokens: int = 0  # reported as prompt_tokens_details.cached_tokens
    stream: bool = False  # answer as server-sent events (also when the request asks to stream)
    refusal: str | None = None  # message.refusal, with null content
    null_content: bool = False  # message.content null
    reasoning_tokens: int = 0  # reported as completion_tokens_details.reasoning_tokens
    error_body: dict[str, Any] | None = None  # the `error` object sent with `status`
    finish_reason: str | None = None  # instead of "stop" (e.g. "content_filter")


def reply(
    text: str, *, delay_s: float = 0.0, cached_tokens: int = 0, reasoning_tokens: int = 0
) -> Action:
    """A completion; `reasoning_tokens` are reported on top of the text's own tokens."""
    return Action(
        text=text, delay_s=delay_s, cached_tokens=cached_tokens, reasoning_tokens=reasoning_tokens
    )


def status(code: int, *, retry_after: float | None = None, delay_s: float = 0.0) -> Action:
    return Action(text=None, status=code, retry_after=retry_after, delay_s=delay_s)


def hang(seconds: float) -> Action:
    """Answer only after `seconds`: longer than the client's timeout, so it gives up first."""
    return Action(text="too late", delay_s=seconds)


def streamed(text: str) -> Action:
    """The reply as a `text/event-stream` of chunk deltas, whether or not it was asked for."""
    return Action(text=text, stream=True)


def empty_choices() -> Action:
    return Action(text=None, empty_choices=True)


def malformed_body(body: str = '{"choices": [ {"message": ') -> Action:
    return Action(text=None, raw_body=body)


def refusal(text: str) -> Action:
    """A refusal as OpenAI sends one: `message.refusal` set, `content` null."""
    return Action(text=None, refusal=text)


def null_content() -> Action:
    return Action(text=None, null_content=True)


def filtered(text: str = "") -> Action:
    """A reply stopped by the provider's content filter (`finish_reason: "content_filter"`)."""
    return Action(text=text, finish_reason="content_filter")


def error(code: int, body: dict[str, Any], *, retry_after: float | None = None) -> Action:
    """HTTP `code` with `{"error": body}`."""
    return Action(text=None, status=code, error_body=body, retry_after=retry_after)


def validation_500(loc: tuple[str, ...], msg: str, value: Any) -> Action:
    """llama-cpp-python's answer to a request body its schema rejects: FastAPI's validation
    error, caught by the server's route handler and sent as HTTP 500, type
    `internal_server_error`, the error list printed into `message` (param and code null)."""
    from fastapi.exceptions import RequestValidationError

    entry = {"type": "literal_error", "loc": ("body", *loc), "msg": msg, "input": value}
    where = {"function": "create_chat_completion", "path": "POST /v1/chat/completions",
             "file": "llama_cpp/server/app.py", "line": 376}  # fmt: skip
    try:  # FastAPI >= 0.120 prints the endpoint after the errors, as the real server shows
        exc = RequestValidationError([entry], endpoint_ctx=where)  # type: ignore[arg-type]
    except TypeError:
        exc = RequestValidationError([entry])
    message = str(exc)
    body = {"message": message, "type": "internal_server_error", "param": None, "code": None}
    return error(500, body)


Messages = list[dict[str, Any]]
ScriptFn = Callable[[Messages], "Action | str"]
Script = Iterable["Action | str"] | ScriptFn


@dataclass
class RecordedRequest:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    at: float = field(default_factory=time.monotonic)

    @property
    def messages(self) -> Messages:
        msgs = self.body.get("messages")
        return msgs if isinstance(msgs, list) else []

    @property
    def model(self) -> str | None:
        model = self.body.get("model")
        return model if isinstance(model, str) else None


class FakeOpenAI:
    """The server. `script` is a queue of actions (then `default`) or a function of the messages."""

    def __init__(
        self,
        script: Script | None = None,
        *,
        default: Action | str = "OK",
        latency_s: float = 0.0,
        host: str = "127.0.0.1",
        port: int = 0,
        keep_requests: bool = True,
        strict_models: Iterable[str] = (),
        context_limit: int | None = None,
    ) -> None:
        self.requests: list[RecordedRequest] = []
        self.keep_requests = keep_requests  # False: long benchmark runs keep no history
        self.latency_s = latency_s
        self.strict_models = set(strict_models)
        self.context_limit = context_limit
        self.default = _as_action(default)
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        # per model: requests answered and the wall-clock time of the first one (GET /stats)
        self.counts: dict[str, int] = {}
        self.first_at: dict[str, float] = {}
        self._queue: deque[Action | str] = deque()
        self._fn: ScriptFn | None = None
        self.set_script(script)
        self._server = BackgroundServer(self._app(), host=host, port=port)

    # -- script -------------------------------------------------------------------------------
    def set_script(self, script: Script | None) -> None:
        """Replace the script (queue or function); recorded requests are kept."""
        with self._lock:
            self._queue.clear()
            self._fn = None
            if callable(script):
                self._fn = script
            elif script is not None:
                self._queue.extend(script)

    def push(self, *actions: Action | str) -> None:
        with self._lock:
            self._queue.extend(actions)

    def _next_action(self, messages: Messages) -> Action:
        with self._lock:
            if self._fn is not None:
                fn = self._fn
            elif self._queue:
                return _as_action(self._queue.popleft())
            else:
                return self.default
        return _as_action(fn(messages))

    # -- server -------------------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        return self._server.base_url

    def start(self) -> FakeOpenAI:
        self._server.start()
        return self

    def stop(self) -> None:
        self._server.stop()

    def __enter__(self) -> FakeOpenAI:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def _app(self) -> FastAPI:
        app = FastAPI()

        async def completions(request: Request) -> Response:
            try:
                body = await request.json()
            except ValueError:
                return JSONResponse({"error": {"message": "body is not JSON"}}, status_code=400)
            if not isinstance(body, dict):
                body = {"_": body}
            rec = RecordedRequest(request.url.path, dict(request.headers), body)
            with self._lock:
                if self.keep_requests:
                    self.requests.append(rec)
                model = rec.model or ""
                self.counts[model] = self.counts.get(model, 0) + 1
                self.first_at.setdefault(model, time.time())
            rejected = self._rejected(body)  # refused requests use up no scripted action
            if rejected is not None:
                return JSONResponse({"error": rejected}, status_code=400)
            action = self._next_action(rec.messages)
            delay = action.delay_s + self.latency_s
            if delay and not await _waited(delay, request):
                return Response(status_code=499)  # the client gave up: no task outlives it
            return self._respond(action, body)

        async def stats() -> dict[str, Any]:
            with self._lock:
                return {"requests": dict(self.counts), "first_at": dict(self.first_at)}

        async def reset() -> dict[str, Any]:
            with self._lock:
                self.counts.clear()
                self.first_at.clear()
            return {}

        app.post("/v1/chat/completions")(completions)
        app.post("/chat/completions")(completions)
        app.get("/stats")(stats)
        app.post("/reset")(reset)
        return app

    def _respond(self, action: Action, body: dict[str, Any]) -> Response:
        if action.raw_body is not None:
            return PlainTextResponse(action.raw_body, media_type="application/json")
        if action.status != 200:
            headers = {}
            if action.retry_after is not None:
                headers["Retry-After"] = f"{action.retry_after:g}"
            body = action.error_body or {
                "message": f"scripted status {action.status}",
                "type": "fake",
            }
            return JSONResponse({"error": body}, status_code=action.status, headers=headers)
        if action.stream or body.get("stream") is True:
            return Response(self._event_stream(action, body), media_type="text/event-stream")
        return JSONResponse(self._completion(action, body))

    def _rejected(self, body: dict[str, Any]) -> dict[str, Any] | None:
        """The provider's 400 for this request, as OpenAI words it, or None."""
        model = str(body.get("model", ""))
        if model in self.strict_models or model.startswith(REASONING_PREFIXES):
            temperature = body.get("temperature")
            if temperature is not None and temperature != 1:
                return _bad_param(
                    "temperature", "unsupported_value", "Only the default (1) value is supported."
                )
            if "max_tokens" in body:
                return _bad_param(
                    "max_tokens", "unsupported_parameter", "Use 'max_completion_tokens' instead."
                )
        if self.context_limit is not None:
            used = _prompt_tokens(body)
            if used > self.context_limit:
                return _bad_param(
                    "messages",
                    "context_length_exceeded",
                    f"This model's maximum context length is {self.context_limit} tokens. "
                    f"However, your messages resulted in {used} tokens.",
                )
        return None

    def _event_stream(self, action: Action, body: dict[str, Any]) -> str:
        """The completion as OpenAI streams it: a role chunk, word chunks, a stop chunk, [DONE]."""
        text = action.text or ""
        base = {
            "id": f"chatcmpl-fake-{next(self._ids)}",
            "object": "chat.completion.chunk",
            "created": int(time.time()),
            "model": body.get("model", "fake"),
        }
        pieces = [w + " " for w in text.split(" ")]
        pieces[-1] = pieces[-1][:-1]
        deltas: list[dict[str, Any]] = [{"role": "assistant", "content": ""}]
        deltas += [{"content": p} for p in pieces if p]
        chunks = [
            {**base, "choices": [{"index": 0, "delta": d, "finish_reason": None}]} for d in deltas
        ]
        chunks.append({**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
        lines = [f"data: {json.dumps(c)}\n\n" for c in chunks]
        return "".join(lines) + "data: [DONE]\n\n"

    def _completion(self, action: Action, body: dict[str, Any]) -> dict[str, Any]:
        text = action.text or ""
        prompt_tokens = _prompt_tokens(body)
        finish_reason = action.finish_reason or "stop"
        cap = body.get("max_completion_tokens") or body.get("max_tokens")
        if isinstance(cap, int) and _tokens(text) > cap:  # cut like a provider: mid-reply
            text, finish_reason = " ".join(text.split()[:cap]), "length"
        completion_tokens = _tokens(text) + action.reasoning_tokens
        cached = action.cached_tokens
        choices: list[dict[str, Any]] = []
        message: dict[str, Any] = {"role": "assistant", "content": text}
        if action.refusal is not None or action.null_content:
            message = {"role": "assistant", "content": None, "refusal": action.refusal}
        if not action.empty_choices:
            choices.append({"index": 0, "message": message, "finish_reason": finish_reason})
        return {
            "id": f"chatcmpl-fake-{next(self._ids)}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", "fake"),
            "choices": choices,
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
                "prompt_tokens_details": {"cached_tokens": min(cached, prompt_tokens)},
                "completion_tokens_details": {"reasoning_tokens": action.reasoning_tokens},
            },
        }


REASONING_PREFIXES = ("gpt-5", "o1", "o3", "o4")


def _bad_param(param: str, code: str, message: str) -> dict[str, Any]:
    return {"message": message, "type": "invalid_request_error", "param": param, "code": code}


def _prompt_tokens(body: dict[str, Any]) -> int:
    return sum(_tokens(str(m.get("content", ""))) for m in body.get("messages", []))


def varying(choices: Sequence[Action | str], *, seed: int = 0) -> ScriptFn:
    """A script that answers every request with one of `choices`, drawn from a stream seeded
    by `seed`: a model that samples, reproducibly (judge-stability tests; a fixed script would
    make every repeat agree)."""
    if not choices:
        raise ValueError("varying needs at least one choice")
    rng = random.Random(seed)
    lock = threading.Lock()

    def script(messages: Messages) -> Action | str:
        with lock:
            return rng.choice(list(choices))

    return script


def _as_action(item: Action | str) -> Action:
    return item if isinstance(item, Action) else Action(text=item)


def _tokens(text: str) -> int:
    """A stable stand-in for a tokenizer: whitespace words (at least 1 for non-empty text)."""
    return len(text.split()) or (1 if text else 0)


def _load_replies(path: str) -> ScriptFn:
    """'package.module:function' -> a script function of the messages."""
    import importlib

    module, _, name = path.partition(":")
    fn: ScriptFn = getattr(importlib.import_module(module), name)
    return fn


def main(argv: list[str] | None = None) -> None:
    """`python -m icatest.testing`: a FakeOpenAI in its own process (no GIL shared with clients).

    Prints the base URL as the first stdout line once the server accepts connections, then
    serves until SIGTERM/SIGINT.
    """
    import argparse
    import signal

    parser = argparse.ArgumentParser(prog="python -m icatest.testing")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--latency-ms", type=float, default=0.0, help="delay of every answer")
    parser.add_argument("--replies", default=None, help="module:function of the messages")
    parser.add_argument("--default", default="OK", help="reply text without --replies")
    args = parser.parse_args(argv)
    script = _load_replies(args.replies) if args.replies else None
    server = FakeOpenAI(
        script,
        default=args.default,
        latency_s=args.latency_ms / 1000.0,
        host=args.host,
        port=args.port,
        keep_requests=False,
    )
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    with server:
        print(server.base_url, flush=True)
        stop.wait()


async def _waited(seconds: float, request: Request) -> bool:
    """Sleep `seconds`; a long wait (a hang) ends early, False, once the client has gone."""
    if seconds <= 1.0:
        await asyncio.sleep(seconds)
        return True
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        await asyncio.sleep(min(0.25, left))
        if await request.is_disconnected():
            return False
    return True
