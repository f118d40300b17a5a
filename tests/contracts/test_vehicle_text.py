"""A context's vehicle state written as people write it: read into the same mapping as the
object form, or refused with the field and the value named."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from icatest.contracts import Context
from icatest.contracts.vehicle import TEXT, parse_vehicle
from icatest.sut.reference.context import ContextError, parse_context
from icatest.sut.reference.world import load_world


@pytest.mark.parametrize(
    ("text", "speed", "gear"),
    [
        ("parked", "0", "P"),
        ("Parked outside the office", "0", "P"),
        ("in P, engine off", "0", "P"),
        ("moving at 40 km/h", "40", "D"),
        ("stopped at a light", "0", "D"),
        ("waiting at a red light", "0", "D"),
        ("driving 120 km/h on the highway", "120", "D"),
        ("at 55 mph", "88.5", "D"),
        ("cruising at 62.5 kph", "62.5", "D"),
        ("moving at 15 km/h in heavy traffic", "15", "D"),
        ("시속 40km로 주행 중", "40", "D"),
        ("시속 100킬로로 달리는 중", "100", "D"),
        ("주차 중", "0", "P"),
        ("신호 대기 중", "0", "D"),
    ],
)
def test_text_is_read_into_the_object_fields(text: str, speed: str, gear: str) -> None:
    state = parse_vehicle(text)
    assert state["speed_kmh"] == speed and state["gear"] == gear
    assert state[TEXT] == text


def test_moving_without_a_speed_keeps_the_speed_unknown() -> None:
    state = parse_vehicle("driving on the motorway")
    assert state == {"gear": "D", TEXT: "driving on the motorway"}
    context = Context(id="c", location="A9", date="2025-06-12", time="08:00", vehicle=state)
    assert not context.parked and context.speed_now() is None
    assert context.situation().endswith("The car is moving.")


def test_battery_is_read_beside_the_state() -> None:
    assert parse_vehicle("parked, battery 18%")["battery_pct"] == "18"
    assert parse_vehicle("moving at 30 km/h with 45 % battery")["battery_pct"] == "45"


@pytest.mark.parametrize("text", ["flying high", "fine", "in a good mood", "40", "blue"])
def test_unreadable_text_is_an_error_naming_it(text: str) -> None:
    with pytest.raises(ValueError, match=f"cannot read '{text}' as a vehicle state"):
        parse_vehicle(text)


def test_contradictory_text_is_an_error() -> None:
    with pytest.raises(ValueError, match="parked at a speed above 0"):
        parse_vehicle("parked at 40 km/h")


def test_empty_text_is_no_vehicle_state() -> None:
    assert parse_vehicle("   ") == {}


def _context(vehicle: object) -> Context:
    return Context.model_validate(
        {"id": "c", "location": "Munich", "date": "2025-06-12", "time": "17:20", "vehicle": vehicle}
    )


def test_context_model_reads_text_and_the_object_alike() -> None:
    text = _context("moving at 40 km/h")
    obj = _context({"speed_kmh": "40", "gear": "D"})
    assert {k: v for k, v in text.vehicle.items() if k != TEXT} == obj.vehicle
    assert text.speed_now() == obj.speed_now() == 40.0
    assert text.parked is obj.parked is False
    assert "The car is moving at 40 km/h." in text.situation()
    assert '("moving at 40 km/h")' in text.situation()
    assert _context({"speed_kmh": 40}).vehicle == {"speed_kmh": "40"}  # YAML numbers


def test_stopped_at_a_light_is_not_parked() -> None:
    light, parked = _context("stopped at a light"), _context("parked")
    assert parked.parked and not parked.stopped
    assert light.stopped and not light.parked
    assert light.situation().endswith("The car is stopped in traffic (not parked).")
    assert "Stopped at the start" in light.situation(route_since=1)
    assert _context({"speed_kmh": "0"}).parked  # no gear: 0 km/h still reads as parked


def test_context_model_names_field_and_value() -> None:
    with pytest.raises(ValidationError) as info:
        _context("flying high")
    error = info.value.errors()[0]
    assert error["loc"] == ("vehicle",)
    assert "'flying high'" in error["msg"]


def test_context_schema_offers_both_forms() -> None:
    schema = json.dumps(Context.model_json_schema()["properties"]["vehicle"])
    assert '"object"' in schema and '"string"' in schema


def test_reference_assistant_reads_text_vehicles() -> None:
    world = load_world()
    assert parse_context({"vehicle": "parked"}, world).speed_kmh == 0
    assert parse_context({"vehicle": "at 55 mph"}, world).speed_kmh == pytest.approx(88.5)
    with pytest.raises(ContextError, match="context.vehicle: cannot read 'hovering'"):
        parse_context({"vehicle": "hovering"}, world)

