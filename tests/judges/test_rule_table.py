"""The golden table of the rules judge (data/rule_table.jsonl): per rule, turns where it must
fire and turns where it must not, each with the labels the whole turn gets. Every rule of the
table has at least one of each. The wordings are the table's own, written from the rubric."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from icatest.judges.rules.table import RULES, judge_turn_input
from icatest.judges.rules.text import plain
from icatest.judges.rules.turn import Request, Situation, TurnInput
from icatest.judges.rules.turn_rules import Judging

TABLE = Path(__file__).parent / "data" / "rule_table.jsonl"


def read_table(path: Path | str = TABLE) -> list[dict[str, Any]]:
    return [json.loads(line) for line in Path(path).read_text("utf-8").splitlines() if line]


def _request(r: dict[str, Any]) -> Request:
    return Request(
        description=r["description"],
        constraints=tuple(r.get("constraints", ())),
        kind=r.get("kind", ""),
        slots=tuple(sorted(r.get("slots", {}).items())),
        ambiguous=r.get("ambiguous", False),
        unsafe=r.get("unsafe", False),
        later_turn=r.get("later_turn", False),
        simulated=r.get("simulated", False),
    )


def turn_of(case: dict[str, Any]) -> TurnInput:
    requests = case.get("requests", [{"description": case["user"]}])
    history = case.get("history", [])
    return TurnInput(
        user=case["user"],
        reply=plain(case["reply"]),
        requests=tuple(_request(r) for r in requests),
        history_users=tuple(u for u, _ in history),
        situation=Situation(case.get("time"), case.get("speed_kmh"), case.get("location", ""),
                            case.get("conditions", "")),
        history_replies=tuple(plain(a) for _, a in history),
    )


def judged(case: dict[str, Any]) -> tuple[set[str], list[str], Judging]:
    """The rules that decided or found something, and the turn's labels."""
    j = judge_turn_input(turn_of(case))
    findings = [*(f for v in j.verdicts for f in v.findings), *j.loose]
    fired = {v.rule for v in j.verdicts} | {f.rule for f in findings}
    labels = sorted({f.label.value for f in findings if f.label is not None})
    return fired, labels, j


CASES = read_table()


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_rule_table_case(case: dict[str, Any]) -> None:
    fired, labels, j = judged(case)
    reasons = [(v.outcome.value, v.rule, v.reason) for v in j.verdicts]
    assert (case["rule"] in fired) is case["fires"], (sorted(fired), reasons)
    assert labels == sorted(case["labels"]), reasons
    if "outcome" in case:  # of the turn's first request
        assert j.verdicts[0].outcome.value == case["outcome"], reasons


def test_every_rule_has_a_firing_and_a_silent_case() -> None:
    fires = {(c["rule"], c["fires"]) for c in CASES}
    missing = [(r.name, f) for r in RULES for f in (True, False) if (r.name, f) not in fires]
    assert not missing
    assert {c["rule"] for c in CASES} <= {r.name for r in RULES}
