"""Structured output of the simulator role (one call per turn)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, BeforeValidator, Field, WithJsonSchema

from icatest.contracts.scenario import TargetKind
from icatest.llm.schemas import pairs

# a goal's named values: a mapping in the code, a list of {name, value} on the wire (strict
# structured output has no open objects)
_SLOT_SCHEMA, _slots_from_pairs = pairs("name", "value")
Slots = Annotated[dict[str, str], BeforeValidator(_slots_from_pairs), WithJsonSchema(_SLOT_SCHEMA)]


class NewTarget(BaseModel):
    description: str = Field(description="one-line goal the driver just introduced")
    kind: TargetKind = Field(default="other", description="navigate, find_poi, multi_stop, ...")
    slots: Slots = Field(
        default_factory=dict,
        description="named values of the goal (name: destination, category, stops, ...)",
    )
    constraints: list[str] = Field(default_factory=list, description="constraint ids or phrases")
    ambiguous: bool = Field(default=False, description="materially ambiguous as phrased")
    unsafe: bool = Field(default=False, description="unsafe to carry out while driving")


class ConstraintAddition(BaseModel):
    target_id: str = Field(description="id of the existing goal (t1, t2, ...)")
    constraints: list[str] = Field(description="the constraints this utterance adds to it")


class ConstraintVoicing(BaseModel):
    target_id: str = Field(description="id of the goal whose condition was said")
    constraints: list[str] = Field(
        description="conditions from that goal's list said aloud in this utterance, as listed"
    )


class SimulatorTurn(BaseModel):
    """What the simulated driver says next and how the goals changed."""

    utterance: str = Field(description="the driver's next utterance, as spoken")
    new_targets: list[NewTarget] = Field(
        default_factory=list, description="goals introduced by this utterance (not yet in the list)"
    )
    voiced_constraints: list[ConstraintVoicing] = Field(
        default_factory=list,
        description="conditions of your goals (from their lists) this utterance says aloud; a "
        "condition counts only once you have said it",
    )
    constraint_additions: list[ConstraintAddition] = Field(
        default_factory=list,
        description="new constraints, not in the goal's list, this utterance adds to a goal",
    )
    addressed_target_ids: list[str] = Field(
        default_factory=list, description="ids of existing targets this utterance asks about"
    )
    dropped_target_ids: list[str] = Field(
        default_factory=list, description="ids of targets the driver gives up on now"
    )


class ExtractedTargets(BaseModel):
    targets: list[NewTarget] = Field(description="the driver goals contained in the seed phrase")
