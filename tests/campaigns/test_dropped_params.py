"""A parameter the provider refuses by name is learnt once per campaign and role, recorded in the
manifest and in every record's usage, and named in one line per role and parameter by the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from icatest.cli import main
from icatest.rundir import read_manifest
from icatest.testing import FakeOpenAI


def _judge(messages: list[dict]) -> str:
    return json.dumps({"findings": [], "target_updates": []})


def test_fuzz_records_and_names_a_refused_parameter_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ICATEST_API_KEY", "sk-test")
    out = tmp_path / "run"
    with FakeOpenAI(_judge, strict_models={"my-reasoner"}) as srv:
        argv = [
            "fuzz", "--sut", "reference", "--out", str(out), "--max-conversations", "2",
            "--turn-budgets", "2", "--concurrency", "1", "--no-preflight", "--quiet",
            "--turn-judge", f"openai/my-reasoner@{srv.base_url}/v1",
        ]  # fmt: skip
        main(argv)
        bodies = [r.body for r in srv.requests]
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if "not sent" in line]
    assert lines == [
        "turn_judge: parameter max_tokens not sent (the provider refused it by name; "
        "recorded in the usage of every record and in the manifest)",
        "turn_judge: parameter temperature not sent (the provider refused it by name; "
        "recorded in the usage of every record and in the manifest)",
    ]
    assert read_manifest(out)["dropped_params"] == {"turn_judge": ["max_tokens", "temperature"]}
    # learnt in the first conversation, never sent again by the second
    assert sum("temperature" in b for b in bodies) == 1
    assert sum("max_tokens" in b for b in bodies) == 2  # with temperature, then without
    records = [json.loads(line) for line in (out / "conversations.jsonl").read_text().splitlines()]
    assert len(records) == 2
    assert all(r["usage"]["turn_judge"]["dropped_params"] for r in records)
