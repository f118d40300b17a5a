"""A place name that well-known places far apart share ("Frankfurt", "Springfield", "광주"),
and a reply that goes ahead with a reading that does not go without saying: the rubric's
first case of ambiguity, read from a short table of names (no gazetteer)."""

from __future__ import annotations

import re

from icatest.judges.rules.ambiguity import acted_on, acts_on_one
from icatest.judges.rules.korean import is_korean
from icatest.judges.rules.turn import TurnInput
from icatest.judges.rules.turn_rules import Judging

# Names that well-known places far apart share, with the reading a driver means when they
# say the name alone (None: no reading goes without saying) and the words of the others.
HOMONYMS: dict[str, tuple[str | None, tuple[str, ...]]] = {
    "frankfurt": ("main", ("oder",)),
    "freiburg": ("breisgau", ("üechtland", "uechtland", "fribourg", "elbe")),
    "halle": ("saale", ("westfalen", "westf")),
    "neustadt": (None, ("weinstraße", "weinstrasse", "aisch", "holstein", "orla", "donau",
                     "hessen")),
    "springfield": (None, ("illinois", "missouri", "massachusetts", "oregon", "ohio")),
    "portland": ("oregon", ("maine",)),
    "paris": ("france", ("texas", "tennessee", "ontario")),
    "london": ("england", ("ontario", "kentucky")),
    "birmingham": ("england", ("alabama",)),
    "cambridge": ("england", ("massachusetts",)),
    "kingston": ("jamaica", ("ontario", "upon thames", "new york")),
    # Korean, the province said before the name ("경기도 광주", "강원 고성")
    "광주": ("광역시", ("경기도", "경기")),
    "고성": (None, ("강원도", "강원", "경남", "경상남도")),
}


def homonym_picked(turn: TurnInput) -> str | None:
    """The driver names a place that well-known places far apart share, and the reply goes
    ahead with a reading that does not go without saying ("Frankfurt (Oder)"): the reading."""
    said = turn.user.lower()
    reply = turn.reply.lower()
    for name, (usual, others) in HOMONYMS.items():
        # a Korean name takes its particle ('광주로'): only its start is bounded
        at = rf"(?<![가-힣]){name}" if is_korean(name) else rf"\b{name}\b"
        if not re.search(at, said) or not re.search(at, reply):
            continue
        if any(o in said for o in others) or (usual and usual in said):
            continue  # the driver said which
        if any(o in turn.situation.location.lower() for o in others):
            continue  # the one the car is in goes without saying
        if is_korean(name):
            picked = [o for o in others if re.search(rf"{o}\s*{name}", reply)]
        else:
            picked = [o for o in others
                      if re.search(rf"\b{name}\W{{1,3}}(an der |am |im |in )?{o}", reply)]
        if usual is None and not picked:
            # no reading in the reply: it may ask in other words; a route started to the bare
            # name ("route to springfield started, 3 h 10 min.") went ahead with one unsaid
            if "?" not in turn.reply and acts_on_one(turn.reply, turn.user):
                return f"{name} (one it does not name)"
            continue
        if picked and acts_on_one(turn.reply, turn.user):
            return f"{name} {picked[0]}"
    return None


def homonymous_place(turn: TurnInput, j: Judging) -> Judging:
    picked = homonym_picked(turn)
    why = f"a name several places share; the reply goes to {picked!r}"
    return acted_on(turn, j, "homonymous_place", why if picked else None)
