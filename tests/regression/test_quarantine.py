"""suite run --repeat N --quarantine: pass^k per case, flaky cases listed and kept from failing
the build, JUnit in Surefire's flaky dialect (<flakyFailure>, no <failure>)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import yaml

from icatest.cli import main
from icatest.regression.junit import junit_xml
from icatest.regression.suite import CaseResult, quarantine
from tests.regression import flaky_bot

SUITE = {
    "version": 1,
    "name": "flaky",
    "cases": [{
        "id": "route-garching",
        "context": {"location": "Munich", "date": "2025-06-20", "time": "10:00"},
        "targets": [{"description": "Route to Garching", "kind": "navigate",
                     "slots": {"destination": "Garching"}}],
        "turns": [{"say": "Take me to Garching please.", "addresses": ["t1"]}],
        "expect": [{"anywhere_not": "fallback_response"}],
    }],
}
BOT = "python:tests.regression.flaky_bot:reply"


def _suite(tmp_path: Path) -> Path:
    path = tmp_path / "suite.yaml"
    path.write_text(yaml.safe_dump(SUITE), encoding="utf-8")
    return path


def test_a_flaky_case_fails_the_build_unless_quarantined(tmp_path: Path, capsys) -> None:
    suite, junit = _suite(tmp_path), tmp_path / "junit.xml"
    flaky_bot.STATE["garching_calls"] = 0
    assert main(["suite", "run", str(suite), "--sut", BOT, "--repeat", "3"]) == 1
    flaky_bot.STATE["garching_calls"] = 0
    code = main(["suite", "run", str(suite), "--sut", BOT, "--repeat", "3", "--quarantine",
                 "--junit", str(junit)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "FLAKY   route-garching (1/3 repeats failed)" in out
    assert "pass^1 0.67 pass^2 0.33 pass^3 0.00" in out
    assert "quarantined (flaky, not failing the build): route-garching" in out
    suite_el = ET.parse(junit).getroot().find("testsuite")
    assert suite_el is not None and suite_el.get("failures") == "0"
    case = suite_el.find("testcase")
    assert case is not None and case.find("failure") is None
    flaky = case.findall("flakyFailure")
    assert len(flaky) == 1 and flaky[0].get("type") == "flaky"
    assert flaky[0].get("message", "").startswith("repeat 1 of 3")
    assert "fallback_response" in (flaky[0].findtext("stackTrace") or "")


def test_junit_keeps_unquarantined_flaky_cases_as_failures() -> None:
    bad = ["no turn is x"]
    wobbly = CaseResult(id="w", status="flaky", repeats=3, failed_repeats=2, broken=bad,
                        repeat_broken=[bad, [], bad])
    plain = ET.fromstring(junit_xml("s", [wobbly])).find("testsuite")
    assert plain is not None and plain.get("failures") == "1"
    held = ET.fromstring(junit_xml("s", quarantine([wobbly]))).find("testsuite")
    assert held is not None and held.get("failures") == "0"
    assert [f.get("message") for f in held.iter("flakyFailure")] == [
        "repeat 1 of 3: no turn is x", "repeat 3 of 3: no turn is x"]
