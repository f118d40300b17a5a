"""A driver script: recorded driver turns that stand in for the simulator (replay, suites).

The engine runs a scripted conversation exactly like a simulated one (same assistant session,
judges, target bookkeeping and record), except that the seed's targets and every driver turn
come from the script, and the conversation has exactly as many turns as the script.
"""

from __future__ import annotations

from dataclasses import dataclass

from icatest.contracts.scenario import TargetSpec
from icatest.simulator.schema import SimulatorTurn


@dataclass(frozen=True)
class DriverScript:
    targets: list[TargetSpec]  # the goals the conversation starts with (ids t1, t2, ...)
    turns: list[SimulatorTurn]  # one per turn, in order
