"""Offline realisation of strategies: the probe's words (from its YAML templates) and its effect
on the goals (new target, extra constraints), so the offline judge knows what to check."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from icatest.contracts.labels import FailureMode, TargetStatus
from icatest.contracts.records import Target
from icatest.contracts.scenario import Context, StrategySpec
from icatest.judges.rules.text import clock
from icatest.judges.rules.vocabulary import constraint_phrase, spoken_time, unsafe_now
from icatest.simulator.coherence import at_night, fits, night_errand
from icatest.simulator.render import join_phrases, short_noun
from icatest.simulator.schema import ConstraintAddition, NewTarget

STACKABLE = {
    "find_poi": ["cheap", "outdoor_seating", "parking", "open_now", "vegetarian", "highly_rated"],
    "navigate": ["avoid_tolls", "avoid_highways"],
    "charge": ["fast_charger", "open_now", "parking"],
    "multi_stop": ["avoid_tolls", "avoid_highways"],
}
STOP_CATEGORIES = ["bakery", "pharmacy", "park", "cafe", "supermarket", "museum"]
DESTINATIONS = ["Munich Airport", "Allianz Arena", "Garching", "Olympiapark", "Freising"]


PLAN_HOURS = 4  # a plan's deadline: this many hours after the conversation's clock time


def _deadline(now: str) -> str:
    """A same-day deadline some hours ahead (never past midnight: 'by 2am' is another day)."""
    h, m = (int(x) for x in now.split(":"))
    minutes = min(h * 60 + m + PLAN_HOURS * 60, 23 * 60 + 30)
    return f"{minutes // 60:02d}:{30 if minutes % 60 >= 30 else 0:02d}"


@dataclass
class ProbeEffect:
    utterance: str
    new_targets: list[NewTarget] = field(default_factory=list)
    additions: list[ConstraintAddition] = field(default_factory=list)
    addressed: list[str] = field(default_factory=list)


def realise(
    spec: StrategySpec, targets: list[Target], context: Context, rng: random.Random
) -> ProbeEffect | None:
    """The probe for `spec`, or None when it does not fit this conversation right now."""
    template = rng.choice(spec.offline_templates)
    mode = spec.failure_mode
    if spec.fires_on is not None:  # noisy_moment: the critical content, said into the noise
        return _critical(spec, targets, rng)
    if mode is FailureMode.CONSTRAINT_MISSED:
        return _stack(template, spec, targets, rng)
    if mode is FailureMode.CONTEXT_FORGOTTEN:
        return _recall(spec, targets, rng)
    if mode is FailureMode.AMBIGUITY_UNRESOLVED:  # no museum or park asked for at night
        fitting = [x for x in spec.offline_templates if not night_errand(x, context.time)]
        if not fitting:
            return None
        template = template if template in fitting else rng.choice(fitting)
        return ProbeEffect(template, [NewTarget(description=template, ambiguous=True)])
    if mode is FailureMode.SAFETY_VIOLATION:
        # only requests unsafe here and now: no "open the door" while parked
        # the state the assistant was told: its offline judge holds it to nothing else
        speed = context.speed_now()
        fitting = [x for x in spec.offline_templates if unsafe_now(x, context.time, speed)]
        if not fitting:
            return None
        template = template if template in fitting else rng.choice(fitting)
        unsafe = NewTarget(
            description=template, kind="vehicle", unsafe=True, slots={"severity": "critical"}
        )
        return ProbeEffect(template, [unsafe])
    if mode is FailureMode.PLANNING_POOR:
        return _plan(template, targets, context, rng)
    if mode is FailureMode.REGISTER_VIOLATION:  # any answer will do; its speech level is judged
        return ProbeEffect(template, [NewTarget(description=template, kind="other")])
    return None


def _stack(
    template: str, spec: StrategySpec, targets: list[Target], rng: random.Random
) -> ProbeEffect:
    kinds = set(spec.applies_to) & set(STACKABLE)
    candidates = [t for t in targets if t.kind in kinds and t.status != TargetStatus.DROPPED]
    if candidates:
        target = candidates[-1]
        options = [  # only wishes that can belong to this goal: no vegetarian parking garage
            c for c in STACKABLE[target.kind] if c not in target.constraints and fits(c, target)
        ]
        if len(options) >= 2:
            added = rng.sample(options, 2)
            words = join_phrases([constraint_phrase(c) for c in added])
            text = template.format(subject=short_noun(target), constraints=words)
            return ProbeEffect(
                text,
                additions=[ConstraintAddition(target_id=target.id, constraints=added)],
                addressed=[target.id],
            )
    added = rng.sample(STACKABLE["find_poi"], 3)
    words = join_phrases([constraint_phrase(c) for c in added])
    new = NewTarget(
        description=f"Find a restaurant ({', '.join(added)})",
        kind="find_poi",
        slots={"category": "restaurant"},
        constraints=added,
    )
    return ProbeEffect(f"Find a restaurant nearby {words}.", [new])


def _critical(spec: StrategySpec, targets: list[Target], rng: random.Random) -> ProbeEffect | None:
    """Say an open goal's critical content again (its destination, a number, a time): the
    channel puts this turn into a burst of noise (icatest.engine.nodes.channel)."""
    for target in rng.sample(targets, len(targets)):
        if target.status != TargetStatus.OPEN:
            continue
        values = {"destination": target.slots.get("destination") or target.slots.get("name")}
        values["value"] = target.slots.get("value")
        times = [c.split(":", 1)[1] for c in target.constraints if c.startswith("arrive_by:")]
        values["time"] = spoken_time(times[0]) if times else None
        fitting = [
            t for t in spec.offline_templates
            if all(values.get(k) for k in ("destination", "value", "time") if "{" + k + "}" in t)
        ]  # fmt: skip
        if fitting:
            text = rng.choice(fitting).format(**{k: v or "" for k, v in values.items()})
            return ProbeEffect(text, addressed=[target.id])
    return None


def _recall(spec: StrategySpec, targets: list[Target], rng: random.Random) -> ProbeEffect | None:
    """Refer back without naming it: a found place by its category, a destination as 'before'.

    The reply must then name what was established (the category or the destination)."""
    earlier = [t for t in targets if t.status == TargetStatus.COMPLETED] or targets
    places = [t for t in earlier if t.kind == "find_poi" and t.slots.get("category")]
    routes = [t for t in earlier if t.slots.get("destination")]
    by_category = [x for x in spec.offline_templates if "{category}" in x]
    by_destination = [x for x in spec.offline_templates if "{" not in x]
    options: list[tuple[str, Target, str]] = []
    if places and by_category:
        ref = rng.choice(places)
        options.append((rng.choice(by_category), ref, ref.slots["category"]))
    if routes and by_destination:
        ref = rng.choice(routes)
        options.append((rng.choice(by_destination), ref, ref.slots["destination"]))
    if not options:
        return None
    template, ref, expected = rng.choice(options)
    text = template.format(category=ref.slots.get("category", ""))
    new = NewTarget(description=text, kind="other", slots={"recall": expected, "refers_to": ref.id})
    return ProbeEffect(text, [new])


def _plan(
    template: str, targets: list[Target], context: Context, rng: random.Random
) -> ProbeEffect | None:
    """One trip through three kinds of stops to a destination by a deadline; not at night (the
    shops are shut), and with the deadline the driver already gave for that destination."""
    now = clock(context.time)
    if now is None or at_night(now):
        return None
    if any(t.kind == "multi_stop" and t.status == TargetStatus.OPEN for t in targets):
        return None  # one trip at a time: the driver is still waiting for the one asked for
    dests = [t for t in targets if "destination" in t.slots and t.status != TargetStatus.DROPPED]
    destination = dests[0].slots["destination"] if dests else rng.choice(DESTINATIONS)
    given = [
        c.split(":", 1)[1]
        for t in targets
        if t.slots.get("destination") == destination
        for c in [*t.constraints, *t.unvoiced_constraints]
        if c.startswith("arrive_by:")
    ]
    stops = rng.sample(STOP_CATEGORIES, 3)
    deadline = given[0] if given else _deadline(context.time)
    if (clock(deadline) or 0) <= now:
        return None
    spoken = ", then ".join(f"a {s}" for s in stops)
    text = template.format(stops=spoken, destination=destination, time=spoken_time(deadline))
    new = NewTarget(
        description=f"One trip: {', '.join(stops)}, then {destination} by {deadline}",
        kind="multi_stop",
        slots={"stops": ",".join(stops), "destination": destination},
        constraints=[f"arrive_by:{deadline}"],
    )
    return ProbeEffect(text, [new])
