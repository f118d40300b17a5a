"""docs/architecture.md against the code: its floor table is the import-graph test's FLOORS, and
its "add a judge" walk-through runs as written (read from the doc's marked block)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from icatest.contracts import FailureMode
from tests.architecture.test_import_graph import FLOORS

DOC = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"


def _doc() -> str:
    return DOC.read_text("utf-8")


def test_the_floor_table_is_the_one_the_test_enforces() -> None:
    table = re.search(r"<!-- floors -->\n(.*?)<!-- /floors -->", _doc(), re.S)
    assert table, "docs/architecture.md lost its floor table"
    rows = [line.split("|")[1:3] for line in table.group(1).splitlines()[2:]]
    documented = {name.strip(): set(re.findall(r"`([^`]+)`", pkgs)) for name, pkgs in rows}
    enforced: dict[str, set[str]] = {}
    for name, packages in FLOORS:
        enforced.setdefault(name, set()).update(packages)
    assert documented == enforced
    order = [name for name, _ in FLOORS]
    assert list(documented) == sorted(set(order), key=order.index)[::-1]  # top floor first


def _walkthrough(name: str, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The doc's block as a module (dataclasses look their module up in sys.modules)."""
    block = re.search(rf"<!-- walkthrough: {name} -->\s*```python\n(.*?)```", _doc(), re.S)
    assert block, f"docs/architecture.md lost its {name} walk-through"
    module = ModuleType(f"architecture_doc_{name}")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    exec(compile(block.group(1), f"{DOC}:{name}", "exec"), module.__dict__)  # noqa: S102
    return module


async def test_the_add_a_judge_walkthrough_runs_as_written(monkeypatch: pytest.MonkeyPatch) -> None:
    doc = _walkthrough("judge", monkeypatch)
    strict = await doc.one_conversation(doc.WordyReplyJudge(max_words=8))
    answered = [t for t in strict.turns if t.system]
    assert answered and all(t.evaluation is not None for t in answered)
    for turn in answered:
        assert turn.evaluation.judge == "wordy_reply"
        wordy = len(turn.system.split()) > 8
        assert (FailureMode.IRRELEVANT_RESPONSE in turn.evaluation.labels) == wordy
    labelled = [FailureMode.IRRELEVANT_RESPONSE in t.evaluation.labels for t in answered]
    assert any(labelled) and not all(labelled)  # short and long replies in this conversation
    lenient = await doc.one_conversation(doc.WordyReplyJudge(max_words=10_000))
    assert [t.evaluation.labels for t in lenient.turns if t.evaluation] == [
        [] for t in lenient.turns if t.evaluation
    ]
    assert strict.conversation_evaluation is not None  # the default conversation judge ran


async def test_the_add_a_channel_walkthrough_runs_as_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    doc = _walkthrough("channel", monkeypatch)
    record = await doc.one_conversation(doc.FirstWordsChannel(keep=4))
    said = [t for t in record.turns if t.spoken]
    assert said and all(t.heard == " ".join(t.spoken.split()[:4]) for t in said)
    cut = [t for t in said if len(t.spoken.split()) > 4]
    assert cut and all(t.wer > 0 for t in cut)
    assert all(t.wer == 0 for t in said if len(t.spoken.split()) <= 4)


async def test_the_add_a_turn_check_walkthrough_runs_as_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    doc = _walkthrough("turn_check", monkeypatch)
    checked = await doc.one_conversation(doc.long_reply)
    scored = [t for t in checked.turns if t.system and t.evaluation and t.evaluation.scored]
    assert scored

    def flagged(turn) -> bool:
        return any(f.rationale.startswith("long reply: ") for f in turn.evaluation.findings)

    for turn in scored:
        assert flagged(turn) == (len(turn.system.split()) > 12)
    assert any(flagged(t) for t in scored) and not all(flagged(t) for t in scored)
    plain = await doc.one_conversation()
    assert not any(flagged(t) for t in plain.turns if t.evaluation)
    assert [t.system for t in plain.turns] == [t.system for t in checked.turns]
