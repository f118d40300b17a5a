"""The offline judge core's plain inputs: the requests a driver's utterance raised, the reply,
the talk so far and the situation (no engine types, so any caller can build them)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Request:
    description: str
    constraints: tuple[str, ...] = ()
    kind: str = ""  # structured hint (TargetKind) when known
    slots: tuple[tuple[str, str], ...] = ()
    ambiguous: bool = False
    unsafe: bool = False
    later_turn: bool = False  # raised again after the turn it was introduced
    # a target of icatest's own simulator: the reference assistant's oracle conventions apply
    simulated: bool = False

    def slot(self, name: str) -> str:
        return dict(self.slots).get(name, "")


@dataclass(frozen=True)
class Situation:
    time: str | None = None
    speed_kmh: float | None = None
    location: str = ""  # where the car is ("Munich, Schwabing"): places are read against it
    conditions: str = ""  # the vehicle state as written ("moving at 15 km/h in heavy traffic")


@dataclass(frozen=True)
class TurnInput:
    user: str
    reply: str
    requests: tuple[Request, ...]
    history_users: tuple[str, ...] = ()
    situation: Situation = Situation()
    history_replies: tuple[str, ...] = ()
