"""Inputs of a conversation: seeds, targets, contexts, personas, strategies."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema, field_validator

from icatest.contracts.labels import FailureMode, FindingCause, Mode
from icatest.contracts.vehicle import TEXT, VehicleState

# what a probe can hunt: every label but the failed exchange, which the engine finds on its own
HUNTED_MODES = [m.value for m in FailureMode if m is not FailureMode.ASSISTANT_ERROR]
HuntedMode = Annotated[
    FailureMode,
    WithJsonSchema(
        {"type": "string", "enum": HUNTED_MODES, "description": "the failure mode this probe hunts"}
    ),
]

TargetKind = Literal[
    "navigate",  # route to one destination
    "find_poi",  # search a place (category or name), optionally along a route
    "multi_stop",  # plan with several stops
    "charge",  # EV charging
    "vehicle",  # vehicle setting (climate, windows, seats, ...)
    "info",  # weather, traffic, facts
    "other",
]


class Strict(BaseModel):
    """Base for data-folder models: unknown keys are errors."""

    model_config = ConfigDict(extra="forbid")


class TargetSpec(Strict):
    """A structured driver goal as written in a seed file."""

    description: str = Field(description="one-line goal, e.g. 'Route to Munich Airport'")
    kind: TargetKind = Field(description="what kind of request this is")
    slots: dict[str, str] = Field(
        default_factory=dict,
        description="named values: destination, category, name, setting, value, topic, stops",
    )
    constraints: list[str] = Field(
        default_factory=list, description="constraint ids from the vocabulary, e.g. avoid_highways"
    )
    ambiguous: bool = Field(
        default=False, description="materially ambiguous as first phrased (assistant should ask)"
    )
    unsafe: bool = Field(default=False, description="a request a safe assistant must refuse")


class Seed(Strict):
    id: str
    phrase: str = Field(description="the driver goal in one phrase")
    targets: list[TargetSpec] = Field(
        default_factory=list, description="structured targets; empty means: extract with the LLM"
    )
    extra_requests: list[TargetSpec] = Field(
        default_factory=list, description="follow-up requests the simulator may open when EXPLORING"
    )
    tags: list[str] = Field(default_factory=list)


class SeedPool(Strict):
    pool: str
    description: str = ""
    language: Literal["en", "ko"] = Field(
        default="en", description="what its drivers speak: picks the default persona"
    )
    seeds: list[Seed]


class Context(Strict):
    """Where and when the conversation happens."""

    id: str
    location: str
    date: str = Field(description="ISO date")
    time: str = Field(description="HH:MM local time")
    vehicle: VehicleState = Field(default_factory=dict)

    @property
    def parked(self) -> bool:
        """In gear P; without a gear, at 0 km/h (stopped at a light is gear D: not parked)."""
        v = self.vehicle
        if v.get("gear"):
            return v["gear"].strip().upper() == "P"
        return v.get("speed_kmh", "").strip() in {"0", "0.0"}

    @property
    def stopped(self) -> bool:
        """Standing in traffic: at 0 km/h, not parked."""
        return not self.parked and self.vehicle.get("speed_kmh", "").strip() in {"0", "0.0"}

    def speed_now(self, route_since: int | None = None) -> float | None:
        """The speed the car has now: the context's while it is moving, None (moving, speed
        unknown) once a route runs from a parked start, None when the context gives none."""
        try:
            speed: float | None = float(self.vehicle["speed_kmh"])
        except (KeyError, ValueError):
            speed = None
        if route_since is not None and (speed == 0 or self.parked):
            return None
        return speed

    def situation(self, route_since: int | None = None) -> str:
        """Where, when and, when known, the vehicle state and whether the car is moving (the
        simulator's probes and the judges' safety rules depend on it). The state follows the
        conversation: once a route runs (`route_since`, the turn that started it) the car is
        moving, at the context's speed when it was moving already."""
        text = f"{self.location}, {self.date} {self.time}"
        if not self.vehicle:
            if route_since is not None:
                text += f". A route has been running since turn {route_since}: the car is moving."
            return text
        shown = {k: v for k, v in self.vehicle.items() if k != TEXT}
        if route_since is not None and (self.parked or self.stopped):
            rest = {k: v for k, v in shown.items() if k not in {"speed_kmh", "gear"}}
            if rest:
                text += ", vehicle: " + ", ".join(f"{k}={v}" for k, v in rest.items())
            start = "Parked" if self.parked else "Stopped"
            return text + (
                f". {start} at the start; a route has been running since turn {route_since}: "
                "the car is now moving."
            )
        if shown:
            text += ", vehicle: " + ", ".join(f"{k}={v}" for k, v in shown.items())
        if TEXT in self.vehicle:
            text += f' ("{self.vehicle[TEXT]}")'
        if self.parked:
            return text + ". The car is parked."
        if self.stopped:
            return text + ". The car is stopped in traffic (not parked)."
        speed = self.vehicle.get("speed_kmh")
        text += f". The car is moving at {speed} km/h." if speed else ". The car is moving."
        if route_since is not None:
            text = text[:-1] + f", on a route running since turn {route_since}."
        return text


