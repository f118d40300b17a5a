"""Places read against the context: where the car is, and what a reply says a place is.

A driver in Munich who asks for the weather in Paris means the Paris nearest to them; a reply
that places the name on another continent ("Paris, Texas") answers about another place. A
search for something nearby answered only with places hundreds of kilometres away is not done
either, whatever its names. The judge has no gazetteer: it knows the continents of countries
and of the regions replies name after a place ("Paris, Texas", "Birmingham (Alabama)") and
of a few cities, enough to read the context's location.
"""

from __future__ import annotations

import re
from functools import lru_cache

from icatest.judges.rules.text import HANGUL, any_match, distances_km

_CONTINENTS = {
    "europe": """germany, deutschland, france, austria, switzerland, italy, spain, portugal,
    netherlands, belgium, luxembourg, denmark, sweden, norway, finland, poland, czechia,
    czech republic, slovakia, hungary, slovenia, croatia, greece, ireland, england, scotland,
    wales, uk, united kingdom, britain, bavaria, bayern, baden-württemberg, hesse, hessen,
    saxony, sachsen, tyrol, tirol, brandenburg""",
    "north america": """usa, united states, america, canada, mexico, alabama, alaska, arizona,
    arkansas, california, colorado, connecticut, delaware, florida, hawaii, idaho, illinois,
    indiana, iowa, kansas, kentucky, louisiana, maine, maryland, massachusetts, michigan,
    minnesota, mississippi, missouri, montana, nebraska, nevada, new hampshire, new jersey,
    new mexico, new york state, north carolina, north dakota, ohio, oklahoma, oregon,
    pennsylvania, rhode island, south carolina, south dakota, tennessee, texas, utah, vermont,
    virginia, west virginia, wisconsin, wyoming, ontario, quebec, british columbia, alberta,
    tx, fl, il""",
    "asia": """korea, south korea, republic of korea, japan, china, taiwan, singapore, india,
    thailand, vietnam, 한국, 대한민국, 일본, 중국""",
    "oceania": "australia, new zealand",
}
# A region or country a reply names after a place, and its continent.
REGIONS: dict[str, str] = {
    name.strip(): continent
    for continent, names in _CONTINENTS.items()
    for name in names.replace("\n", " ").split(",")
}

# Cities a context's location may name (the context says "Munich, Schwabing", not a country).
CITIES: dict[str, str] = {
    **{c: "europe" for c in """munich münchen berlin hamburg frankfurt stuttgart cologne köln
    düsseldorf nuremberg nürnberg augsburg ingolstadt garching freising dresden leipzig hanover
    vienna wien zurich zürich paris london amsterdam milan rome madrid barcelona prague
    salzburg innsbruck brussels copenhagen stockholm oslo""".split()},
    **{c: "north america" for c in """san diego los angeles la san francisco seattle portland
    chicago boston houston dallas austin denver phoenix miami atlanta toronto vancouver
    montreal""".split()},
    **{c: "asia" for c in "seoul busan incheon gangnam tokyo osaka beijing shanghai".split()},
}
# Road names that say the continent: "A9 near Ingolstadt", "I-5 north of San Diego".
ROADS = ((re.compile(r"\bI-\d+\b|\b(interstate|highway \d+|us-\d+)\b", re.I), "north america"),
         (re.compile(r"\b(A\d+|B\d+|E\d+|autobahn|autoroute|autostrada)\b", re.I), "europe"))


_KNOWN = tuple((name, c) for name, c in (*REGIONS.items(), *CITIES.items()) if len(name) > 2)
_KNOWN_RE = re.compile(
    r"(?<!\w)(" + "|".join(re.escape(n) for n, _ in _KNOWN) + r")(?!\w)", re.I
)  # compiled once: a context is read on every turn
_CONTINENT = dict(_KNOWN)


@lru_cache(maxsize=256)
def continent_of(location: str) -> str | None:
    """The continent of the context's location, when a name in it says so."""
    if HANGUL.search(location):
        return "asia"
    found = [m.group(1).lower() for m in _KNOWN_RE.finditer(location)]
    if found:  # a region or country says more than a city of that name ("Paris, Texas")
        return _CONTINENT[next((n for n in found if n in REGIONS), found[0])]
    for regex, continent in ROADS:
        if regex.search(location):
            return continent
    return None


# "Paris, Texas", "Paris (Texas)", "Paris in Texas": a place name and the region it is in.
_PLACED = re.compile(  # a lookahead, so that "in Paris, Texas" gives Paris as well
    r"(?=\b(?P<name>[A-Z][\w'’-]+(?: [A-Z][\w'’-]+)?)(?:,\s*| \(| in )"
    r"(?P<region>[A-Z][\w'’ -]+))"
)


def placed_elsewhere(reply: str, said: str, location: str) -> str | None:
    """'Paris, Texas' when the driver said 'Paris' (not 'Texas') and the car is in Europe: the
    name grounded on another continent than the context's. None when nothing says so."""
    here = continent_of(location)
    if here is None:
        return None
    low_said = said.lower()
    for m in _PLACED.finditer(reply):
        name, region = m.group("name"), m.group("region").rstrip(") ").lower()
        region = next((r for r in _candidates(region) if r in REGIONS), "")
        if not region or name.lower() not in low_said or region in low_said:
            continue
        if REGIONS[region] != here:
            return f"{name}, {region.title()}"
    return None


def _candidates(region: str) -> list[str]:
    """'texas', 'new york state' -> the longest leading words that name a region."""
    parts = region.split()
    return [" ".join(parts[:n]) for n in range(min(3, len(parts)), 0, -1)]


NEARBY = (r"\b(nearby|near me|near here|around here|closest|nearest|close by|close to me|"
          r"in the area)\b", r"근처|가까운|주변")
FAR_FOR_NEARBY_KM = 100.0


def far_for_nearby(request: str, reply: str) -> float | None:
    """A search for something nearby answered only with places this far (the nearest distance
    named, in km), or None."""
    if not any_match(NEARBY, request.lower()):
        return None
    found = distances_km(reply)
    return min(found) if found and min(found) >= FAR_FOR_NEARBY_KM else None
