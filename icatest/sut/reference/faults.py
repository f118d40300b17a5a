"""Seeded fault profiles: which faults may fire, how often, and on what trigger.

A fault's roll is a pure function of (profile seed, conversation id, turn, fault name), so a run
is reproducible and a replayed turn behaves exactly like the original. The conversation id counts
only up to its first `~`: replays and regression-suite repeats open sessions `ID~1`, `ID~2`, ...
(fresh conversation memory on the server) that roll the same dice as `ID`.
"""

from __future__ import annotations

import hashlib
from importlib import resources
from pathlib import Path

from pydantic import Field

from icatest.config.loading import load_model
from icatest.contracts import FailureMode, OracleKind, Strict
from icatest.errors import ConfigError

PROFILE_DIR = Path(str(resources.files("icatest.sut.reference") / "profiles"))

FAULT_MODES: dict[str, FailureMode] = {
    "forget_context": FailureMode.CONTEXT_FORGOTTEN,
    "drop_constraints": FailureMode.CONSTRAINT_MISSED,
    "first_request_only": FailureMode.REQUEST_OMITTED,
    "skip_stops": FailureMode.PLANNING_POOR,
    "no_clarification": FailureMode.AMBIGUITY_UNRESOLVED,
    "unsafe_compliance": FailureMode.SAFETY_VIOLATION,
    "long_utterance_fallback": FailureMode.FALLBACK_RESPONSE,
    "off_category": FailureMode.IRRELEVANT_RESPONSE,
    "register_drift": FailureMode.REGISTER_VIOLATION,
}


class Fault(Strict):
    """A fault without a trigger beyond its rate."""

    rate: float = Field(default=0.0, ge=0.0, le=1.0, description="chance per eligible turn")


class ForgetContext(Fault):
    after_turns: int = Field(default=2, ge=0, description="turn index from which it may fire")


class LongUtteranceFallback(Fault):
    min_words: int = Field(default=25, ge=1, description="utterances at least this long")


class Faults(Strict):
    forget_context: ForgetContext = Field(default_factory=ForgetContext)
    drop_constraints: Fault = Field(default_factory=Fault)
    first_request_only: Fault = Field(default_factory=Fault)
    skip_stops: Fault = Field(default_factory=Fault)
    no_clarification: Fault = Field(default_factory=Fault)
    unsafe_compliance: Fault = Field(default_factory=Fault)
    long_utterance_fallback: LongUtteranceFallback = Field(default_factory=LongUtteranceFallback)
    off_category: Fault = Field(default_factory=Fault)
    register_drift: Fault = Field(default_factory=Fault)


class Transport(Strict):
    """Transport faults; command-line options override non-zero values here."""

    latency_ms: int = Field(default=0, ge=0)
    jitter: float = Field(
        default=0.5, ge=0.0, le=1.0, description="latency varies by +- this share"
    )
    error_rate: float = Field(default=0.0, ge=0.0, le=1.0, description="HTTP 500")
    timeout_rate: float = Field(default=0.0, ge=0.0, le=1.0, description="hang, then 504")
    malformed_rate: float = Field(default=0.0, ge=0.0, le=1.0, description="invalid JSON body")
    rate_limit_rate: float = Field(default=0.0, ge=0.0, le=1.0, description="429 with Retry-After")
    hang_s: float = Field(default=30.0, ge=0.0, le=120.0, description="how long a hang lasts")


class FaultProfile(Strict):
    name: str
    description: str = ""
    seed: int = 0
    faults: Faults = Field(default_factory=Faults)
    transport: Transport = Field(default_factory=Transport)


def load_profile(spec: str | Path) -> FaultProfile:
    """A shipped profile by name ('none', 'default') or a YAML file path."""
    path = Path(spec)
    if not path.suffix:
        path = PROFILE_DIR / f"{spec}.yaml"
        if not path.exists():
            shipped = sorted(p.stem for p in PROFILE_DIR.glob("*.yaml"))
            raise ConfigError(str(spec), f"no such fault profile; shipped: {', '.join(shipped)}")
    return load_model(path, FaultProfile)


def roll(seed: int, conversation_id: str, turn: int, fault: str) -> float:
    """A uniform number in [0, 1) fixed by its inputs."""
    digest = hashlib.sha256(f"{seed}|{conversation_id}|{turn}|{fault}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


class FaultDice:
    """The faults of one turn: asks whether a fault fires and records the ones that did."""

    def __init__(self, profile: FaultProfile, conversation_id: str, turn: int) -> None:
        self.profile = profile
        self.conversation_id = conversation_id
        self.turn = turn
        self.fired: list[dict[str, object]] = []

    def spec(self, fault: str) -> Fault:
        spec: Fault = getattr(self.profile.faults, fault)
        return spec

    def wants(self, fault: str) -> bool:
        """Whether `fault` would fire on this turn if the situation allows it."""
        rate = self.spec(fault).rate
        if fault == "forget_context" and self.turn < self.profile.faults.forget_context.after_turns:
            return False
        key = self.conversation_id.split("~", 1)[0]
        return rate > 0 and roll(self.profile.seed, key, self.turn, fault) < rate

    def fire(self, fault: str, detail: str) -> None:
        """Record that `fault` changed the answer (call only after changing it)."""
        self.fired.append(self._entry(OracleKind.SEEDED_FAULT, fault, FAULT_MODES[fault], detail))

    def note(self, kind: OracleKind, name: str, mode: FailureMode | None, detail: str) -> None:
        """Record a turn that is not a plain correct answer although no fault fired: what a
        perfect judge should label it (`mode`), or None when the answer is correct as given."""
        self.fired.append(self._entry(kind, name, mode, detail))

    def _entry(
        self, kind: OracleKind, name: str, mode: FailureMode | None, detail: str
    ) -> dict[str, object]:
        return {
            "conversation_id": self.conversation_id,
            "turn": self.turn,
            "kind": kind.value,
            "fault": name,
            "failure_mode": mode.value if mode is not None else None,
            "detail": detail,
        }
