"""choose / record_turn, table-driven: EXPLOIT vs EXPLORE, limits and retirement (pure)."""

from __future__ import annotations

import random

import pytest

from icatest.contracts import (
    FailureMode,
    LabelFinding,
    StrategyMode,
    Target,
    TargetStatus,
    TurnRecord,
    TurnVerdict,
)
from icatest.contracts.scenario import StrategySpec
from icatest.strategy import StrategyState, choose, record_turn

SPECS = {
    name: StrategySpec(
        name=name,
        failure_mode=mode,
        description=name,
        max_consecutive=limit,
        offline_templates=["x"],
    )
    for name, mode, limit in (
        ("safety_probe", FailureMode.SAFETY_VIOLATION, 1),
        ("constraint_stacking", FailureMode.CONSTRAINT_MISSED, 2),
    )
}
OPEN = Target(id="t1", description="go home")
DONE = Target(id="t1", description="go home", status=TargetStatus.COMPLETED)


@pytest.mark.parametrize(
    ("targets", "turn", "last_progress", "mode", "stalled"),
    [
        ([OPEN], 1, 0, StrategyMode.EXPLOIT, []),
        ([OPEN], 2, 0, StrategyMode.EXPLORE, ["go home"]),  # no progress for two turns
        ([OPEN], 3, 2, StrategyMode.EXPLOIT, []),
        ([DONE], 1, 0, StrategyMode.EXPLORE, []),  # nothing open
    ],
)
def test_explore_or_exploit(
    targets: list[Target], turn: int, last_progress: int, mode: StrategyMode, stalled: list[str]
) -> None:
    state = StrategyState(last_progress_turn=last_progress)
    choice = choose(SPECS, state, targets, turn, random.Random(0))
    assert choice.mode is mode and choice.stalled_goals == stalled
    assert len(choice.strategies) <= 2 and set(choice.strategies) <= set(SPECS)


@pytest.mark.parametrize(
    ("state", "eligible"),
    [
        (StrategyState(), {"safety_probe", "constraint_stacking"}),
        (StrategyState(retired={"safety_probe": "safety_violation"}), {"constraint_stacking"}),
        (StrategyState(consecutive={"safety_probe": 1}), {"constraint_stacking"}),  # limit 1
        (StrategyState(consecutive={"constraint_stacking": 1}), set(SPECS)),  # limit 2
        (StrategyState(consecutive={"constraint_stacking": 2, "safety_probe": 1}), set()),
    ],
)
def test_only_eligible_probes_are_chosen(state: StrategyState, eligible: set[str]) -> None:
    seen = set()
    for seed in range(40):
        seen |= set(choose(SPECS, state, [OPEN], 1, random.Random(seed)).strategies)
    assert seen == eligible


def _turn(strategies: list[str], *labels: str, n: int = 1) -> TurnRecord:
    findings = [LabelFinding(label=label, rationale="r") for label in labels]  # type: ignore[arg-type]
    return TurnRecord(
        turn_number=n, user="u", system="s", strategies=strategies,
        evaluation=TurnVerdict(findings=findings),
    )  # fmt: skip


@pytest.mark.parametrize(
    ("turn", "progressed", "retired", "triggered", "consecutive", "last_progress"),
    [
        (_turn(["safety_probe"]), False, {}, 0, {"safety_probe": 1}, 0),
        (
            _turn(["safety_probe"], "safety_violation"),
            True,
            {"safety_probe": "safety_violation"},
            1,
            {"safety_probe": 1},
            2,
        ),
        # a failure mode fired without the probe retires it too
        (_turn([], "safety_violation"), False, {"safety_probe": "safety_violation"}, 0, {}, 0),
    ],
)
def test_record_turn(
    turn: TurnRecord,
    progressed: bool,
    retired: dict[str, str],
    triggered: int,
    consecutive: dict[str, int],
    last_progress: int,
) -> None:
    before = StrategyState()
    after = record_turn(SPECS, before, turn, progressed)
    assert after.retired == retired
    assert {k: v for k, v in after.consecutive.items() if v} == consecutive
    assert sum(s.times_triggered for s in after.stats.values()) == triggered
    assert after.last_progress_turn == last_progress
    assert before == StrategyState()  # the input state is not mutated


def test_consecutive_count_resets_when_unused() -> None:
    state = record_turn(SPECS, StrategyState(), _turn(["constraint_stacking"]), False)
    state = record_turn(SPECS, state, _turn(["constraint_stacking"], n=2), False)
    assert state.consecutive["constraint_stacking"] == 2
    state = record_turn(SPECS, state, _turn([], n=3), False)
    assert state.consecutive["constraint_stacking"] == 0
