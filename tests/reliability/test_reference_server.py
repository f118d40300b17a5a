"""The reference assistant server: loopback by default, bounded requests, clear 4xx, no 500s
for bad input, hangs that end."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reliability_helpers import TALLY, write_yaml

from icatest.cli import load_command
from icatest.sut.reference import start_background
from icatest.sut.reference.app import MAX_BODY, ConverseIn, _read_json


@pytest.fixture(scope="module")
def ref() -> Iterator[Any]:
    with start_background(profile="none") as running:
        yield running


@pytest.fixture(scope="module")
def client(ref: Any) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=ref.base_url, trust_env=False, timeout=10) as c:
        yield c


def test_binds_to_loopback_by_default(ref: Any) -> None:
    assert ref.listening == ("127.0.0.1", ref.port)
    serve = load_command("sut").commands["serve"]  # commands load lazily: ask for the real one
    host = next(p for p in serve.params if p.name == "host")
    assert host.default == "127.0.0.1"


def test_chunked_oversized_body_is_refused_without_reading_it_all() -> None:
    """No Content-Length (chunked upload): the limit holds while reading, not after."""
    pulled, chunks = 0, 200  # 3.2 MB offered in 16 KiB chunks

    async def receive() -> dict[str, Any]:
        nonlocal pulled
        pulled += 1
        return {"type": "http.request", "body": b"x" * 16_384, "more_body": pulled < chunks}

    from starlette.requests import Request

    request = Request({"type": "http", "method": "POST", "headers": [], "path": "/"}, receive)
    import asyncio

    result = asyncio.run(asyncio.wait_for(_read_json(request, ConverseIn), timeout=5))
    assert getattr(result, "status_code", None) == 413
    assert pulled <= MAX_BODY // 16_384 + 2


def test_oversized_chunked_upload_gets_413(client: httpx.Client) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"session": "s", "text": "'
        for _ in range(8):
            yield b"a" * 16_384
        yield b'"}'

    r = client.post("/api/converse", content=chunks())
    assert r.status_code == 413 and "limit" in r.json()["error"]


BAD_REQUESTS = [
    (b"[1, 2, 3]", 422, None),
    (b"\xff\xfe not utf-8", 400, None),
    (b'{"session": "", "text": "hi"}', 422, "session"),
    (b'{"session": "s"}', 422, "text"),
    (json.dumps({"session": "s", "text": "x" * 9000}).encode(), 422, "text"),
    (b'{"session": "s", "text": "hi", "context": {"time": "25:99"}}', 422, "context"),
    (b'{"session": "s", "text": "hi", "context": "Garching"}', 422, "context"),
]


@pytest.mark.parametrize(("body", "code", "field"), BAD_REQUESTS)
def test_bad_requests_get_a_clear_4xx(client: httpx.Client, body: bytes, code: int,
                                      field: str | None) -> None:
    TALLY["invalid_inputs"] += 1
    r = client.post("/api/converse", content=body, headers={"content-type": "application/json"})
    assert r.status_code == code, r.text
    err = r.json()["error"]
    assert isinstance(err, str) and err
    if field:
        assert field in err


def test_wrong_method_and_path(client: httpx.Client) -> None:
    assert client.get("/api/converse").status_code == 405
    assert client.post("/nowhere", json={}).status_code == 404


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12,
)
_bodies = st.fixed_dictionaries(
    {},
    optional={"session": _json | st.text(min_size=1, max_size=10), "text": _json | st.text(),
              "context": _json | st.fixed_dictionaries({}, optional={
                  "location": _json, "time": _json, "date": _json, "vehicle": _json})},
)


@settings(max_examples=50, deadline=None)
@given(body=_bodies)
def test_random_json_never_causes_a_server_error(client: httpx.Client, body: Any) -> None:
    TALLY["invalid_inputs"] += 1
    for path in ("/api/converse", "/v1/chat/completions"):
        payload = body if path == "/api/converse" else {"messages": [body]}
        r = client.post(path, json=payload)
        assert r.status_code < 500, (path, payload, r.text)
        if r.status_code >= 400:
            assert isinstance(r.json().get("error"), str)


def test_hang_ends_with_504_after_hang_s(tmp_path: Path) -> None:
    profile = write_yaml(tmp_path / "hang.yaml", {
        "name": "hang", "transport": {"timeout_rate": 1.0, "hang_s": 0.3}})
    with start_background(profile=profile) as hanging:
        start = time.monotonic()
        r = httpx.post(hanging.base_url + "/api/converse", json={"session": "s", "text": "hi"},
                       timeout=5, trust_env=False)
        took = time.monotonic() - start
    # it really hung (lower bound); the client's own timeout bounds the wait, no window needed
    assert r.status_code == 504 and took >= 0.25
    TALLY["assistant:hang"] += 1




def test_a_client_that_goes_away_mid_body_is_no_server_error() -> None:
    """A campaign whose time budget ends mid-request disconnects: the server answers 499 (no
    one reads it) instead of raising into the ASGI log with a traceback."""
    from starlette.requests import Request

    sent = 0

    async def receive() -> dict[str, Any]:
        nonlocal sent
        sent += 1
        if sent == 1:
            return {"type": "http.request", "body": b'{"session": "s", "te', "more_body": True}
        return {"type": "http.disconnect"}

    request = Request({"type": "http", "method": "POST", "headers": [], "path": "/"}, receive)
    import asyncio

    result = asyncio.run(asyncio.wait_for(_read_json(request, ConverseIn), timeout=5))
    assert getattr(result, "status_code", None) == 499
    assert json.loads(bytes(result.body)) == {"error": "client closed the request"}  # type: ignore[union-attr]
