"""Pure core of the loop, table-driven: target bookkeeping and the stop rule."""

from __future__ import annotations

from typing import Any

import pytest

from icatest.contracts import (
    Context,
    Mode,
    Persona,
    Scenario,
    Seed,
    SutErrorKind,
    Target,
    TargetStatus,
    TargetUpdate,
    TerminationReason,
    TurnRecord,
    TurnVerdict,
)
from icatest.engine.state import ConversationState
from icatest.engine.stop_rule import stop_reason
from icatest.engine.targets import apply_simulator_turn, apply_verdict
from icatest.simulator.policy import TurnPlan
from icatest.simulator.schema import ConstraintAddition, NewTarget, SimulatorTurn

S = TargetStatus


def _t(tid: str, status: S = S.OPEN, **kw: Any) -> Target:
    return Target(id=tid, description=f"goal {tid}", status=status, **kw)


def _scenario(mode: Mode = Mode.GUIDED, max_turns: int = 4) -> Scenario:
    return Scenario(
        conversation_id="c",
        seed=Seed(id="s", phrase="p"),
        seed_pool="test",
        context=Context(id="x", location="l", date="d", time="08:00"),
        persona=Persona(name="neutral", description="n"),
        mode=mode,
        max_turns=max_turns,
    )


def _turns(
    n: int, sut_error: str | None = None, kind: SutErrorKind | None = None
) -> list[TurnRecord]:
    turns = [TurnRecord(turn_number=i, user="u", system="s") for i in range(n)]
    if sut_error and turns:
        turns[-1] = TurnRecord(
            turn_number=n - 1, user="u", system=None, sut_error=sut_error, sut_error_kind=kind
        )
    return turns


@pytest.mark.parametrize(
    ("state", "expected"),
    [
        ({"turns": []}, None),
        ({"simulator_error": "no utterance"}, TerminationReason.SIMULATOR_ERROR),
        # whether the assistant was down is call_assistant's finding (the kind, then a probe)
        (
            {"turns": _turns(1, "connection: refused", SutErrorKind.CONNECTION),
             "assistant_down": True},
            TerminationReason.SUT_UNREACHABLE,
        ),
        (
            {"turns": _turns(1, "unavailable: HTTP 503", SutErrorKind.UNAVAILABLE),
             "assistant_down": True},
            TerminationReason.SUT_UNREACHABLE,
        ),
        (  # it answered the probe: the failed exchange is the assistant's error
            {"turns": _turns(1, "timeout: no reply", SutErrorKind.TIMEOUT),
             "assistant_down": False},
            TerminationReason.SUT_ERROR,
        ),
        (
            {"turns": _turns(1, "http_status: HTTP 500: bad body", SutErrorKind.HTTP_STATUS)},
            TerminationReason.SUT_ERROR,
        ),
        (
            {"turns": _turns(1), "external_stop": TerminationReason.BUDGET_EXHAUSTED},
            TerminationReason.BUDGET_EXHAUSTED,
        ),
        ({"turns": _turns(4), "targets": [_t("t1")]}, TerminationReason.MAX_TURNS_REACHED),
        ({"turns": _turns(1), "targets": [_t("t1", S.COMPLETED)]}, None),  # under half spent
        (
            {"turns": _turns(2), "targets": [_t("t1", S.COMPLETED)]},
            TerminationReason.TARGETS_RESOLVED,
        ),
        (
            {"turns": _turns(2), "targets": [_t("t1", S.DROPPED)]},
            TerminationReason.TARGETS_RESOLVED,
        ),
        ({"turns": _turns(2), "targets": [_t("t1", S.COMPLETED), _t("t2")]}, None),
        ({"turns": _turns(2), "targets": []}, None),
    ],
)
def test_stop_reason(state: dict[str, Any], expected: TerminationReason | None) -> None:
    full: ConversationState = {"scenario": _scenario(), **state}  # type: ignore[typeddict-item]
    assert stop_reason(full) == expected


