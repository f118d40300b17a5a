"""Seed pool from the Stanford in-car dialogue corpus (KVRET, Eric et al. 2017).

Each dialogue becomes one seed: the driver's first utterance is the phrase, and the targets come
from the task intent plus the slots the corpus annotators gave the assistant turns:

* navigate: a named place (`poi`) becomes a `navigate` target to it, a category only (`poi_type`)
  a `find_poi` target; "avoid heavy traffic"/"quickest" map to the `fastest` constraint, on the
  first target when the first exchange carries it, else on a follow-up request (`extra_requests`)
  as the driver asked for it later.
* weather: an `info` target (topic weather, place = location); no location anywhere in the
  dialogue marks it ambiguous, as the assistant then had to ask.
* schedule: an `other` target (calendar requests are outside the in-car world we model).

The conversion is deterministic: same file and options, same pool.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from icatest.contracts.scenario import Seed, SeedPool, TargetSpec
from icatest.errors import ConfigError

_FAST = re.compile(r"avoid|no traffic|least traffic|quick|fast|heavy|road ?block|accident", re.I)
_SPACE = re.compile(r"\s+")


def import_kvret(path: Path, *, pool: str = "kvret", limit: int | None = None) -> SeedPool:
    """Read a KVRET split (JSON list of dialogues) and return a valid SeedPool."""
    dialogues = _read(path)
    split = _split_name(path)
    seeds: list[Seed] = []
    for index, dialogue in enumerate(dialogues):
        if limit is not None and len(seeds) >= limit:
            break
        seed = dialogue_to_seed(dialogue, f"kvret-{split}-{index:04d}", split)
        if seed is not None:
            seeds.append(seed)
    description = f"Imported from the Stanford KVRET corpus ({path.name}): {len(seeds)} dialogues."
    return SeedPool(pool=pool, description=description, seeds=seeds)


def _read(path: Path) -> list[Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(str(path), "file not found") from None
    except (OSError, ValueError) as exc:
        raise ConfigError(str(path), f"not a KVRET JSON file ({exc.__class__.__name__})") from None
    if not isinstance(data, list):
        raise ConfigError(str(path), "expected a JSON list of dialogues")
    return data


def _split_name(path: Path) -> str:
    m = re.search(r"kvret_(\w+?)_public", path.stem)
    return m.group(1) if m else path.stem


def dialogue_to_seed(dialogue: Any, seed_id: str, split: str = "") -> Seed | None:
    """One seed, or None when the dialogue has no driver utterance or an unknown intent."""
    if not isinstance(dialogue, dict):
        return None
    turns = dialogue.get("dialogue") or []
    phrase = _first_driver_utterance(turns)
    intent = ((dialogue.get("scenario") or {}).get("task") or {}).get("intent")
    if not phrase or intent not in _BUILDERS:
        return None
    slots = _merged_slots(turns)
    first = _first_slots(turns)
    later_traffic = "traffic_info" in slots and "traffic_info" not in first
    if later_traffic:  # asked for in a later turn: a later request, not part of turn 0's goal
        traffic = slots.pop("traffic_info")
    target = _BUILDERS[intent](slots)
    extra: list[TargetSpec] = []
    if later_traffic and intent == "navigate" and _FAST.search(traffic):
        extra.append(_navigate({**slots, "traffic_info": traffic}))
        extra[0].description += ", with the least traffic"
    tags = ["kvret", intent] + ([split] if split else [])
    return Seed(id=seed_id, phrase=phrase, targets=[target], extra_requests=extra, tags=tags)


def _first_slots(turns: Iterable[Any]) -> dict[str, Any]:
    """Slots of the first assistant turn: what the driver's first utterance asked for."""
    for turn in turns:
        if isinstance(turn, dict) and turn.get("turn") == "assistant":
            return dict((turn.get("data") or {}).get("slots") or {})
    return {}


def _first_driver_utterance(turns: Iterable[Any]) -> str:
    for turn in turns:
        if isinstance(turn, dict) and turn.get("turn") == "driver":
            text = str((turn.get("data") or {}).get("utterance") or "")
            return _SPACE.sub(" ", text).strip()
    return ""


def _merged_slots(turns: Iterable[Any]) -> dict[str, str]:
    """Slots of all assistant turns; the first value given for a slot wins."""
    merged: dict[str, str] = {}
    for turn in turns:
        if not isinstance(turn, dict) or turn.get("turn") != "assistant":
            continue
        for key, value in ((turn.get("data") or {}).get("slots") or {}).items():
            text = _SPACE.sub(" ", str(value)).strip()
            if text and key not in merged:
                merged[str(key)] = text
    return merged


def _navigate(slots: dict[str, str]) -> TargetSpec:
    constraints = ["fastest"] if _FAST.search(slots.get("traffic_info", "")) else []
    extra: dict[str, str] = {
        k: slots[k] for k in ("distance", "traffic_info", "address") if k in slots
    }
    if "poi" in slots:
        target_slots: dict[str, str] = {"destination": slots["poi"], **extra}
        if "poi_type" in slots:
            target_slots["category"] = slots["poi_type"]
        return TargetSpec(
            description=f"Route to {slots['poi']}",
            kind="navigate",
            slots=target_slots,
            constraints=constraints,
        )
    category = slots.get("poi_type", "place")
    nearest = "nearest" in slots.get("distance", "").lower()
    return TargetSpec(
        description=f"Find {'the nearest' if nearest else 'a'} {category}",
        kind="find_poi",
        slots={"category": category, **extra},
        constraints=constraints,
        ambiguous="poi_type" not in slots,
    )


def _weather(slots: dict[str, str]) -> TargetSpec:
    place, date = slots.get("location"), slots.get("date")
    where = f" in {place}" if place else ""
    when = f" {date}" if date else ""
    target_slots = {"topic": "weather"}
    if place:
        target_slots["place"] = place
    if date:
        target_slots["date"] = date
    if "weather_attribute" in slots:
        target_slots["attribute"] = slots["weather_attribute"]
    return TargetSpec(
        description=f"What's the weather{where}{when}?",
        kind="info",
        slots=target_slots,
        ambiguous=place is None,
    )


def _schedule(slots: dict[str, str]) -> TargetSpec:
    event = slots.get("event", "calendar entry")
    parts = [slots[k] for k in ("date", "time") if k in slots]
    with_party = f" with {slots['party']}" if "party" in slots else ""
    when = f" ({', '.join(parts)})" if parts else ""
    keep: dict[str, str] = {
        k: slots[k] for k in ("date", "time", "party", "room", "agenda") if k in slots
    }
    return TargetSpec(
        description=f"Calendar: {event}{with_party}{when}",
        kind="other",
        slots={"topic": event, **keep},
    )


_BUILDERS = {"navigate": _navigate, "weather": _weather, "schedule": _schedule}


def dialogue_turns(dialogue: Any) -> list[tuple[list[tuple[str, str]], str, str]]:
    """Each (history, driver utterance, assistant reply) of a dialogue, history as
    (driver, assistant) pairs: the turns a judge sees one at a time."""
    out: list[tuple[list[tuple[str, str]], str, str]] = []
    history: list[tuple[str, str]] = []
    driver: str | None = None
    for turn in (dialogue.get("dialogue") or []) if isinstance(dialogue, dict) else []:
        if not isinstance(turn, dict):
            continue
        text = _SPACE.sub(" ", str((turn.get("data") or {}).get("utterance") or "")).strip()
        if turn.get("turn") == "driver":
            driver = text
        elif turn.get("turn") == "assistant" and driver is not None and text:
            out.append((list(history), driver, text))
            history.append((driver, text))
            driver = None
    return out
