"""The stop rule (DESIGN.md): the only thing routing decides."""

from __future__ import annotations

import math

from icatest.contracts.labels import Mode, TargetStatus, TerminationReason
from icatest.engine.state import ConversationState


def stop_reason(state: ConversationState) -> TerminationReason | None:
    """Why the conversation ends after the last turn, or None to go on."""
    if state.get("simulator_error"):
        return TerminationReason.SIMULATOR_ERROR
    turns = state.get("turns", [])
    if not turns:
        return None
    scenario = state["scenario"]
    last = turns[-1]
    if last.sut_error is not None:  # call_assistant decided whether the assistant was down
        if state.get("assistant_down"):
            return TerminationReason.SUT_UNREACHABLE
        return TerminationReason.SUT_ERROR
    if external := state.get("external_stop"):
        return external
    if len(turns) >= scenario.max_turns:
        return TerminationReason.MAX_TURNS_REACHED
    targets = state.get("targets", [])
    half_spent = len(turns) >= math.ceil(scenario.max_turns / 2)
    # early stop only in guided mode: the baseline keeps its fixed turn budget
    if (
        scenario.mode is Mode.GUIDED
        and half_spent
        and targets
        and all(t.status != TargetStatus.OPEN for t in targets)
    ):
        return TerminationReason.TARGETS_RESOLVED
    return None
