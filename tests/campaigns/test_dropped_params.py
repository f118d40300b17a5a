"""A parameter the provider refuses by name is learnt once per campaign and role, recorded in the
manifest and in every record's usage, and named in one line per role and parameter by the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from icatest.cli import main
from icatest.storage.rundir import read_manifest
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
    assert read_manifest(out).dropped_params == {"turn_judge": ["max_tokens", "temperature"]}
    # learnt in the first conversation, never sent again by the second
    assert sum("temperature" in b for b in bodies) == 1
    assert sum("max_tokens" in b for b in bodies) == 2  # with temperature, then without
    records = [json.loads(line) for line in (out / "conversations.jsonl").read_text().splitlines()]
    assert len(records) == 2
    assert all(r["usage"]["turn_judge"]["dropped_params"] for r in records)


def test_an_experiments_arms_name_each_role_and_parameter_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from icatest.cli.notices import dropped_in_runs
    from icatest.contracts.documents import RunManifest
    from icatest.storage.rundir import write_manifest

    arms = []
    for name, dropped in (("guided", {"turn_judge": ["temperature"]}),
                          ("baseline", {"turn_judge": ["temperature"], "simulator": ["seed"]})):
        (tmp_path / name).mkdir()
        write_manifest(tmp_path / name, RunManifest(run_id=name, dropped_params=dropped))
        arms.append(tmp_path / name)
    dropped_in_runs([*arms, tmp_path / "missing"])
    lines = capsys.readouterr().err.splitlines()
    assert [line.split(" not sent")[0] for line in lines] == [
        "simulator: parameter seed",
        "turn_judge: parameter temperature",
    ]
