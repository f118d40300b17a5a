"""Scenarios 1, 2, 3 and 6 of issue 12 at the door: a missing key, a refused key or a dead
assistant stop the command before work starts, with one line, exit 2 and no run directory."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from honesty_helpers import icatest

from icatest.testing import FakeOpenAI, free_port, status


@pytest.fixture
def no_openai_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)


def _one_error_line(err: str) -> str:
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def test_converse_without_key_stops_before_talking(no_openai_key: None) -> None:
    # scenario 1: the conversation used to end "success score: 0.8 (pass)"
    res = icatest(
        "converse", "--sut", "reference", "--turn-judge", "openai/gpt-4.1-mini",
        "--max-turns", "2", "--quiet",
    )
    assert res.code == 2
    line = _one_error_line(res.err)
    assert line == "error: preflight: turn_judge (openai/gpt-4.1-mini): OPENAI_API_KEY is not set"


def test_converse_without_key_and_without_preflight_is_unscored(
    no_openai_key: None, tmp_path: Path
) -> None:
    # scenario 1 past the door: every turn unscored, the decision never a pass
    out = tmp_path / "record.json"
    res = icatest(
        "converse", "--sut", "reference", "--turn-judge", "openai/gpt-4.1-mini",
        "--conversation-judge", "openai/gpt-4.1-mini", "--max-turns", "2", "--quiet",
        "--no-preflight", "--out", out,
    )
    assert res.code == 3, res.err  # no usable verdict
    assert "unscored: turn 0 turn_judge: model error (missing_credentials" in res.err
    record = json.loads(out.read_text())
    assert record["success_decision"] == "unscored" and record["success_score"] is None
    judged = [t for t in record["turns"] if t["evaluation"] is not None]
    assert judged and all(not t["evaluation"]["scored"] for t in judged)
    reason = judged[0]["evaluation"]["unscored_reason"]
    assert "missing_credentials" in reason and "OPENAI_API_KEY is not set" in reason
    assert record["usage"]["turn_judge"]["retries"] == 0  # a missing key is not retried
    roles = {p["role"] for p in record["unscored"]}
    assert roles == {"turn_judge", "conversation_judge"}


def test_fuzz_with_refused_key_leaves_no_run_directory(tmp_path: Path) -> None:
    # scenario 2: a bad key used to give "completed: 7 conversations, 0 failures", exit 0
    run = tmp_path / "run"
    with FakeOpenAI(lambda msgs: status(401)) as fake:
        model = f"openai/fake@{fake.base_url}/v1"
        res = icatest(
            "fuzz", "--sut", "reference", "--turn-judge", model, "--budget", "30s",
            "--out", run, "--quiet",
        )
        assert len(fake.requests) == 1  # one probe, not retried
    assert res.code == 2
    line = _one_error_line(res.err)
    assert line.startswith(f"error: preflight: turn_judge (openai/fake at {fake.base_url}/v1): ")
    assert "auth, not retried" in line and "401" in line
    assert not run.exists()


def test_fuzz_against_nothing_listening_stops_at_once(tmp_path: Path) -> None:
    # scenario 3: used to give "completed: 31 conversations, 0 failures of 0 types", exit 0
    run = tmp_path / "run"
    url = f"http://127.0.0.1:{free_port()}/v1"
    start = time.monotonic()
    res = icatest("fuzz", "--sut", url, "--budget", "20s", "--out", run, "--quiet")
    assert res.code == 2
    line = _one_error_line(res.err)
    assert line.startswith(f"error: preflight: assistant openai:{url}: connection")
    assert "refused" in line
    assert not run.exists() and time.monotonic() - start < 15


def test_rejudge_without_key_stops_at_once(no_openai_key: None, tmp_path: Path) -> None:
    # scenario 6: used to print nothing for over 120 s
    run = tmp_path / "run"
    run.mkdir()
    (run / "conversations.jsonl").write_text("")
    start = time.monotonic()
    res = icatest(
        "rejudge", run, "--turn-judge", "openai/gpt-4.1-mini",
        "--conversation-judge", "offline", "--as", "gpt",
    )
    assert res.code == 2 and time.monotonic() - start < 30
    assert _one_error_line(res.err) == (
        "error: preflight: turn_judge (openai/gpt-4.1-mini): OPENAI_API_KEY is not set"
    )
    assert not (run / "judgements").exists()


def test_no_preflight_for_offline_roles_and_reference(tmp_path: Path) -> None:
    res = icatest("converse", "--sut", "reference", "--max-turns", "1", "--quiet")
    assert res.code == 0, res.err
