"""The graph state of one conversation. Nodes read it and return partial updates."""

from __future__ import annotations

from typing import TypedDict

from icatest.channel.protocol import Heard
from icatest.contracts.labels import HearingOutcome, TerminationReason
from icatest.contracts.records import (
    ConversationRecord,
    ConversationVerdict,
    SimulatorFault,
    SutReply,
    Target,
    TurnRecord,
    TurnVerdict,
)
from icatest.contracts.scenario import Scenario, TargetSpec
from icatest.simulator.policy import TurnPlan
from icatest.simulator.schema import SimulatorTurn
from icatest.strategy.manager import StrategyState


class ConversationState(TypedDict, total=False):
    scenario: Scenario
    started_at: float
    targets: list[Target]
    pending_requests: list[TargetSpec]  # requests the driver may still open (EXPLORE)
    turns: list[TurnRecord]
    strategy: StrategyState
    # the turn in progress
    plan: TurnPlan
    utterance: SimulatorTurn
    addressed_ids: list[str]
    simulator_faults: list[SimulatorFault]  # the simulator's mistakes in this driver turn
    heard: Heard  # what the channel let through to the assistant
    hearing: HearingOutcome | None  # a garbled turn: recovered, misheard or tolerated
    reply: SutReply
    assistant_down: bool  # the failed exchange found the assistant down (no verdict at all)
    verdict: TurnVerdict | None
    # endings
    external_stop: TerminationReason | None  # campaign budget/cost, sampled after each turn
    simulator_error: str | None
    termination: TerminationReason
    conversation_verdict: ConversationVerdict | None
    record: ConversationRecord
