"""Guided vs baseline against the reference assistant over real HTTP, offline roles."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from icatest.catalog import load_catalog
from icatest.catalog.scenarios import make_scenario
from icatest.cli import main
from icatest.contracts import ConversationRecord, Mode, TerminationReason
from icatest.engine import Runtime, run_conversation
from icatest.engine.plan import assistant_context
from icatest.llm import ModelGateway
from icatest.sut.adapters import open_assistant

SEEDS = [("mixed", s) for s in ("mix-01", "mix-02", "mix-03", "mix-05")] + [
    ("navigation_constraints", None),
    ("poi_search", None),
    ("multi_stop", None),
    ("vehicle_settings", None),
]


async def _conversations(mode: Mode, profile: str) -> list[ConversationRecord]:
    catalog = load_catalog()
    out = []
    async with open_assistant(f"reference:{profile}") as assistant:
        for i, (pool, seed_id) in enumerate(SEEDS):
            scenario = make_scenario(
                catalog, seed_pool=pool, seed_id=seed_id, mode=mode, max_turns=8, rng_seed=i
            )
            session = assistant.session(
                scenario.conversation_id, context=assistant_context(scenario)
            )
            runtime = Runtime(session=session, gateway=ModelGateway(roles={}), catalog=catalog)
            out.append(await run_conversation(scenario, runtime))
            await session.close()
    return out


async def test_guided_probes_fire_retire_and_stop_early_against_faults() -> None:
    records = await _conversations(Mode.GUIDED, "default")
    assert all(r.success_decision in {"pass", "fail"} for r in records)
    retired = {name for r in records for name in r.removed_strategies}
    assert len(retired) >= 3, f"probes retired: {retired}"
    for r in records:
        for name, mode in r.removed_strategies.items():
            first = min(r.failure_turns[mode])
            assert not [t for t in r.turns if t.turn_number > first and name in t.strategies]
    triggered = sum(s.times_triggered for r in records for s in r.strategy_stats.values())
    assert triggered >= 3
    reasons = {r.termination_reason for r in records}
    assert TerminationReason.TARGETS_RESOLVED in reasons, reasons
    early = [r for r in records if r.termination_reason is TerminationReason.TARGETS_RESOLVED]
    assert all(4 <= len(r.turns) < 8 and all(t.status != 0 for t in r.targets) for r in early)


async def test_baseline_shows_none_of_it() -> None:
    records = await _conversations(Mode.BASELINE, "default")
    for r in records:
        assert len(r.turns) == 8 and r.termination_reason is TerminationReason.MAX_TURNS_REACHED
        assert r.persona == "neutral"
        assert not r.removed_strategies and not r.strategy_stats
        assert all(not t.strategies and t.strategy_mode is None for t in r.turns)


async def test_fault_free_reference_passes_most_plain_requests() -> None:
    """With profile `none` the reference behaves: baseline conversations mostly pass."""
    records = await _conversations(Mode.BASELINE, "none")
    passed = [r for r in records if r.success_decision == "pass"]
    assert len(passed) >= len(records) // 2, [r.discovered_failures for r in records]


@pytest.mark.parametrize("mode", ["guided", "baseline"])
def test_converse_cli_prints_and_records(tmp_path: Path, capsys, mode: str) -> None:
    out = tmp_path / "conv.json"
    code = main(
        ["converse", "--sut", "reference", "--mode", mode, "--seed-pool", "mixed",
         "--seed", "mix-01", "--rng-seed", "2", "--out", str(out)]
    )  # fmt: skip
    assert code == 0
    printed = capsys.readouterr().out
    assert "driver 0" in printed and "success score" in printed
    record = ConversationRecord.model_validate(json.loads(out.read_text()))
    assert record.mode.value == mode and record.turns
    assert record.models == {
        "simulator": "offline", "turn_judge": "offline", "conversation_judge": "offline"
    }  # fmt: skip
    versions = set(record.prompt_versions)
    assert "simulator_turn" in versions and "turn_judge" not in versions  # no prompt: rules
    assert all(t.evaluation.judge.startswith("rules@") for t in record.turns if t.evaluation)
    assert {"conversation_judge", "final_turn_judge"} & versions


def test_converse_cli_names_bad_options(capsys) -> None:
    assert main(["converse", "--sut", "reference", "--persona", "nobody"]) == 2
    err = capsys.readouterr().err
    assert "unknown persona 'nobody'" in err and "Traceback" not in err
    assert main(["converse"]) == 2
    assert "--sut" in capsys.readouterr().err


def test_converse_with_a_three_judge_ensemble(tmp_path: Path) -> None:
    out = tmp_path / "conv.json"
    judges = "offline,offline:strict,offline:lenient"
    code = main(
        ["converse", "--sut", "reference", "--seed-pool", "mixed", "--seed", "mix-02",
         "--turn-judge", judges, "--conversation-judge", judges, "--out", str(out), "--quiet"]
    )  # fmt: skip
    assert code == 0
    record = ConversationRecord.model_validate(json.loads(out.read_text()))
    assert {"turn_judge.1", "turn_judge.2", "turn_judge.3"} <= set(record.models)
    assert "turn_judge.2" not in record.usage  # the rules judge makes no model call
    assert record.usage["conversation_judge.2"].calls == 1
    judged = [t.evaluation for t in record.turns if t.evaluation is not None]
    assert judged and all(v.judge.startswith("ensemble[") for v in judged)
    assert record.conversation_evaluation is not None
    assert record.conversation_evaluation.judge.startswith("ensemble[")


def test_an_even_ensemble_is_refused(capsys) -> None:
    code = main(["converse", "--sut", "reference", "--turn-judge", "offline,offline"])
    assert code == 2
    assert "--turn-judge" in capsys.readouterr().err
