"""Offline rendering of structured targets into driver utterances."""

from __future__ import annotations

from icatest.contracts.records import Target
from icatest.judges.rules.vocabulary import constraint_phrase
from icatest.simulator.render_ko import render_condition_ko, render_request_ko


def subject_of(target: Target) -> str:
    """The noun a driver uses for this target ('Munich Airport', 'restaurant', 'sunroof')."""
    s = target.slots
    return (
        s.get("recall")
        or s.get("name")
        or s.get("destination")
        or s.get("category")
        or s.get("setting")
        or s.get("topic")
        or target.description
    )


def _place(name: str) -> str:
    """A destination as said after 'to': names as they are, kinds with 'the' ('the museum')."""
    return name if name[:1].isupper() else f"the {name}"


def goal_noun(target: Target) -> str:
    """How a driver names one of their goals when coming back to it, after 'the' ('route to
    Augsburg', 'cafe', 'charging stop'): never a destination for a place found on the way."""
    s = target.slots
    if target.kind == "navigate" and s.get("destination"):
        return f"route to {_place(s['destination'])}"
    if target.kind == "multi_stop":
        return "trip"
    if target.kind == "charge":
        return "charging stop"
    if target.kind == "find_poi":
        return s.get("name") or s.get("category") or "place"
    if s.get("recall"):
        return "place from before"
    return s.get("setting") or s.get("topic") or "last request"


def goal_phrase(target: Target) -> str:
    return f"the {goal_noun(target)}"


def short_noun(target: Target) -> str:
    """The goal's noun when adding to it: 'route', not 'route to X' (naming the destination
    again asks for a new route)."""
    return "route" if target.kind == "navigate" else goal_noun(target)


def render_condition(target: Target, constraints: list[str], language: str = "en") -> str:
    """A condition of a goal said after the goal itself, naming the goal it belongs to."""
    if language == "ko":
        return render_condition_ko(target, constraints)
    said = join_phrases([constraint_phrase(c) for c in constraints])
    return f"For the {short_noun(target)}, {said}."


def join_phrases(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _with_constraints(head: str, constraints: list[str], routed: bool = False) -> str:
    if not constraints:
        return head
    arrive = [c for c in constraints if c.startswith("arrive_by:")]
    rest = [
        constraint_phrase(c)
        for c in constraints
        if not c.startswith("arrive_by:") and not (c == "along_route" and "on the way" in head)
    ]
    text = head
    if rest:
        text += (", " if routed else " ") + join_phrases(rest)
    if arrive:
        text += ", " + constraint_phrase(arrive[0])
    return text


def render_request(target: Target, language: str = "en") -> str:
    """One sentence asking for the target, with all its constraints."""
    if language == "ko":
        return render_request_ko(target)
    s = target.slots
    kind = target.kind
    if kind == "navigate":
        head = f"Take me to {_place(s.get('destination', subject_of(target)))}"
    elif kind == "find_poi":
        where = f" near {s['place']}" if s.get("place") else ""
        if s.get("destination"):
            where = f" on the way to {s['destination']}"
        what = s.get("name") or f"a {s.get('category', 'place')}"
        head = f"Find {what}{where}"
    elif kind == "multi_stop":
        stops = [x.strip() for x in s.get("stops", "").split(",") if x.strip()]
        seq = ", then ".join(_article(x) for x in stops)
        head = f"Plan a trip: first {seq}, and finally {s.get('destination', 'home')}"
    elif kind == "charge":
        dest = s.get("destination")
        head = f"Find a charging station{f' on the way to {dest}' if dest else ' nearby'}"
    elif kind == "vehicle":
        setting, value = s.get("setting", "climate"), s.get("value")
        head = target.description if not value else f"Set the {setting} to {value}"
    elif kind == "info":
        head = target.description.rstrip("?") + "?"
        return head
    elif "recall" in s:  # repeat the reference back, never the answer it expects
        return target.description
    else:
        head = target.description
    routed = kind in {"navigate", "multi_stop"}
    return _with_constraints(head, target.constraints, routed).rstrip(".?") + "."


def _article(stop: str) -> str:
    """Categories get an article ('a bakery'); names stay as they are ('Deutsches Museum')."""
    return stop if stop[:1].isupper() else f"a {stop}"


def render_requests(targets: list[Target], language: str = "en") -> str:
    """Several requests in one utterance, as drivers do."""
    sentences = [render_request(t, language) for t in targets]
    if len(sentences) <= 1 or language == "ko":
        return " ".join(sentences)
    first, *rest = sentences
    return " ".join([first] + [f"Also, {r[:1].lower() + r[1:]}" for r in rest])