class ContextSet(Strict):
    contexts: list[Context]


class Persona(Strict):
    name: str
    description: str
    style: list[str] = Field(default_factory=list, description="instructions for an LLM simulator")
    # offline rendering knobs
    opener: list[str] = Field(default_factory=lambda: [""], description="prefixes for utterances")
    closer: list[str] = Field(default_factory=lambda: [""], description="suffixes for utterances")
    terse: bool = Field(default=False, description="drop filler words and politeness")
    language: Literal["en", "ko"] = "en"
    speech_level: Literal["hae", "haeyo", "hapsyo"] | None = Field(
        default=None, description="speech level the assistant must keep (Korean)"
    )


class StrategySpec(Strict):
    name: str
    failure_mode: HuntedMode = Field(description="the failure mode this probe hunts")
    description: str = Field(description="what the probe does and why (for people reading it)")
    driver_move: str | None = Field(
        default=None,
        description="what a model simulator is asked to say, in a driver's terms and without "
        "the probe's aim (it must never learn it is testing); unset: the description",
    )
    driver_examples: list[str] = Field(
        default_factory=list,
        description="abstract examples of the move (what kind of thing to say, never words to "
        "say); a model simulator is shown one per turn, rotated, and an utterance that repeats "
        "one word for word is a simulator fault",
    )
    max_consecutive: int = Field(ge=1, description="consecutive-use limit")
    offline_templates: list[str] = Field(
        min_length=1,
        description="utterance templates for the offline simulator; fields in {braces}",
    )
    applies_to: list[str] = Field(
        default_factory=list, description="target kinds it suits; empty means any"
    )
    languages: list[Literal["en", "ko"]] = Field(default_factory=lambda: ["en"])  # type: ignore[arg-type]
    fires_on: FindingCause | None = Field(
        default=None,
        description="misheard: the probe fires on a finding with this cause (whatever its "
        "label) and is only used where the channel can garble words (not on text)",
    )

    @field_validator("failure_mode")
    @classmethod
    def _huntable(cls, value: FailureMode) -> FailureMode:
        if value is FailureMode.ASSISTANT_ERROR:
            raise ValueError("assistant_error is found by the engine, not hunted by a probe")
        return value


class Scenario(BaseModel):
    """Everything one conversation needs; built by a campaign's sampler or the CLI."""

    model_config = ConfigDict(extra="forbid")

    conversation_id: str
    seed: Seed
    seed_pool: str
    context: Context
    persona: Persona
    mode: Mode = Mode.GUIDED
    max_turns: int = Field(default=8, ge=1, le=100)
    rng_seed: int = 0
    language: Literal["en", "ko"] = "en"
    speech_level: Literal["hae", "haeyo", "hapsyo"] | None = None
    channel: str = Field(default="text", description="text | asr:LEVEL | speech:SNR_DB")
