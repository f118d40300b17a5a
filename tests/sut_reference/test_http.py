"""Input validation (clear 4xx) and transport faults at the configured rates."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import httpx
import pytest

from icatest.sut.reference import RunningReference, start_background

from .conftest import write_profile


@pytest.fixture()
def client(none_ref: RunningReference) -> httpx.Client:
    return httpx.Client(base_url=none_ref.base_url, trust_env=False, timeout=10)


def test_health(client: httpx.Client) -> None:
    assert client.get("/health").json()["status"] == "ok"


def test_body_too_large_is_413(client: httpx.Client) -> None:
    r = client.post("/api/converse", json={"session": "x", "text": "a " * 40_000})
    assert r.status_code == 413 and "too large" in r.json()["error"]


def test_bad_json_is_400(client: httpx.Client) -> None:
    r = client.post(
        "/api/converse",
        content=b'{"session": "x", "text": ',
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 400 and r.json()["error"].startswith("invalid JSON body")


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/converse", {"session": "x"}, "text"),
        ("/api/converse", {"text": "hi"}, "session"),
        ("/api/converse", {"session": "x", "text": 5}, "text"),
        ("/v1/chat/completions", {"model": "m"}, "messages"),
        ("/v1/chat/completions", {"messages": [{"role": "system", "content": "hi"}]}, "messages"),
        (
            "/api/converse",
            {"session": "x", "text": "hi", "context": {"time": "noon"}},
            "context.time",
        ),
    ],
)
def test_missing_or_bad_fields_are_422_naming_the_field(
    client: httpx.Client, path: str, body: dict[str, object], field: str
) -> None:
    r = client.post(path, json=body)
    assert r.status_code == 422
    assert r.json()["field"] == field and field in r.json()["error"]


def test_chat_completion_shape_and_conversation_id(
    client: httpx.Client, none_ref: RunningReference
) -> None:
    body = {
        "messages": [{"role": "user", "content": "Take me to Ismaning"}],
        "user": "u-7",
        "metadata": {"context": {"time": "08:00"}},
    }
    r = client.post("/v1/chat/completions", json=body)
    data = r.json()
    assert data["object"] == "chat.completion"
    assert data["choices"][0]["message"]["role"] == "assistant"
    assert "arriving at 08:" in data["choices"][0]["message"]["content"]


def test_transport_faults_at_configured_rates(tmp_path: Path) -> None:
    transport = (
        "transport: {error_rate: 0.2, malformed_rate: 0.2, rate_limit_rate: 0.1, "
        "timeout_rate: 0.06, hang_s: 1.5, latency_ms: 10}"
    )
    profile = write_profile(tmp_path, "flaky", "  skip_stops: {rate: 0.0}", transport)
    seen: Counter[str] = Counter()
    with (
        start_background(profile=profile) as ref,
        httpx.Client(base_url=ref.base_url, trust_env=False, timeout=0.3) as client,
    ):
        for i in range(120):
            try:
                r = client.post(
                    "/api/converse", json={"session": f"t{i}", "text": "Open the sunroof"}
                )
            except httpx.ReadTimeout:
                seen["hang"] += 1
                continue
            if r.status_code == 200:
                try:
                    r.json()
                    seen["ok"] += 1
                except ValueError:
                    seen["malformed"] += 1
            else:
                seen[str(r.status_code)] += 1
                if r.status_code == 429:
                    assert r.headers["retry-after"] == "1"
        counts = ref.transport_counts
    assert seen["500"] == counts["error"] and seen["malformed"] == counts["malformed"]
    assert seen["hang"] == counts["hang"] and seen["429"] == counts["rate_limit"]
    assert 12 <= seen["500"] <= 36 and 12 <= seen["malformed"] <= 36
    assert 4 <= seen["429"] <= 22 and 1 <= seen["hang"] <= 15
    assert 40 <= seen["ok"] <= 90


def test_cli_overrides_take_precedence(tmp_path: Path) -> None:
    with (
        start_background(profile="none", error_rate=1.0) as ref,
        httpx.Client(base_url=ref.base_url, trust_env=False, timeout=5) as client,
    ):
        r = client.post("/api/converse", json={"session": "e", "text": "Open the sunroof"})
        assert r.status_code == 500
        assert client.get("/health").status_code == 200  # health is never faulted
