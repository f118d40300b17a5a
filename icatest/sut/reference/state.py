"""What the assistant says (acts, before wording) and what it remembers (per-session memory)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from icatest.sut.reference.world import Place, Poi

Named = Place | Poi


@dataclass
class Act:
    """One sentence worth of answer; renderers turn it into English or Korean."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class VehicleState:
    temperature: int = 21
    ac: bool = False
    windows_open: bool = False
    sunroof_open: bool = False
    seat_heating: int = 0
    fog_lights: bool = False
    headlights: bool = True
    doors_locked: bool = True
    music: str | None = None
    volume: int = 5
    interior_light: bool = False
    seat_ventilation: bool = False
    rear_seat_heating: bool = False
    display_brightness: str = "medium"


@dataclass
class Search:
    """The last search of one category, so a follow-up can add constraints to it."""

    category: str
    constraints: list[str]
    near: Named | None = None
    along_to: Named | None = None


@dataclass
class Memory:
    """Per-session memory the references resolve against."""

    found: list[Poi] = field(default_factory=list)
    destination: Named | None = None
    arrival: int | None = None
    arrive_by: str | None = None
    route_constraints: list[str] = field(default_factory=list)
    trip: list[Named] = field(default_factory=list)  # the stops of the active multi-stop plan
    asked: set[str] = field(default_factory=set)  # questions asked once: a repeat gets a default
    searches: dict[str, Search] = field(default_factory=dict)
    last_vehicle: str | None = None
    vehicle: VehicleState = field(default_factory=VehicleState)

    def remember_poi(self, poi: Poi) -> None:
        self.found = [p for p in self.found if p.id != poi.id] + [poi]

    def last_of(self, category: str) -> Poi | None:
        return next((p for p in reversed(self.found) if p.category == category), None)

    def mentioned(self) -> list[Named]:
        """Distinct things talked about, most recent last."""
        items: list[Named] = list(self.found)
        if self.destination is not None and all(i.id != self.destination.id for i in items):
            items.append(self.destination)
        return items
