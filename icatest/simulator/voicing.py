"""Did the driver say it? The evidence in an utterance that a declared constraint was voiced.

A simulator declares which conditions of its goals an utterance says aloud; the engine holds
the assistant to a condition only once it was said. The declaration is checked here, the way the
leak check reads utterances (plain text, no model): the constraint families' driver phrasings
(`icatest.judges.rules.constraints`), a deadline's clock time, a place's name, the Korean phrasings
of the offline simulator, and for a free-text constraint its content words. A claim without
evidence is a simulator fault (`SimulatorFaultKind.UNSAID_CONSTRAINT`) and is not counted.
"""

from __future__ import annotations

import re

from icatest.contracts.labels import SimulatorFaultKind
from icatest.contracts.records import SimulatorFault, Target
from icatest.judges.rules.constraints import DEADLINE
from icatest.judges.rules.families import FAMILIES
from icatest.judges.rules.text import any_match, clock, content_stems, heads, minutes_of
from icatest.judges.rules.vocabulary import CONSTRAINTS
from icatest.simulator.render_ko import CONSTRAINT_KO
from icatest.simulator.schema import ConstraintAddition, ConstraintVoicing, NewTarget

_KO_ENDING = re.compile(r"\s*(주세요|으로요|로요)$")


def _said_at(deadline: int, utterance: str) -> bool:
    """The clock time is in the utterance ('6pm', '18:00', '6:30pm'; a 12-hour reading too)."""
    return any(t % 720 == deadline % 720 for t in minutes_of(utterance)) or bool(
        re.search(rf"\b{deadline // 60 % 12 or 12}\s*시", utterance)
    )


def _family_words(name: str) -> tuple[str, ...]:
    """How a driver says a known constraint: the family's phrasings, the offline simulator's
    English and Korean phrases, and the family's Korean evidence."""
    family = FAMILIES.get(name)
    out: list[str] = list(family.asks) if family else []
    if family:
        out += [p for p in family.honours if re.search(r"[가-힣]", p)]
    if name in CONSTRAINTS:
        out.append(re.escape(CONSTRAINTS[name].phrase))
    if name in CONSTRAINT_KO:
        out.append(re.escape(_KO_ENDING.sub("", CONSTRAINT_KO[name])))
    return tuple(out)


def carries(constraint: str, utterance: str) -> bool:
    """Whether `utterance` says `constraint` (an id such as `avoid_tolls`, `arrive_by:18:00`,
    `near:Garching`, or a model's free-text phrase such as 'by 6pm' or 'under 20 euros')."""
    name, _, arg = constraint.partition(":")
    low = utterance.lower()
    if name == "arrive_by" and arg:
        when = clock(arg)
        return when is not None and _said_at(when, utterance)
    if name == "near" and arg:
        return arg.lower() in low or bool(heads(content_stems(arg)) & heads(content_stems(low)))
    words = _family_words(constraint)
    if words:
        return any_match(words, utterance)
    deadline = DEADLINE.search(constraint)
    if deadline:
        times = minutes_of(deadline.group("t"))
        return bool(times) and _said_at(times[0], utterance)
    for family_name, family in FAMILIES.items():  # a phrase of a known family ('no tolls')
        if any_match(family.asks, constraint):
            return any_match(_family_words(family_name), utterance)
    own = heads(content_stems(constraint.replace("_", " ")))
    return bool(own) and own <= heads(content_stems(utterance))


def unsaid(constraints: list[str], utterance: str) -> list[str]:
    return [c for c in constraints if not carries(c, utterance)]


def _as_listed(constraint: str, target: Target) -> str:
    """A declared condition as the goal lists it: a model that writes 'no tolls' for the goal's
    `avoid_tolls` has said that one, not a new condition."""
    if constraint in target.unvoiced_constraints or constraint in target.constraints:
        return constraint
    for listed in target.unvoiced_constraints:
        if carries(listed, constraint):
            return listed
    return constraint


def check_voicing(
    utterance: str,
    voiced: list[ConstraintVoicing],
    additions: list[ConstraintAddition],
    new_targets: list[NewTarget],
    targets: list[Target],
) -> tuple[
    list[ConstraintVoicing], list[ConstraintAddition], list[NewTarget], list[SimulatorFault]
]:
    """The declarations of one turn with every constraint the utterance does not carry taken
    out (voiced conditions, added ones, a new goal's), and a fault for each; a condition
    declared for a goal that does not exist is dropped with a fault too."""
    by_id = {t.id: t for t in targets}
    faults: list[SimulatorFault] = []

    def keep(tid: str, cs: list[str]) -> list[str]:
        missing = unsaid(cs, utterance)
        faults.extend(
            SimulatorFault(
                kind=SimulatorFaultKind.UNSAID_CONSTRAINT,
                detail=f"declared {c!r} but the utterance does not say it",
                target_id=tid,
            )
            for c in missing
        )
        return [c for c in cs if c not in missing]

    out_voiced: list[ConstraintVoicing] = []
    for v in voiced:
        if v.target_id not in by_id:
            faults.append(
                SimulatorFault(
                    kind=SimulatorFaultKind.UNKNOWN_TARGET,
                    detail=f"declared {', '.join(v.constraints)} for a goal that does not exist",
                    target_id=v.target_id,
                )
            )
            continue
        listed = [_as_listed(c, by_id[v.target_id]) for c in v.constraints]
        said = keep(v.target_id, list(dict.fromkeys(listed)))
        if said:
            out_voiced.append(ConstraintVoicing(target_id=v.target_id, constraints=said))
    out_added = []
    for a in additions:
        said = keep(a.target_id, a.constraints)
        if said:
            out_added.append(ConstraintAddition(target_id=a.target_id, constraints=said))
    out_new = [
        n.model_copy(update={"constraints": keep("new", n.constraints)}) for n in new_targets
    ]
    return out_voiced, out_added, out_new, faults
