"""`--sut python:MODULE:ATTRIBUTE`: the example module's three shapes, through the CLI too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from icatest.cli import main
from icatest.errors import ConfigError
from icatest.sut.adapters import open_assistant

EXAMPLE = "python:icatest.examples.inprocess_assistant"


@pytest.mark.parametrize("attr", ["reply", "runnable", "graph"])
async def test_each_shape_answers_through_open_assistant(attr: str) -> None:
    async with open_assistant(f"{EXAMPLE}:{attr}") as assistant:
        assert assistant.name == f"{EXAMPLE}:{attr}"
        session = assistant.session("c1")
        first = await session.send("Take me to Munich Airport")
        second = await session.send("Open the door please")
    assert first.error is None and first.text == "Starting route guidance to Munich Airport."
    assert second.text == "I can't do that while the car is moving."


async def test_async_callable_from_a_module_in_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "my_bot.py").write_text(
        "async def bot(utterance, history):\n    return f'{len(history)}: {utterance}'\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))  # undone after the test
    async with open_assistant("python:my_bot:bot") as assistant:
        session = assistant.session("c")
        await session.send("a")
        assert (await session.send("b")).text == "2: b"


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("python:icatest.examples.inprocess_assistant", "expected python:MODULE:ATTRIBUTE"),
        ("python:examples.no_such_module:reply", "cannot import 'examples.no_such_module'"),
        ("python:icatest.examples.inprocess_assistant:nothing", "has no attribute 'nothing'"),
        ("python:icatest.examples.inprocess_assistant:_DESTINATION", "not a callable"),
    ],
)
async def test_bad_specs_name_the_problem(spec: str, problem: str) -> None:
    with pytest.raises(ConfigError, match=problem):
        async with open_assistant(spec):
            pass


def test_fuzz_with_a_python_assistant(tmp_path: Path) -> None:
    out = tmp_path / "run"
    code = main(["fuzz", "--sut", f"{EXAMPLE}:graph", "--max-conversations", "2",
                 "--out", str(out), "--quiet"])  # fmt: skip
    assert code == 0
    records = [json.loads(x) for x in (out / "conversations.jsonl").read_text().splitlines()]
    assert len(records) == 2
    replies = [t["system"] for r in records for t in r["turns"]]
    assert replies and all(isinstance(x, str) and x for x in replies)


def test_fuzz_refuses_an_unimportable_assistant_before_the_run(tmp_path: Path, capsys) -> None:
    out = tmp_path / "run"
    code = main(["fuzz", "--sut", "python:examples.missing:x", "--max-conversations", "2",
                 "--out", str(out)])  # fmt: skip
    assert code == 2 and not out.exists()
    assert "cannot import 'examples.missing'" in capsys.readouterr().err
