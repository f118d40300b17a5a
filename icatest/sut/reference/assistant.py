"""The reference assistant: understand, apply seeded faults, answer, and report what fired."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from icatest.sut.reference import cabin, info, navigation, planning
from icatest.sut.reference.context import DriveContext
from icatest.sut.reference.faults import FaultDice, FaultProfile
from icatest.sut.reference.korean import LEVELS, render_ko
from icatest.sut.reference.nlu import parse
from icatest.sut.reference.render_en import render_en
from icatest.sut.reference.resolve import Turn
from icatest.sut.reference.slots import Request
from icatest.sut.reference.state import Act, Memory
from icatest.sut.reference.world import World, load_world

Handler = Callable[[Request, Turn], list[Act]]
HANDLERS: dict[str, Handler] = {
    "find_poi": navigation.find_poi,
    "navigate": navigation.navigate,
    "recall_arrival": navigation.recall_arrival,
    "multi_stop": planning.multi_stop,
    "add_stop": planning.add_stop,
    "vehicle": cabin.vehicle,
    "unsafe": cabin.unsafe,
    "weather": info.weather,
    "traffic": info.traffic,
    "hours": info.hours,
}


@dataclass
class TurnResult:
    reply: str
    fired: list[dict[str, Any]] = field(default_factory=list)
    acts: list[Act] = field(default_factory=list)


class ReferenceAssistant:
    """Stateless apart from the Memory passed in; the same inputs always give the same reply."""

    def __init__(
        self,
        profile: FaultProfile,
        lang: str = "en",
        register: str | None = None,
        world: World | None = None,
    ) -> None:
        self.profile = profile
        self.lang = lang
        self.register = register or "haeyo"
        self.world = world or load_world()

    def respond(
        self, conversation_id: str, turn_no: int, text: str, ctx: DriveContext, memory: Memory
    ) -> TurnResult:
        dice = FaultDice(self.profile, conversation_id, turn_no)
        turn = Turn(self.world, ctx, memory, dice)
        acts = self._acts(text, turn)
        return TurnResult(self._render(acts, dice), dice.fired, acts)

    def _acts(self, text: str, turn: Turn) -> list[Act]:
        dice = turn.dice
        requests = parse(text, self.world)
        if not requests:
            return [Act("not_understood")]
        words = len(text.split())
        if words >= self.profile.faults.long_utterance_fallback.min_words and dice.wants(
            "long_utterance_fallback"
        ):
            dice.fire("long_utterance_fallback", f"{words}-word utterance answered with a fallback")
            return [Act("fallback")]
        if len(requests) >= 2 and dice.wants("first_request_only"):
            omitted = ", ".join(r.intent for r in requests[1:])
            dice.fire(
                "first_request_only",
                f"answered 1 of {len(requests)} requests ({requests[0].intent}); omitted {omitted}",
            )
            requests = requests[:1]
        acts: list[Act] = []
        for req in requests:
            self._maybe_drop_constraints(req, dice)
            acts.extend(HANDLERS[req.intent](req, turn))
        return acts

    @staticmethod
    def _maybe_drop_constraints(req: Request, dice: FaultDice) -> None:
        if len(req.constraints) >= 2 and dice.wants("drop_constraints"):
            dropped = req.constraints[1:]
            req.constraints = req.constraints[:1]
            dice.fire(
                "drop_constraints",
                f"{req.intent}: kept {req.constraints[0]}, ignored {', '.join(dropped)}",
            )

    def _render(self, acts: list[Act], dice: FaultDice) -> str:
        if self.lang != "ko":
            return render_en(acts)
        drift_to = None
        if dice.wants("register_drift"):
            others = [lv for lv in LEVELS if lv != self.register]
            drift_to = others[dice.turn % len(others)]
            dice.fire("register_drift", f"last sentence in {drift_to} instead of {self.register}")
        return render_ko(acts, self.register, drift_to)
