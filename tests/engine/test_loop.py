"""The conversation loop end to end with offline roles and scripted assistants."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from icatest.catalog.scenarios import make_scenario
from icatest.contracts import FailureMode, Mode, SutErrorKind, SutReply, TerminationReason
from icatest.engine import Runtime, run_conversation
from icatest.llm import ModelGateway
from tests.engine.helpers import GOOD_GARCHING, ScriptedSession, always, make_catalog

FALLBACK = "Sorry, I can't help with that."


async def _run(catalog, session, **kw):
    rt = kw.pop("rt", {})
    scenario = make_scenario(catalog, seed_pool="test", **kw)
    runtime = Runtime(session=session, gateway=ModelGateway(roles={}), catalog=catalog, **rt)
    return await run_conversation(scenario, runtime)


async def test_guided_strategies_fire_and_retire(tmp_path: Path) -> None:
    catalog = make_catalog(tmp_path)
    # an assistant that complies with anything: unsafe requests included, never asks back
    session = ScriptedSession(
        always("Okay, done. Opening the driver door and turning off the headlights.")
    )
    record = await _run(
        catalog, session, seed_id="lunch", mode=Mode.GUIDED, max_turns=10, rng_seed=1
    )
    used = {s for t in record.turns for s in t.strategies}
    assert used, "guided mode must inject strategies"
    for name, mode in record.removed_strategies.items():
        spec = catalog.strategy(name)
        assert spec.failure_mode.value == mode
        assert mode in record.discovered_failures
        fired_at = min(record.failure_turns[mode])
        later = [t for t in record.turns if t.turn_number > fired_at and name in t.strategies]
        assert not later, f"{name} was used after it retired at turn {fired_at}"
    triggered = [n for n, s in record.strategy_stats.items() if s.times_triggered]
    assert triggered, "at least one probe should have triggered its failure mode"
    for name in triggered:
        assert name in record.removed_strategies
    assert record.mode is Mode.GUIDED
    assert record.success_decision in {"pass", "fail"}
    assert record.models == {} or all(v == "offline" for v in record.models.values())
    versions = set(record.prompt_versions)
    assert "simulator_turn" in versions and "turn_judge" not in versions  # no prompt: rules
    assert all(t.evaluation.judge.startswith("rules@") for t in record.turns if t.evaluation)
    assert {"conversation_judge", "final_turn_judge"} & versions


async def test_baseline_has_no_strategies_no_feedback_and_fixed_turns(tmp_path: Path) -> None:
    catalog = make_catalog(tmp_path)
    # complies with everything and honours nothing: failures that guided mode would retire on
    session = ScriptedSession(always("Okay. Found a restaurant near Munich Airport."))
    record = await _run(
        catalog, session, seed_id="lunch", mode=Mode.BASELINE, persona="polite", max_turns=3
    )
    assert record.persona == "neutral" and record.max_turns == 8
    assert len(record.turns) == 8
    assert all(not t.strategies and t.strategy_mode is None for t in record.turns)
    assert record.strategy_stats == {} and record.removed_strategies == {}
    assert record.termination_reason is TerminationReason.MAX_TURNS_REACHED
    assert "constraint_missed" in record.discovered_failures


async def test_early_stop_once_targets_resolved_and_half_budget_spent(tmp_path: Path) -> None:
    catalog = make_catalog(tmp_path, strategies=False)
    session = ScriptedSession(always(GOOD_GARCHING))
    record = await _run(catalog, session, seed_id="garching", mode=Mode.GUIDED, max_turns=8)
    assert record.targets[0].status == 1 and record.targets[0].completed_turn == 0
    assert record.termination_reason is TerminationReason.TARGETS_RESOLVED
    assert len(record.turns) == 4  # stops as soon as half of the 8 turns are spent
    assert record.success_decision == "pass"


def _failing_at_turn_1(error: str, kind: SutErrorKind):
    def script(_u: str, turn: int) -> str | SutReply:
        if turn == 0:
            return GOOD_GARCHING
        return SutReply(error=error, error_kind=kind, latency_s=0.1, attempts=3)

    return script


async def _up() -> bool:
    return True


async def _down() -> bool:
    return False


async def test_broken_reply_is_an_assistant_error_finding(tmp_path: Path) -> None:
    catalog = make_catalog(tmp_path)
    error = "http_status: HTTP 500 (after 3 attempts)"
    script = _failing_at_turn_1(error, SutErrorKind.HTTP_STATUS)
    record = await _run(catalog, ScriptedSession(script), seed_id="garching", max_turns=6)
    assert record.termination_reason is TerminationReason.SUT_ERROR and record.is_complete
    last = record.turns[-1]
    assert last.sut_error and last.system is None and len(record.turns) == 2
    assert last.sut_error_kind is SutErrorKind.HTTP_STATUS  # the kind stays on the turn
    assert last.evaluation is not None and last.evaluation.judge == "engine"
    assert last.evaluation.labels == [FailureMode.ASSISTANT_ERROR]
    assert "http_status" in last.evaluation.findings[0].rationale
    # the driver got no answer: a failure found, decided and counted as judged
    assert record.failure_turns == {"assistant_error": [1]}
    assert record.success_decision == "fail"
    assert not any(p.role == "assistant" for p in record.unscored)


async def test_timeout_while_the_assistant_is_up_is_its_error(tmp_path: Path) -> None:
    catalog = make_catalog(tmp_path)
    script = _failing_at_turn_1("timeout: no reply within 5s", SutErrorKind.TIMEOUT)
    up = await _run(catalog, ScriptedSession(script), seed_id="garching", max_turns=6,
                    rt={"assistant_up": _up})
    assert up.termination_reason is TerminationReason.SUT_ERROR
    assert up.success_decision == "fail" and "assistant_error" in up.failure_turns
    down = await _run(catalog, ScriptedSession(script), seed_id="garching", max_turns=6,
                      rt={"assistant_up": _down})
    assert down.termination_reason is TerminationReason.SUT_UNREACHABLE
    assert down.turns[-1].evaluation is None and down.failure_turns == {}
    assert down.success_decision == "unscored"


async def test_refused_connection_ends_as_unreachable(tmp_path: Path) -> None:
    catalog = make_catalog(tmp_path)
    session = ScriptedSession(
        lambda _u, _t: SutReply(
            error="connection: ConnectError: refused", error_kind=SutErrorKind.CONNECTION
        )
    )
    record = await _run(catalog, session, seed_id="garching")  # no probe: taken as down
    assert record.termination_reason is TerminationReason.SUT_UNREACHABLE
    assert record.turns[0].sut_error_kind is SutErrorKind.CONNECTION
    assert record.success_decision == "unscored" and record.success_score is None


async def test_the_cut_cancels_a_hanging_call_and_keeps_the_turns(tmp_path: Path) -> None:
    catalog = make_catalog(tmp_path, strategies=False)

    class Hanging(ScriptedSession):
        async def send(self, utterance: str) -> SutReply:
            if self.sent:
                await asyncio.sleep(3600)  # the assistant never answers turn 1
            return await super().send(utterance)

    async def cut() -> TerminationReason:
        await asyncio.sleep(0.5)
        return TerminationReason.BUDGET_EXHAUSTED

    t0 = time.monotonic()
    record = await _run(catalog, Hanging(always(FALLBACK)), seed_id="lunch", max_turns=6,
                        rt={"cut": cut})
    assert time.monotonic() - t0 < 3.0
    assert record.termination_reason is TerminationReason.BUDGET_EXHAUSTED
    assert not record.is_complete and len(record.turns) == 1  # turn 0 kept, turn 1 cut
    assert record.conversation_evaluation is not None
    assert record.conversation_evaluation.unscored_reason == "ended early: budget_exhausted"


async def test_budget_stop_keeps_a_marked_partial_record(tmp_path: Path) -> None:
    catalog = make_catalog(tmp_path)
    session = ScriptedSession(always(FALLBACK))
    scenario = make_scenario(catalog, seed_pool="test", seed_id="lunch", max_turns=10)
    calls = {"n": 0}

    def should_stop() -> TerminationReason | None:
        calls["n"] += 1
        return TerminationReason.BUDGET_EXHAUSTED if calls["n"] >= 2 else None

    runtime = Runtime(
        session=session, gateway=ModelGateway(roles={}), catalog=catalog, should_stop=should_stop
    )
    record = await run_conversation(scenario, runtime)
    assert len(record.turns) == 2
    assert record.termination_reason is TerminationReason.BUDGET_EXHAUSTED
    assert record.is_complete is False
    assert record.conversation_evaluation is not None and not record.conversation_evaluation.scored


async def test_unexpected_bug_becomes_internal_error_record(tmp_path: Path) -> None:
    catalog = make_catalog(tmp_path)

    class Broken(ScriptedSession):
        async def send(self, utterance: str) -> SutReply:
            if self.sent:
                raise RuntimeError("adapter bug")
            return await super().send(utterance)

    record = await _run(catalog, Broken(always(FALLBACK)), seed_id="garching")
    assert record.termination_reason is TerminationReason.INTERNAL_ERROR
    assert record.is_complete is False
    assert len(record.turns) == 1 and "adapter bug" in (record.error or "")


async def test_a_reply_the_adapter_cut_stays_marked(tmp_path: Path) -> None:
    """Adapters cut over-long replies (`max_reply_chars`, tests/sut_adapters); the engine keeps
    the mark on the turn and does not cut again."""
    catalog = make_catalog(tmp_path, strategies=False)
    cut = SutReply(text=GOOD_GARCHING + " x" * 10, truncated=True)
    session = ScriptedSession(lambda _u, _t: cut)
    scenario = make_scenario(catalog, seed_pool="test", seed_id="garching", max_turns=2)
    runtime = Runtime(session=session, gateway=ModelGateway(roles={}), catalog=catalog)
    record = await run_conversation(scenario, runtime)
    assert record.turns[0].truncated and record.turns[0].system == cut.text


@pytest.mark.parametrize("seed", [0, 1, 2])
async def test_offline_runs_are_reproducible(tmp_path: Path, seed: int) -> None:
    catalog = make_catalog(tmp_path / str(seed))
    a = await _run(
        catalog, ScriptedSession(always(FALLBACK)), seed_id="lunch", rng_seed=seed, max_turns=6
    )
    b = await _run(
        catalog, ScriptedSession(always(FALLBACK)), seed_id="lunch", rng_seed=seed, max_turns=6
    )
    assert [t.user for t in a.turns] == [t.user for t in b.turns]
    assert [t.strategies for t in a.turns] == [t.strategies for t in b.turns]
