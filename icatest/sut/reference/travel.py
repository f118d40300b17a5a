"""Travel estimates and multi-stop plans: haversine distance times a road factor, simple speeds.

Deliberately crude but consistent: the same request always gives the same minutes, avoiding
highways is slower, toll roads exist only on the routes to Austria, rush hours slow motorways.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from icatest.sut.reference.world import Place, Poi, bearing_deg, coords, haversine_km

Point = tuple[float, float]
CITY_KMH = 27.0
RURAL_KMH = 55.0
HIGHWAY_KMH = 105.0
# radial motorways out of Munich by compass bearing (degrees, from the centre)
_RADIALS = [
    (35, "A9"),
    (75, "A92"),
    (115, "A94"),
    (160, "A8"),
    (205, "A95"),
    (245, "A96"),
    (320, "A8"),
    (361, "A9"),
]
_TOLL_FREE_DETOUR = 1.12
DWELL_MIN = {
    "bakery": 10,
    "cafe": 30,
    "restaurant": 60,
    "museum": 90,
    "park": 45,
    "supermarket": 20,
    "market": 30,
    "gas_station": 10,
    "charging_station": 30,
    "pharmacy": 10,
    "parking": 5,
    "hotel": 15,
    "station": 10,
    "hospital": 30,
    "bank": 10,
    "dry_cleaner": 10,
    "post_office": 15,
    "florist": 10,
    "hardware_store": 25,
    "garden_centre": 30,
    "snack_bar": 20,
    "playground": 40,
    "ice_cream": 15,
    "zoo": 120,
    "beer_garden": 60,
}


@dataclass(frozen=True)
class RouteOptions:
    avoid_highways: bool = False
    avoid_tolls: bool = False
    fastest: bool = False


@dataclass(frozen=True)
class Leg:
    km: float
    minutes: float
    via: str | None
    toll: bool


def highway_for(target: Place | Poi, origin: Point) -> str | None:
    """The motorway a long drive would take; places may name theirs."""
    if isinstance(target, Place) and target.highway:
        return target.highway
    bearing = bearing_deg(origin, coords(target))
    return next(name for limit, name in _RADIALS if bearing < limit)


def leg(origin: Point, target: Place | Poi, options: RouteOptions, minute_of_day: int) -> Leg:
    """Estimate one drive; motorways only pay off beyond ~6 km straight-line distance."""
    straight = haversine_km(origin, coords(target))
    toll = isinstance(target, Place) and target.toll
    if straight < 6:
        km = straight * 1.35 + 0.3
        return Leg(round(km, 1), max(2.0, km / CITY_KMH * 60), None, False)
    if options.avoid_highways or (toll and options.avoid_tolls):
        km = straight * 1.38 * (_TOLL_FREE_DETOUR if toll else 1.0)
        minutes = 8 + (km - 4) / RURAL_KMH * 60
        return Leg(round(km, 1), minutes, None, False)
    km = straight * 1.22
    minutes = 10 + (km - 5) / (HIGHWAY_KMH * rush_factor(minute_of_day)) * 60
    return Leg(round(km, 1), minutes, highway_for(target, origin), toll)


def rush_factor(minute_of_day: int) -> float:
    """Motorway speed factor: slower in the morning and evening peaks."""
    hour = minute_of_day // 60
    return 0.72 if hour in (7, 8, 16, 17, 18) else 1.0


@dataclass
class Stop:
    target: Place | Poi
    arrive: int
    depart: int


@dataclass
class TripPlan:
    stops: list[Stop] = field(default_factory=list)
    km: float = 0.0

    @property
    def arrival(self) -> int:
        return self.stops[-1].arrive if self.stops else 0


def plan_trip(
    origin: Point, targets: list[Place | Poi], start: int, options: RouteOptions
) -> TripPlan:
    """Drive through `targets` in order, staying a typical time at each POI stop."""
    plan = TripPlan()
    here, clock = origin, float(start)
    for i, target in enumerate(targets):
        one = leg(here, target, options, int(clock))
        clock += one.minutes
        plan.km += one.km
        last = i == len(targets) - 1
        dwell = 0 if last or not isinstance(target, Poi) else DWELL_MIN.get(target.category, 20)
        plan.stops.append(Stop(target, int(round(clock)), int(round(clock + dwell))))
        clock += dwell
        here = coords(target)
    plan.km = round(plan.km, 1)
    return plan


def detour_km(origin: Point, poi: Poi, dest: Point) -> float:
    """Extra straight-line distance of a stop at `poi` between origin and dest."""
    return (
        haversine_km(origin, coords(poi))
        + haversine_km(coords(poi), dest)
        - haversine_km(origin, dest)
    )


def on_the_way(origin: Point, poi: Poi, dest: Point) -> bool:
    direct = haversine_km(origin, dest)
    return detour_km(origin, poi, dest) <= max(3.0, 0.15 * direct)
