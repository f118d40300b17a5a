"""`icatest judge turns`: single turns judged from a JSONL file, offline and through a model."""

from __future__ import annotations

import json
from pathlib import Path

from icatest.cli import main
from icatest.testing.fake_openai import FakeOpenAI

CASES = [
    {
        "id": "paraphrase",
        "context": {"location": "Munich", "date": "2025-03-11", "time": "17:10", "vehicle": {}},
        "history": [],
        "user": "Get me to the airport by 6, no motorways please",
        "reply": "Sticking to country roads via Freising; you'll arrive around 17:55.",
        "requests": [
            {"description": "Route to Munich Airport", "constraints": ["by 6pm", "no motorways"]}
        ],
        "extra": "ignored",
    },
    {
        "id": "generic",
        "user": "Find a cheap Italian restaurant within 2 km",
        "reply": "Sure, I've taken care of that. Anything else?",
    },
    {
        "id": "unknown-constraint",
        "user": "Find a charger",
        "reply": "There is an EnBW charger at Leopoldstraße 3, 2 km away.",
        "requests": [{"description": "Find a charger", "constraints": ["fits my adapter"]}],
    },
]


def _write(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_offline_judge_turns(tmp_path: Path) -> None:
    source = _write(tmp_path / "turns.jsonl", CASES)
    out = tmp_path / "out.jsonl"
    assert main(["judge", "turns", str(source), "--out", str(out)]) == 0
    rows = {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}
    assert set(rows["paraphrase"]) >= {"id", "scored", "labels", "completed", "uncertain"}
    assert rows["paraphrase"]["labels"] == [] and rows["paraphrase"]["completed"] == [0]
    assert rows["generic"]["labels"] == ["request_omitted"] and rows["generic"]["completed"] == []
    assert rows["generic"]["findings"][0]["request"] == 0
    unknown = rows["unknown-constraint"]
    assert unknown["uncertain"] == [0] and unknown["completed"] == [] and unknown["labels"] == []


def test_bad_line_names_file_line_and_field(tmp_path: Path, capsys) -> None:
    source = _write(tmp_path / "bad.jsonl", [CASES[1], {"id": "x", "user": "hi"}])
    assert main(["judge", "turns", str(source)]) == 2
    err = capsys.readouterr().err
    assert "bad.jsonl:2" in err and "reply" in err


def test_model_judge_through_the_fake_provider(tmp_path: Path) -> None:
    answer = {
        "findings": [{"label": "request_omitted", "rationale": "nothing", "target_ids": ["r0"]}],
        "target_updates": [],
    }
    with FakeOpenAI(script=lambda messages: json.dumps(answer)) as fake:
        source = _write(tmp_path / "turns.jsonl", CASES[1:2])
        out = tmp_path / "out.jsonl"
        model = f"openai/fake-model@{fake.base_url}/v1"
        assert main(["judge", "turns", str(source), "--turn-judge", model, "--out", str(out)]) == 0
    row = json.loads(out.read_text())
    assert row["scored"] and row["labels"] == ["request_omitted"]
    assert row["findings"][0]["request"] == 0


def test_a_preference_from_the_history_is_held_against_a_later_route(tmp_path: Path) -> None:
    row = {
        "id": "tolls",
        "history": [{"user": "Take me to Marienplatz, and avoid tolls please.",
                     "assistant": "Sure, where would you like to park?"}],
        "user": "Replace the current destination with Marienplatz.",
        "reply": "The fastest route to Marienplatz is via A9, Isarring, 21 minutes.",
    }
    source, out = _write(tmp_path / "t.jsonl", [row]), tmp_path / "out.jsonl"
    assert main(["judge", "turns", str(source), "--out", str(out)]) == 0
    judged = json.loads(out.read_text())
    assert judged["labels"] == ["constraint_missed", "context_forgotten"], judged
    assert "avoid tolls" in judged["findings"][0]["rationale"]
