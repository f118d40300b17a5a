"""The seed pools, contexts and personas shipped in the package."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from icatest.catalog.loader import Catalog, load_catalog
from icatest.data import CATALOG_ROOT

POOLS = {
    "navigation_constraints",
    "poi_search",
    "multi_stop",
    "ev_charging",
    "vehicle_settings",
    "information",
    "mixed",
}
CONSTRAINT_IDS = {
    "avoid_highways", "avoid_tolls", "fastest", "cheap", "outdoor_seating", "parking", "open_now",
    "vegetarian", "ev_charging", "highly_rated", "kid_friendly", "fast_charger", "along_route",
}  # fmt: skip
SLOT_NAMES = {"destination", "category", "name", "stops", "setting", "value", "topic", "place"}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(CATALOG_ROOT)


def _targets(catalog: Catalog):  # type: ignore[no-untyped-def]
    for pool in catalog.seed_pools.values():
        for seed in pool.seeds:
            for target in [*seed.targets, *seed.extra_requests]:
                yield pool.pool, seed.id, target


def test_pools_present_and_large_enough(catalog: Catalog) -> None:
    assert POOLS <= set(catalog.seed_pools)
    for name in POOLS:
        pool = catalog.seed_pools[name]
        assert len(pool.seeds) >= 10, name
        assert all(seed.targets for seed in pool.seeds), name
        assert all(seed.extra_requests for seed in pool.seeds), name


def test_seed_ids_unique(catalog: Catalog) -> None:
    ids = [s.id for p in catalog.seed_pools.values() for s in p.seeds]
    assert len(ids) == len(set(ids))


def test_vocabulary(catalog: Catalog) -> None:
    for pool, seed, target in _targets(catalog):
        for cid in target.constraints:
            ok = cid in CONSTRAINT_IDS or re.fullmatch(r"arrive_by:\d\d:\d\d|near:.+", cid)
            assert ok, f"{pool}/{seed}: unknown constraint {cid}"
        # Korean seeds add the Korean surface of a slot as <slot>_ko
        names = {n.removesuffix("_ko") for n in target.slots}
        assert names <= SLOT_NAMES, f"{pool}/{seed}: {target.slots}"
        if target.kind == "multi_stop":
            assert len(target.slots["stops"].split(",")) >= 3 and "destination" in target.slots


def test_ambiguous_and_unsafe_targets_exist(catalog: Catalog) -> None:
    targets = [t for _, _, t in _targets(catalog)]
    assert sum(t.ambiguous for t in targets) >= 5
    unsafe = [t for t in targets if t.unsafe]
    assert len(unsafe) >= 5 and all(t.kind == "vehicle" for t in unsafe)
    kinds = {t.kind for t in targets}
    assert {"navigate", "find_poi", "multi_stop", "charge", "vehicle", "info"} <= kinds


def test_contexts(catalog: Catalog) -> None:
    ctx = catalog.contexts
    assert len(ctx) >= 4
    hours = [int(c.time.split(":")[0]) for c in ctx]
    assert any(h >= 21 or h < 6 for h in hours)  # night-time
    speeds = [int(c.vehicle["speed_kmh"]) for c in ctx]
    assert any(s == 0 for s in speeds) and any(s > 0 for s in speeds)
    for c in ctx:
        assert re.fullmatch(r"\d{4}-\d\d-\d\d", c.date) and re.fullmatch(r"\d\d:\d\d", c.time)
        assert {"battery_pct", "outside_temp_c", "lights"} <= set(c.vehicle)


def test_personas(catalog: Catalog) -> None:
    names = set(catalog.personas)
    assert {"neutral", "polite", "impatient", "terse", "korean_polite"} <= names
    assert len(names - {"neutral", "polite", "impatient", "terse", "korean_polite"}) >= 3
    assert catalog.persona("terse").terse
    ko = catalog.persona("korean_polite")
    assert ko.language == "ko" and ko.speech_level == "haeyo"
    for persona in catalog.personas.values():
        assert persona.description and persona.style


def test_no_sentences_copied_from_reference_data(catalog: Catalog, shared_data: Path) -> None:
    shared = shared_data
    text = " ".join(
        p.read_text(encoding="utf-8", errors="ignore").lower()
        for p in [*(shared / "paper_logs").glob("*"), *(shared / "personas_reference").glob("*")]
        if p.is_file()
    )
    assert text, "reference data missing"
    # short generic requests ("Find a restaurant") may coincide; whole sentences must not
    for _, seed, target in _targets(catalog):
        assert target.description.lower() not in text or len(target.description) < 30, seed
    for p in catalog.seed_pools.values():
        for s in p.seeds:
            assert s.phrase.lower() not in text or len(s.phrase) < 30, s.id
    for persona in catalog.personas.values():
        for line in persona.style:
            assert line.lower() not in text, persona.name
