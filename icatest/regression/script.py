"""From a recorded conversation to driver scripts: all of its turns, or any subset of them.

A record keeps, per turn, the driver's utterance and what it did to the targets (pushed, added
constraints, dropped) and, per target, the turn that introduced it. That is enough to rebuild the
simulator's side of the conversation: the targets it started with (constraints as first said) and
one `SimulatorTurn` per kept turn. Dropping turns renumbers the targets the way the engine numbers
them (t1, t2, ... in order of introduction), so any subset is a valid conversation on its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from icatest.contracts.records import ConversationRecord, Target
from icatest.contracts.scenario import TargetSpec
from icatest.engine.script import DriverScript
from icatest.simulator.schema import (
    ConstraintAddition,
    ConstraintVoicing,
    NewTarget,
    SimulatorTurn,
)

SPEC_FIELDS = {"description", "kind", "slots", "constraints", "ambiguous", "unsafe"}


@dataclass(frozen=True)
class DriverTurn:
    """One recorded driver turn, in the original target ids."""

    utterance: str
    new_targets: list[str]
    addressed: list[str]
    added: dict[str, list[str]]
    dropped: list[str]
    voiced: dict[str, list[str]]  # target id -> conditions of its own the turn said


@dataclass(frozen=True)
class Recording:
    """What a replay needs of a record: targets as first said and the driver's turns."""

    initial: list[str]  # ids of the targets the conversation started with
    specs: dict[str, TargetSpec]  # every target with its own constraints (said or not)
    turns: list[DriverTurn]

    def valid(self, keep: Sequence[int]) -> bool:
        """Whether the kept turns make a conversation of their own: the first turn (which says
        the goals the conversation starts with) is kept, and no kept goal refers back
        (`refers_to`) to a goal introduced by a dropped turn."""
        kept = set(keep)
        if 0 not in kept:
            return False
        introduced = {t: i for i, turn in enumerate(self.turns) for t in turn.new_targets}
        for i in kept:
            for tid in self.turns[i].new_targets:
                ref = self.specs[tid].slots.get("refers_to")
                if ref in introduced and introduced[ref] not in kept:
                    return False
        return True

    def constraints(self, keep: Sequence[int] | None = None) -> list[tuple[str, str]]:
        """(target id, constraint) pairs the kept turns say, in order (what shrinking may drop)."""
        kept = range(len(self.turns)) if keep is None else sorted(keep)
        pairs = [(t, c) for i in kept for t, cs in self.turns[i].voiced.items() for c in cs]
        pairs += [(t, c) for i in kept for t, cs in self.turns[i].added.items() for c in cs]
        return list(dict.fromkeys(pairs))

    def script(
        self, keep: Sequence[int] | None = None, without: frozenset[tuple[str, str]] = frozenset()
    ) -> DriverScript:
        """The driver script of the kept turns (all by default), with targets renumbered and the
        `without` (target id, constraint) pairs left unsaid."""
        kept = range(len(self.turns)) if keep is None else sorted(keep)

        def spec(tid: str, only: list[str] | None = None) -> TargetSpec:
            base = self.specs[tid]
            own = base.constraints if only is None else only
            said = [c for c in own if (tid, c) not in without]
            return base.model_copy(update={"constraints": said})

        ids: dict[str, str] = {}
        for tid in self.initial:
            ids[tid] = f"t{len(ids) + 1}"
        turns: list[SimulatorTurn] = []
        for i in kept:
            turn = self.turns[i]
            new = []
            for tid in turn.new_targets:  # a new goal holds what its turn said of it
                ids[tid] = f"t{len(ids) + 1}"
                new.append(NewTarget(**spec(tid, turn.voiced.get(tid, [])).model_dump()))
            turns.append(
                SimulatorTurn(
                    utterance=turn.utterance,
                    new_targets=new,
                    voiced_constraints=[
                        ConstraintVoicing(
                            target_id=ids[t], constraints=[c for c in cs if (t, c) not in without]
                        )
                        for t, cs in turn.voiced.items()
                        if t in ids
                        and t not in turn.new_targets
                        and any((t, c) not in without for c in cs)
                    ],
                    addressed_target_ids=[
                        ids[t] for t in turn.addressed if t in ids and t not in turn.new_targets
                    ],
                    constraint_additions=[
                        ConstraintAddition(
                            target_id=ids[t], constraints=[c for c in cs if (t, c) not in without]
                        )
                        for t, cs in turn.added.items()
                        if t in ids and any((t, c) not in without for c in cs)
                    ],
                    dropped_target_ids=[ids[t] for t in turn.dropped if t in ids],
                )
            )
        return DriverScript(targets=[spec(t) for t in self.initial], turns=turns)


def _own(target: Target, added: Sequence[str]) -> TargetSpec:
    """The target's own constraints: the ones said (not added later) and the ones never said."""
    data = target.model_dump(include=SPEC_FIELDS)
    said = [c for c in target.constraints if c not in added]
    data["constraints"] = [*said, *target.unvoiced_constraints]
    return TargetSpec.model_validate(data)


def _voiced_by_turn(record: ConversationRecord, added_to: dict[str, list[str]]) -> dict[int, dict]:
    """turn -> target id -> the target's own constraints that turn said (`constraint_turns`;
    records of schema version 1: all of them at the target's introduction)."""
    out: dict[int, dict[str, list[str]]] = {}
    for t in record.targets:
        for c in t.constraints:
            if c not in added_to.get(t.id, []):
                out.setdefault(t.voiced_turn(c), {}).setdefault(t.id, []).append(c)
    return out


def recording(record: ConversationRecord) -> Recording:
    """The recording of a conversation record.

    Records written before turns kept their target actions have none: then turn 0 pushes every
    target the conversation started with and later turns push the targets they introduced.
    """
    added_to: dict[str, list[str]] = {}
    for turn in record.turns:
        for tid, constraints in turn.added_constraints.items():
            added_to.setdefault(tid, []).extend(constraints)
    specs = {t.id: _own(t, added_to.get(t.id, [])) for t in record.targets}
    voiced = _voiced_by_turn(record, added_to)
    initial = [t.id for t in record.targets if t.introduced_turn == 0]
    legacy = not any(t.addressed_targets for t in record.turns)
    turns = []
    for turn in record.turns:
        n = turn.turn_number
        introduced = [t.id for t in record.targets if t.introduced_turn == n and n > 0]
        addressed = list(turn.addressed_targets)
        if legacy:
            addressed = initial + introduced if n == 0 else introduced
        turns.append(
            DriverTurn(
                utterance=turn.user,
                new_targets=introduced,
                addressed=addressed,
                added=dict(turn.added_constraints),
                dropped=list(turn.dropped_targets),
                voiced=voiced.get(n, {}),
            )
        )
    return Recording(initial=initial, specs=specs, turns=turns)