def test_baseline_never_stops_early() -> None:
    state: ConversationState = {
        "scenario": _scenario(Mode.BASELINE),
        "turns": _turns(3),
        "targets": [_t("t1", S.COMPLETED)],
    }
    assert stop_reason(state) is None


@pytest.mark.parametrize(
    ("before", "updates", "scored", "after", "changed"),
    [
        ([S.OPEN], [("t1", S.COMPLETED)], True, [S.COMPLETED], True),
        ([S.OPEN], [("t1", S.COMPLETED)], False, [S.OPEN], False),  # unscored: no change
        ([S.DROPPED], [("t1", S.COMPLETED)], True, [S.DROPPED], False),  # dropped stays dropped
        ([S.COMPLETED], [("t1", S.COMPLETED)], True, [S.COMPLETED], False),
        ([S.OPEN], [("zz", S.COMPLETED)], True, [S.OPEN], False),  # unknown id ignored
        ([S.OPEN, S.OPEN], [("t2", S.COMPLETED)], True, [S.OPEN, S.COMPLETED], True),
    ],
)
def test_apply_verdict(
    before: list[S],
    updates: list[tuple[str, S]],
    scored: bool,
    after: list[S],
    changed: bool,
) -> None:
    targets = [_t(f"t{i + 1}", s) for i, s in enumerate(before)]
    verdict = TurnVerdict(
        scored=scored, target_updates=[TargetUpdate(target_id=i, status=s) for i, s in updates]
    )
    out, did = apply_verdict(targets, verdict, turn=3)
    assert [t.status for t in out] == after and did is changed
    assert all(t.completed_turn == 3 for t in out if t.status == S.COMPLETED and changed)
    assert [t.status for t in targets] == before  # inputs are not mutated


def test_apply_verdict_without_verdict() -> None:
    targets = [_t("t1")]
    assert apply_verdict(targets, None, 1) == (targets, False)


@pytest.mark.parametrize(
    ("sim", "statuses", "addressed", "constraints"),
    [
        (
            SimulatorTurn(utterance="u", addressed_target_ids=["t1"]),
            [S.OPEN, S.COMPLETED],
            ["t1"],
            [],
        ),
        (
            SimulatorTurn(utterance="u", dropped_target_ids=["t1", "t2"]),
            [S.DROPPED, S.COMPLETED],  # a completed target is not dropped
            [],
            [],
        ),
        (
            SimulatorTurn(
                utterance="u",
                constraint_additions=[ConstraintAddition(target_id="t2", constraints=["cheap"])],
            ),
            [S.OPEN, S.OPEN],  # new constraints reopen a completed goal
            ["t2"],
            ["cheap"],
        ),
        (
            SimulatorTurn(utterance="u", new_targets=[NewTarget(description="coffee")]),
            [S.OPEN, S.COMPLETED, S.OPEN],
            ["t3"],
            [],
        ),
    ],
)
def test_apply_simulator_turn(
    sim: SimulatorTurn, statuses: list[S], addressed: list[str], constraints: list[str]
) -> None:
    targets = [_t("t1"), _t("t2", S.COMPLETED, completed_turn=0)]
    out, pending, ids = apply_simulator_turn(targets, [], sim, TurnPlan(turn=2), 2)
    assert [t.status for t in out] == statuses and ids == addressed and pending == []
    assert out[1].constraints == constraints
    assert all(out[i].pushes == (1 if out[i].id in addressed else 0) for i in range(len(out)))
    assert [t.status for t in targets] == [S.OPEN, S.COMPLETED]  # inputs are not mutated


def test_new_target_gets_the_next_id_and_turn() -> None:
    sim = SimulatorTurn(utterance="u", new_targets=[NewTarget(description="coffee")])
    out, _, _ = apply_simulator_turn([_t("t1")], [], sim, TurnPlan(turn=5), 5)
    assert (out[-1].id, out[-1].introduced_turn, out[-1].description) == ("t2", 5, "coffee")
