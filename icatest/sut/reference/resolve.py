"""One turn's working set, reference resolution against memory, and clarification decisions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from icatest.sut.reference.context import DriveContext
from icatest.sut.reference.faults import FaultDice
from icatest.sut.reference.slots import Request
from icatest.sut.reference.state import Act, Memory, Named
from icatest.sut.reference.world import Poi, World


@dataclass
class Turn:
    world: World
    ctx: DriveContext
    memory: Memory
    dice: FaultDice


@dataclass
class Resolution:
    """A reference resolved to one item, to several (ask), or to nothing (say so)."""

    item: Named | None = None
    options: list[Named] | None = None
    forgotten: bool = False


def resolve_ref(ref: tuple[str, str], turn: Turn) -> Resolution:
    """Resolve 'that cafe' / 'same destination' / 'there' / 'that place' against memory.

    forget_context fires only when memory would have resolved it: forgetting an empty memory
    changes nothing.
    """
    found = _lookup(ref, turn.memory)
    if (found.item or found.options) and turn.dice.wants("forget_context"):
        what = ref[1] or ref[0]
        turn.dice.fire("forget_context", f"forgot the {what} from an earlier turn")
        return Resolution(forgotten=True)
    return found


def _lookup(ref: tuple[str, str], memory: Memory) -> Resolution:
    kind, value = ref
    if kind == "cat":
        poi = memory.last_of(value)
        if poi is None and memory.destination is not None and isinstance(memory.destination, Poi):
            poi = memory.destination if memory.destination.category == value else None
        return Resolution(item=poi)
    if kind == "destination":
        return Resolution(item=memory.destination)
    mentioned = memory.mentioned()
    if kind == "last":
        return Resolution(item=mentioned[-1] if mentioned else None)
    if len(mentioned) == 1:
        return Resolution(item=mentioned[0])
    return Resolution(options=mentioned[-3:]) if mentioned else Resolution()


def clarify_or_pick(
    topic: str, options: Sequence[Named], turn: Turn
) -> tuple[Named | None, Act | None]:
    """Ask which one is meant; with no_clarification, silently take the first option instead."""
    if turn.dice.wants("no_clarification"):
        turn.dice.fire(
            "no_clarification",
            f"picked {options[0].name} for ambiguous '{topic}' without asking "
            f"({len(options)} candidates)",
        )
        return options[0], None
    return None, Act("clarify", {"topic": topic, "options": [o.name for o in options]})


def forgot_act(ref: tuple[str, str]) -> Act:
    """The answer when memory has nothing (or was forgotten): ask the driver again."""
    return Act(
        "unknown_ref", {"what": ref[1] or {"destination": "destination"}.get(ref[0], "place")}
    )


def recall_place(ref: tuple[str, str], turn: Turn) -> Named | Act:
    """The remembered place a reference points to, or the act to answer with instead (a
    clarification when several match, `unknown_ref` when memory has none)."""
    res = resolve_ref(ref, turn)
    picked: Named | None = None
    if res.options:
        picked, act = clarify_or_pick("place", res.options, turn)
        if act:
            return act
    found = picked or res.item
    return found if found is not None else forgot_act(ref)


def spoken_place(req: Request, turn: Turn, first: Named | None = None) -> Named | Act | None:
    """The place a request is about: `first` if given, else the one it names, else the one its
    reference recalls (or the act to answer with instead); None when it names none."""
    item = first or (req.named[0] if req.named else None)
    if item is None and req.ref:
        return recall_place(req.ref, turn)
    return item
