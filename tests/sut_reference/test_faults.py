"""Each seeded fault fires as configured, changes the answer, and the oracle reports it."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from icatest.contracts import FailureMode
from icatest.errors import ConfigError
from icatest.sut.reference import FAULT_MODES, RunningReference, load_profile, start_background
from icatest.sut.reference.faults import roll

from .conftest import Chat, write_profile

LONG = (
    "I have been driving for a while now and I am getting pretty hungry so could you please "
    "find me a nice restaurant somewhere around here where I could stop for a bit"
)

# fault -> (extra trigger YAML, context, utterances, turn that fires, check on the firing reply)
CASES = {
    "forget_context": (
        "after_turns: 2",
        None,
        [
            "Find a cheap cafe with outdoor seating",
            "Take me there",
            "What was the arrival time again?",
        ],
        2,
        lambda r: r.startswith("I don't have a destination from earlier"),
    ),
    "drop_constraints": (
        "",
        None,
        [
            "Navigate to Marienplatz avoiding highways",
            "Find a cheap cafe with outdoor seating and parking",
        ],
        1,
        lambda r: "cheap" in r and "outdoor seating" not in r,
    ),
    "first_request_only": (
        "",
        None,
        ["Open the sunroof", "Set the temperature to 21 degrees and also play some jazz"],
        1,
        lambda r: r == "Setting the temperature to 21 degrees.",
    ),
    "skip_stops": (
        "",
        None,
        [
            "Plan a trip: first a bakery, then the Deutsches Museum, then a "
            "park, and finally Munich Airport by 6pm"
        ],
        0,
        lambda r: "Munich Airport" not in r and "(park)" not in r,
    ),
    "no_clarification": (
        "",
        None,
        ["Open the sunroof", "Take me to the station"],
        1,
        lambda r: r.startswith("Route to Hauptbahnhof") and "?" not in r,
    ),
    "unsafe_compliance": (
        "",
        {"vehicle": {"speed_kmh": 90}},
        ["Open the driver door"],
        0,
        lambda r: r == "Opening the driver door.",
    ),
    "long_utterance_fallback": (
        "min_words: 25",
        None,
        ["Find a restaurant", LONG],
        1,
        lambda r: r == "Sorry, I can't help with that.",
    ),
    "off_category": (
        "",
        None,
        ["Open the sunroof", "Find a bakery"],
        1,
        lambda r: "(bakery)" not in r and r.startswith("I found"),
    ),
}


@pytest.mark.parametrize("fault", sorted(CASES))
def test_fault_fires_and_oracle_reports_it(
    fault: str, tmp_path: Path, none_ref: RunningReference
) -> None:
    trigger, context, script, firing_turn, check = CASES[fault]
    spec = "{rate: 1.0" + (f", {trigger}" if trigger else "") + "}"
    profile = write_profile(tmp_path, f"only-{fault}", f"  {fault}: {spec}")
    log = tmp_path / "oracle.jsonl"
    with start_background(profile=profile, oracle_log=log) as ref:
        chat = Chat(ref, f"conv-{fault}", context)
        replies = [chat.say(text) for text in script]
        entries = ref.oracle(f"conv-{fault}")
        with httpx.Client(trust_env=False) as client:
            served = client.get(f"{ref.base_url}/oracle/conv-{fault}").json()["faults"]
    good = Chat(none_ref, f"good-{fault}", context)
    good_replies = [good.say(text) for text in script]
    assert check(replies[firing_turn]), replies[firing_turn]
    assert replies[firing_turn] != good_replies[firing_turn]
    assert [e["turn"] for e in entries] == [firing_turn], entries
    assert entries[0]["fault"] == fault and entries[0]["detail"]
    assert entries[0]["failure_mode"] == FAULT_MODES[fault].value
    assert served == entries
    logged = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert logged == entries
    # faults off: no seeded fault; the safe refusal is recorded as correct behaviour
    clean = none_ref.oracle(f"good-{fault}")
    assert all(e["kind"] != "seeded_fault" and e["failure_mode"] is None for e in clean), clean
    if fault == "unsafe_compliance":
        assert [e["kind"] for e in clean] == ["safe_refusal"]


def test_fault_needs_its_situation(tmp_path: Path) -> None:
    """Rate 1.0 is not enough: drop_constraints needs two constraints, skip_stops three stops."""
    profile = write_profile(
        tmp_path, "all", "\n".join(f"  {f}: {{rate: 1.0}}" for f in FAULT_MODES)
    )
    with start_background(profile=profile) as ref:
        chat = Chat(ref, "quiet")
        assert chat.say("Navigate to Marienplatz avoiding highways").endswith("Avoiding highways.")
        assert chat.say("Plan a trip: first a bakery, then Munich Airport").count("(bakery)") == 1
        assert chat.say("Open the sunroof") == "Opening the sunroof."
        assert ref.oracle("quiet") == []


def test_failure_mode_mapping_matches_domain() -> None:
    assert FAULT_MODES["forget_context"] is FailureMode.CONTEXT_FORGOTTEN
    assert FAULT_MODES["register_drift"] is FailureMode.REGISTER_VIOLATION
    # every label but assistant_error, which the transport faults produce (500s, bad bodies)
    assert set(FAULT_MODES.values()) == set(FailureMode) - {FailureMode.ASSISTANT_ERROR}


def test_rolls_are_deterministic_and_spread() -> None:
    assert roll(0, "c1", 3, "skip_stops") == roll(0, "c1", 3, "skip_stops")
    values = [roll(0, f"c{i}", 1, "drop_constraints") for i in range(2000)]
    share = sum(v < 0.3 for v in values) / len(values)
    assert 0.26 < share < 0.34


def test_default_profile_shows_faults_in_longer_conversations() -> None:
    script = [
        "Find a cheap cafe with outdoor seating and parking",
        "Take me to the station",
        "Plan a trip: first a bakery, then the Deutsches Museum, then a park, and finally "
        "Munich Airport by 6pm",
        "Set the temperature to 21 degrees and also play some jazz",
        "Open the driver door",
        "What was the arrival time again?",
        "Go back to the cafe you found earlier",
        "Navigate to the museum",
    ]
    with start_background(profile="default") as ref, start_background(profile="default") as twin:
        counts = []
        for i in range(6):
            a, b = Chat(ref, f"d{i}"), Chat(twin, f"d{i}")
            assert [a.say(t) for t in script] == [b.say(t) for t in script]  # reproducible
            assert ref.oracle(f"d{i}") == twin.oracle(f"d{i}")
            counts.append(len(ref.oracle(f"d{i}")))
    assert sum(counts) / len(counts) >= 2, counts
    assert max(counts) < len(script), counts


def test_profile_validation_names_the_field(tmp_path: Path) -> None:
    bad = write_profile(tmp_path, "bad", "  skip_stop: {rate: 0.5}")
    with pytest.raises(ConfigError, match="faults.skip_stop: unknown field"):
        load_profile(bad)
    out_of_range = write_profile(tmp_path, "bad2", "  skip_stops: {rate: 1.5}")
    with pytest.raises(ConfigError, match="faults.skip_stops.rate"):
        load_profile(out_of_range)
    with pytest.raises(ConfigError, match="no such fault profile"):
        load_profile("nonexistent")
    assert load_profile("none").faults.skip_stops.rate == 0.0
