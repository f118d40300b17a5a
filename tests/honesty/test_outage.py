"""Scenarios 2-5 of issue 12 past the door (`--no-preflight`): a dead endpoint trips the circuit
breaker (a handful of interrupted conversations, status sut_down/model_down, exit 3), conversations
cut by an outage are redone by --resume, and a streaming assistant is assembled, not an error."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import yaml
from honesty_helpers import icatest

from icatest.storage.rundir import read_records
from icatest.testing import FakeOpenAI, free_port, status, streamed

FUZZ = ("fuzz", "--quiet", "--no-preflight", "--turn-budgets", "4", "--rng-seed", "5")
FAST = {"timeout_s": 2.0, "retries": 1, "backoff_base_s": 0.01, "backoff_max_s": 0.05}


def _sut_config(tmp: Path, url: str) -> Path:
    path = tmp / "sut.yaml"
    path.write_text(yaml.safe_dump({"kind": "openai", "url": url, **FAST}))
    return path


def _events(run: Path) -> list[str]:
    lines = (run / "events.jsonl").read_text().splitlines()
    return [json.loads(line)["event"] for line in lines]


def test_dead_assistant_trips_the_breaker(tmp_path: Path) -> None:
    # scenario 3 without preflight: used to record 31 conversations and exit 0
    run = tmp_path / "run"
    sut = _sut_config(tmp_path, f"http://127.0.0.1:{free_port()}/v1")
    res = icatest(*FUZZ, "--sut-config", sut, "--budget", "60s", "--concurrency", "2",
                  "--outage-after", "3", "--outage-grace", "1s", "--out", run)
    assert res.code == 3, res.err
    assert res.last_line.startswith("sut_down: 0 conversations")
    assert "interrupted by an outage" in res.last_line
    assert "outage: assistant unreachable in 3 conversations in a row" in res.err
    assert read_records(run / "conversations.jsonl") == []
    interrupted = read_records(run / "interrupted.jsonl")
    assert 3 <= len(interrupted) <= 3 + 2  # the threshold plus what was in flight
    assert json.loads((run / "manifest.json").read_text())["status"] == "sut_down"
    assert {"outage_suspected", "outage"} <= set(_events(run))


def test_refused_model_key_ends_the_campaign_model_down(tmp_path: Path) -> None:
    # scenario 2 without preflight: used to print "completed: 7 conversations, 0 failures", exit 0
    run = tmp_path / "run"
    with FakeOpenAI(lambda msgs: status(401)) as judge:
        res = icatest(*FUZZ, "--sut", "reference", "--turn-judge",
                      f"openai/fake@{judge.base_url}/v1", "--budget", "60s", "--out", run)
        calls = len(judge.requests)
    assert res.code == 3, res.err
    assert res.last_line.startswith("model_down:")
    assert "turn_judge: auth" in res.err
    assert calls <= 4  # no retries of a refused key; in-flight conversations stop
    passed = [r for r in read_records(run / "conversations.jsonl")
              if r["success_decision"] == "pass"]
    assert passed == []


def test_outage_conversations_are_redone_by_resume(tmp_path: Path) -> None:
    # scenario 4: the assistant dies mid-campaign; the campaign stops, --resume redoes the lost
    port = free_port()
    sut = _sut_config(tmp_path, f"http://127.0.0.1:{port}/v1")
    run = tmp_path / "run"
    argv = (*FUZZ, "--sut-config", sut, "--max-conversations", "8", "--concurrency", "2",
            "--outage-after", "2", "--outage-grace", "1s", "--out", run)
    first: dict[str, object] = {}
    server = FakeOpenAI(default="Route set to Munich Airport.", latency_s=0.15, port=port).start()
    thread = threading.Thread(target=lambda: first.update(res=icatest(*argv)))
    thread.start()
    deadline = time.monotonic() + 60
    while len(read_records(run / "conversations.jsonl")) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    server.stop()  # the assistant process dies
    thread.join(120)
    res = first["res"]
    assert res.code == 3, res.err  # type: ignore[attr-defined]
    done = {r["scenario_index"] for r in read_records(run / "conversations.jsonl")}
    lost = {r["scenario_index"] for r in read_records(run / "interrupted.jsonl")}
    assert lost and not lost & done and len(done) < 8
    assert all(not r["is_complete"] for r in read_records(run / "interrupted.jsonl"))

    with FakeOpenAI(default="Route set to Munich Airport.", port=port):  # it is back
        again = icatest(*argv, "--resume")
    assert again.code == 0, again.err
    records = read_records(run / "conversations.jsonl")
    indices = [r["scenario_index"] for r in records]
    assert sorted(indices) == list(range(8))  # each scenario exactly once, the lost ones redone
    assert lost <= set(indices)


def test_streaming_assistant_is_assembled(tmp_path: Path) -> None:
    # scenario 5: every conversation used to end at turn 0 with sut_error, exit 0
    run = tmp_path / "run"
    with FakeOpenAI(lambda msgs: streamed("Route to Munich Airport: 38 km, 34 min.")) as sse:
        sut = _sut_config(tmp_path, f"{sse.base_url}/v1")
        res = icatest(*FUZZ, "--sut-config", sut, "--max-conversations", "3", "--out", run)
    assert res.code == 0, res.err
    assert "note: the turn judge and conversation judge are offline" in res.err  # item 9
    records = read_records(run / "conversations.jsonl")
    assert len(records) == 3
    turns = [t for r in records for t in r["turns"]]
    assert turns and all(t["sut_error"] is None for t in turns)
    assert all(t["system"] == "Route to Munich Airport: 38 km, 34 min." for t in turns)
    assert "0 with assistant errors" in res.last_line
