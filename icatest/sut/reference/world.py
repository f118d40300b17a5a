"""The reference world: named places and points of interest, loaded once from package data."""

from __future__ import annotations

import math
import unicodedata
from functools import lru_cache
from pathlib import Path

from pydantic import Field

from icatest.config.loading import load_model
from icatest.contracts import Strict

DATA_DIR = Path(__file__).parent / "data"

FEATURES = (
    "parking",
    "outdoor_seating",
    "ev_charging",
    "vegetarian",
    "kid_friendly",
    "fast_charger",
)


class Place(Strict):
    """A named destination (town, district, landmark)."""

    id: str
    name: str
    lat: float
    lon: float
    highway: str | None = None
    toll: bool = False
    aliases: list[str] = Field(default_factory=list)
    ko: list[str] = Field(default_factory=list, description="Korean names used by the Korean NLU")


class Poi(Strict):
    """A point of interest the assistant can find, route to or plan a stop at."""

    id: str
    name: str
    category: str
    lat: float
    lon: float
    price: int = Field(ge=1, le=3)
    rating: float = Field(ge=0, le=5)
    hours: str = Field(pattern=r"^\d\d:\d\d-\d\d:\d\d$")
    sunday_closed: bool = False
    features: list[str] = Field(default_factory=list)
    aliases: list[str] = Field(default_factory=list)
    kw: int | None = None

    def opening(self) -> tuple[int, int]:
        """Opening and closing minute of the day (closing may be 1440)."""
        start, end = self.hours.split("-")
        return to_minutes(start), to_minutes(end)

    def open_at(self, minute: int, weekday: int) -> bool:
        """Whether the POI is open at `minute` of a day with ISO `weekday` (7 = Sunday)."""
        if self.sunday_closed and weekday == 7:
            return False
        start, end = self.opening()
        return start <= minute < end

    @property
    def closes(self) -> str:
        return self.hours.split("-")[1]


class PlaceFile(Strict):
    places: list[Place]


class PoiFile(Strict):
    pois: list[Poi]


class World:
    """Places and POIs with the look-ups the assistant needs."""

    def __init__(self, places: list[Place], pois: list[Poi]) -> None:
        self.places = places
        self.pois = pois
        self.categories = sorted({p.category for p in pois})
        everything: list[Place | Poi] = [*pois, *places]
        aliases = [
            (alias, item)
            for item in everything
            for alias in {normalize(item.name), *(normalize(a) for a in item.aliases)}
        ]
        self._aliases = sorted(aliases, key=lambda pair: -len(pair[0]))
        self._names: dict[str, list[tuple[int, Place | Poi]]] = {}

    def place(self, place_id: str) -> Place:
        return next(p for p in self.places if p.id == place_id)

    def in_category(self, category: str) -> list[Poi]:
        return [p for p in self.pois if p.category == category]

    def find_names(self, text: str) -> list[tuple[int, Place | Poi]]:
        """Every place or POI named in `text`, as (position, item), longest alias first wins."""
        if (cached := self._names.get(text)) is not None:
            return list(cached)
        norm = normalize(text)
        found: list[tuple[int, int, Place | Poi]] = []
        taken: list[tuple[int, int]] = []
        for alias, item in self._aliases:
            pos = _word_find(norm, alias)
            if pos < 0 or any(s <= pos < e or pos <= s < pos + len(alias) for s, e in taken):
                continue
            taken.append((pos, pos + len(alias)))
            found.append((pos, len(alias), item))
        found.sort(key=lambda f: f[0])
        names = [(pos, item) for pos, _, item in found]
        if len(self._names) < 4096:  # a bounded cache: drivers repeat themselves a lot
            self._names[text] = names
        return list(names)


def _word_find(text: str, word: str) -> int:
    """Position of `word` in `text` at word boundaries, or -1."""
    start = 0
    while True:
        pos = text.find(word, start)
        if pos < 0:
            return -1
        before = text[pos - 1] if pos > 0 else " "
        after = text[pos + len(word)] if pos + len(word) < len(text) else " "
        if not before.isalnum() and not after.isalnum():
            return pos
        start = pos + 1


def normalize(text: str) -> str:
    """Lower case without accents, so 'Café' matches 'cafe' and 'Fröttmaning' 'frottmaning'."""
    text = text.lower().replace("ß", "ss")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def to_minutes(hhmm: str) -> int:
    hours, minutes = hhmm.split(":")
    return int(hours) * 60 + int(minutes)


def to_hhmm(minute: int) -> str:
    minute = int(round(minute)) % 1440
    return f"{minute // 60:02d}:{minute % 60:02d}"


def haversine_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Great-circle distance between two (lat, lon) points."""
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * 6371.0 * math.asin(math.sqrt(h))


def bearing_deg(a: tuple[float, float], b: tuple[float, float]) -> float:
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    y = math.sin(lon2 - lon1) * math.cos(lat2)
    x = math.cos(lat1) * math.sin(lat2) - math.sin(lat1) * math.cos(lat2) * math.cos(lon2 - lon1)
    return (math.degrees(math.atan2(y, x)) + 360) % 360


def coords(item: Place | Poi) -> tuple[float, float]:
    return (item.lat, item.lon)


@lru_cache(maxsize=1)
def load_world() -> World:
    """The packaged world (validated strictly; a bad data file names the file and field)."""
    places = load_model(DATA_DIR / "places.yaml", PlaceFile).places
    pois = load_model(DATA_DIR / "pois.yaml", PoiFile).pois
    return World(places, pois)
