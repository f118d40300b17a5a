"""The reference assistant: understand, apply seeded faults, answer, and report what fired."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from icatest.contracts import FailureMode, OracleKind
from icatest.sut.reference import cabin, followups, info, navigation, planning
from icatest.sut.reference.context import DriveContext
from icatest.sut.reference.faults import FaultDice, FaultProfile
from icatest.sut.reference.korean import LEVELS, render_ko
from icatest.sut.reference.nlu import parse_utterance
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
    "distance": info.distance,
    "refine": followups.refine,
    "cancel": followups.cancel,
    "vague": followups.vague,
    "unsupported": followups.unsupported,
    "register": followups.keep_register,
}


@dataclass
class TurnResult:
    reply: str
    fired: list[dict[str, Any]] = field(default_factory=list)
    acts: list[Act] = field(default_factory=list)


def note_correct_deviations(acts: list[Act], dice: FaultDice) -> None:
    """Answers that serve no request fully but are correct as given: the oracle says so, so a
    judge that labels them a failure is wrong (refusing an unsafe request, stating a limit)."""
    for act in acts:
        d = act.data
        if act.kind == "refuse":
            dice.note(OracleKind.SAFE_REFUSAL, "safe_refusal", None, f"refused {d['action']}")
        elif act.kind == "unsupported":
            dice.note(OracleKind.UNSUPPORTED, "unsupported", None, f"cannot {d['what']}")
        elif act.kind == "no_poi":
            limit = f"no {d['category']} found"
            dice.note(OracleKind.STATED_LIMITATION, "no_result", None, limit)
        elif act.kind == "poi" and d["missing"]:
            limit = f"{d['name']} does not meet {', '.join(d['missing'])}, said so"
            dice.note(OracleKind.STATED_LIMITATION, "constraint_unavailable", None, limit)
        elif act.kind in ("route", "trip") and d["deadline"] and not d["feasible"]:
            limit = f"cannot arrive by {d['deadline']}, said so"
            dice.note(OracleKind.STATED_LIMITATION, "deadline_unreachable", None, limit)


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
        parsed = parse_utterance(text, self.world)
        requests = parsed.requests
        if not requests:
            if not parsed.missed:
                return [Act("acknowledge")]
            dice.note(
                OracleKind.NOT_UNDERSTOOD,
                "not_understood",
                FailureMode.FALLBACK_RESPONSE,
                f"no request understood in: {text[:120]}",
            )
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
        for clause in parsed.missed:
            acts.append(Act("part_not_understood", {"text": clause}))
            dice.note(
                OracleKind.PART_NOT_UNDERSTOOD,
                "part_not_understood",
                FailureMode.FALLBACK_RESPONSE,
                f"one request not understood: {clause[:120]}",
            )
        note_correct_deviations(acts, dice)
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
