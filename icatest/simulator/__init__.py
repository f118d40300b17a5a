"""The strategy-guided user simulator: targets, turn plans, utterances (model or offline)."""

from icatest.simulator.policy import TurnPlan, plan_turn
from icatest.simulator.schema import NewTarget, SimulatorTurn
from icatest.simulator.simulator import SimulatorFailed, initial_targets, next_turn

__all__ = [
    "NewTarget",
    "SimulatorFailed",
    "SimulatorTurn",
    "TurnPlan",
    "initial_targets",
    "next_turn",
    "plan_turn",
]
