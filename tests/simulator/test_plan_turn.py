"""plan_turn, table-driven: what the driver talks about next (pure)."""

from __future__ import annotations

import pytest

from icatest.contracts import LabelFinding, Mode, StrategyMode, Target, TargetStatus, TurnVerdict
from icatest.contracts.scenario import TargetSpec
from icatest.simulator.policy import MAX_PUSHES, plan_turn

S = TargetStatus
EXTRA = TargetSpec(description="find a coffee place", kind="find_poi")


def _t(tid: str, status: S = S.OPEN, pushes: int = 0, introduced: int = 0) -> Target:
    return Target(id=tid, description=tid, status=status, pushes=pushes, introduced_turn=introduced)


def _failed(*ids: str) -> TurnVerdict:
    return TurnVerdict(
        findings=[LabelFinding(label="request_omitted", rationale="r", target_ids=list(ids))]
    )


@pytest.mark.parametrize(
    ("targets", "pending", "feedback", "mode", "focus", "introduce", "drop"),
    [
        # EXPLOIT pushes the target that just failed, else the first open one
        ([_t("t1"), _t("t2")], [], _failed("t2"), StrategyMode.EXPLOIT, ["t2"], [], []),
        ([_t("t1"), _t("t2")], [], None, StrategyMode.EXPLOIT, ["t1"], [], []),
        # completed targets are not pushed; with nothing open a pending request is opened
        ([_t("t1", S.COMPLETED)], [EXTRA], None, StrategyMode.EXPLOIT, [], [EXTRA], []),
        # EXPLORE opens the next pending request
        ([_t("t1")], [EXTRA], None, StrategyMode.EXPLORE, [], [EXTRA], []),
        # a target pushed MAX_PUSHES times is given up
        (
            [_t("t1", pushes=MAX_PUSHES), _t("t2")],
            [],
            None,
            StrategyMode.EXPLOIT,
            ["t2"],
            [],
            ["t1"],
        ),
    ],
)
def test_guided_plan(
    targets: list[Target],
    pending: list[TargetSpec],
    feedback: TurnVerdict | None,
    mode: StrategyMode,
    focus: list[str],
    introduce: list[TargetSpec],
    drop: list[str],
) -> None:
    plan = plan_turn(
        turn=2,
        mode=Mode.GUIDED,
        targets=targets,
        pending_requests=pending,
        feedback=feedback,
        strategy_mode=mode,
        strategies=["safety_probe", "constraint_stacking"],
    )
    assert plan.focus_target_ids == focus
    assert plan.introduce == introduce
    assert plan.drop_target_ids == drop
    assert plan.strategies == ["safety_probe"]  # one probe per utterance
    assert plan.mode is mode


@pytest.mark.parametrize(
    ("turn", "pending", "focus", "introduce"),
    [
        (1, [EXTRA], [], [EXTRA]),  # extra requests first, in order
        (1, [], ["t1"], []),  # then the seed targets in turn
        (2, [], ["t2"], []),
        (3, [], ["t1"], []),
    ],
)
def test_baseline_plan_ignores_feedback(
    turn: int, pending: list[TargetSpec], focus: list[str], introduce: list[TargetSpec]
) -> None:
    targets = [_t("t1"), _t("t2"), _t("t3", introduced=1)]
    plan = plan_turn(
        turn=turn,
        mode=Mode.BASELINE,
        targets=targets,
        pending_requests=pending,
        feedback=_failed("t2"),
        strategy_mode=StrategyMode.EXPLOIT,
        strategies=["safety_probe"],
    )
    assert plan.focus_target_ids == focus and plan.introduce == introduce
    assert plan.strategies == [] and plan.mode is None
