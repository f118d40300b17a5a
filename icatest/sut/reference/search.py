"""POI search with constraints: filter, rank, and say which constraints could not be met."""

from __future__ import annotations

from dataclasses import dataclass, field

from icatest.sut.reference.lexicon import FEATURE_CONSTRAINTS
from icatest.sut.reference.travel import detour_km, on_the_way
from icatest.sut.reference.world import Poi, coords, haversine_km

Point = tuple[float, float]
NEAR_KM = 4.0


@dataclass
class Query:
    category: str
    origin: Point
    constraints: list[str]
    minute: int
    weekday: int
    dest: Point | None = None
    near: Point | None = None


@dataclass
class Hit:
    poi: Poi
    km: float
    met: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)


def satisfies(poi: Poi, constraint: str, q: Query) -> bool:
    if constraint in FEATURE_CONSTRAINTS:
        return constraint in poi.features
    if constraint == "cheap":
        return poi.price == 1
    if constraint == "highly_rated":
        return poi.rating >= 4.4
    if constraint == "open_now":
        return poi.open_at(q.minute, q.weekday)
    if constraint == "along_route":
        return q.dest is not None and on_the_way(q.origin, poi, q.dest)
    if constraint.startswith("near:"):
        return q.near is not None and haversine_km(q.near, coords(poi)) <= NEAR_KM
    return True  # route constraints do not restrict places


def search(candidates: list[Poi], q: Query) -> Hit | None:
    """The POI meeting most constraints; ties go to the closest (or smallest detour)."""
    if not candidates:
        return None
    anchor = q.near or q.origin

    def rank(poi: Poi) -> tuple[int, float]:
        met = sum(satisfies(poi, c, q) for c in q.constraints)
        dist = (
            detour_km(q.origin, poi, q.dest)
            if q.dest is not None
            else haversine_km(anchor, coords(poi))
        )
        return (-met, dist)

    best = min(candidates, key=rank)
    met = [c for c in q.constraints if satisfies(best, c, q)]
    missing = [c for c in q.constraints if c not in met]
    return Hit(best, round(haversine_km(q.origin, coords(best)) * 1.3, 1), met, missing)
