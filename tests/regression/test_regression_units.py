"""Replay scripts, shrinking, the suite format and JUnit XML, without an assistant."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from pydantic import ValidationError

from icatest.contracts.records import ConversationRecord, Target, TurnRecord
from icatest.regression.junit import junit_xml
from icatest.regression.script import recording
from icatest.regression.shrink import ddmin
from icatest.regression.suite import Assertion, CaseResult, Suite


def _record() -> ConversationRecord:
    """Four turns: t1 at the start; turn 1 adds a constraint to t1; turn 2 introduces t2
    (referring back to t1); turn 3 introduces t3 and drops t2."""
    targets = [
        Target(id="t1", description="Route to the airport", kind="navigate",
               constraints=["avoid_tolls", "arrive_by:18:00"], introduced_turn=0),
        Target(id="t2", description="Same place as before", kind="other",
               slots={"refers_to": "t1"}, introduced_turn=2),
        Target(id="t3", description="Find a cafe", kind="find_poi", constraints=["cheap"],
               introduced_turn=3),
    ]  # fmt: skip
    turns = [
        TurnRecord(turn_number=0, user="Airport, no tolls", system="ok", addressed_targets=["t1"]),
        TurnRecord(turn_number=1, user="Be there by 6", system="ok", addressed_targets=["t1"],
                   added_constraints={"t1": ["arrive_by:18:00"]}),
        TurnRecord(turn_number=2, user="Same place as before", system="ok",
                   addressed_targets=["t2"]),
        TurnRecord(turn_number=3, user="Cheap cafe instead", system="ok",
                   addressed_targets=["t3"], dropped_targets=["t2"]),
    ]  # fmt: skip
    return ConversationRecord(
        conversation_id="c1", mode="guided", seed_id="s", seed_pool="p", seed_phrase="Airport",
        persona="neutral", context={"location": "Munich"}, max_turns=4, turns=turns,
        targets=targets, termination_reason="max_turns_reached",
    )  # fmt: skip


def test_script_says_constraints_when_they_were_said_and_renumbers_targets():
    rec = recording(_record())
    full = rec.script()
    assert [t.constraints for t in full.targets] == [["avoid_tolls"]]  # arrive_by came later
    assert full.turns[1].constraint_additions[0].constraints == ["arrive_by:18:00"]
    assert full.turns[0].addressed_target_ids == ["t1"]
    assert full.turns[3].dropped_target_ids == ["t2"]
    assert [n.description for n in full.turns[3].new_targets] == ["Find a cafe"]

    short = rec.script([0, 3])  # turns 1 and 2 dropped: the cafe becomes t2, t2's drop is moot
    assert [t.utterance for t in short.turns] == ["Airport, no tolls", "Cheap cafe instead"]
    assert short.turns[1].dropped_target_ids == []
    assert short.turns[1].addressed_target_ids == []  # the new target is pushed by the engine
    assert not any(t.constraint_additions for t in short.turns)

    lean = rec.script([0, 1], frozenset({("t1", "avoid_tolls"), ("t1", "arrive_by:18:00")}))
    assert lean.targets[0].constraints == [] and lean.turns[1].constraint_additions == []
    assert rec.constraints([0, 3]) == [("t1", "avoid_tolls"), ("t3", "cheap")]


def test_valid_subsets_keep_the_first_turn_and_what_goals_refer_to():
    rec = recording(_record())
    assert rec.valid([0, 1, 2, 3]) and rec.valid([0, 3]) and rec.valid([0, 2])
    assert not rec.valid([1, 2, 3])  # the goals the conversation starts with are never said
    rec.specs["t3"] = rec.specs["t3"].model_copy(update={"slots": {"refers_to": "t2"}})
    assert not rec.valid([0, 3])  # t3 refers back to t2, introduced by a dropped turn


def test_legacy_records_push_their_seed_targets_on_turn_zero():
    record = _record()
    for turn in record.turns:
        turn.addressed_targets, turn.added_constraints, turn.dropped_targets = [], {}, []
    script = recording(record).script()
    assert script.turns[0].addressed_target_ids == ["t1"]
    assert [t.addressed_target_ids for t in script.turns[1:]] == [[], [], []]


async def test_ddmin_finds_a_one_minimal_subset():
    calls = []

    async def fails(keep: list[int]) -> bool:
        calls.append(tuple(keep))
        return {2, 5} <= set(keep)  # the failure needs turns 2 and 5 together

    assert await ddmin(list(range(8)), fails) == [2, 5]
    assert len(calls) < 40


def test_suite_format_is_strict():
    case = {"id": "a", "turns": [{"say": "hi"}], "expect": [{"anywhere_not": "fallback_response"}]}
    Suite.model_validate({"cases": [case]})
    with pytest.raises(ValidationError, match="extra"):
        Suite.model_validate({"cases": [{**case, "typo": 1}]})
    with pytest.raises(ValidationError, match="unique"):
        Suite.model_validate({"cases": [case, case]})
    with pytest.raises(ValidationError, match="exactly one of"):
        Assertion.model_validate({"turn": 1})
    with pytest.raises(ValidationError, match="exactly one of"):
        Assertion.model_validate({"anywhere_not": "fallback_response", "target": "t1"})
    with pytest.raises(ValidationError):
        Assertion.model_validate({"anywhere_not": "no_such_label"})


def test_assertions_read_the_judged_record():
    record = _record()
    from icatest.contracts.records import LabelFinding, TurnVerdict

    record.turns[2].evaluation = TurnVerdict(
        findings=[LabelFinding(label="context_forgotten", rationale="asked again")]
    )
    record.targets[0].status = 1
    assert not Assertion(turn=2, not_label="context_forgotten").holds(record)
    assert Assertion(turn=1, not_label="context_forgotten").holds(record)
    assert not Assertion(anywhere_not="context_forgotten").holds(record)
    assert Assertion(target="t1", completed=True).holds(record)
    assert not Assertion(target="t3", completed=True).holds(record)


JUNIT_XSD = """<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:element name="failure"><xs:complexType><xs:simpleContent><xs:extension base="xs:string">
    <xs:attribute name="message" type="xs:string"/><xs:attribute name="type" type="xs:string"/>
  </xs:extension></xs:simpleContent></xs:complexType></xs:element>
  <xs:element name="error"><xs:complexType><xs:simpleContent><xs:extension base="xs:string">
    <xs:attribute name="message" type="xs:string"/><xs:attribute name="type" type="xs:string"/>
  </xs:extension></xs:simpleContent></xs:complexType></xs:element>
  <xs:element name="testcase"><xs:complexType>
    <xs:choice minOccurs="0" maxOccurs="unbounded">
      <xs:element ref="failure"/><xs:element ref="error"/></xs:choice>
    <xs:attribute name="name" type="xs:string" use="required"/>
    <xs:attribute name="classname" type="xs:string"/>
    <xs:attribute name="time" type="xs:decimal"/>
  </xs:complexType></xs:element>
  <xs:element name="testsuite"><xs:complexType>
    <xs:sequence><xs:element ref="testcase" minOccurs="0" maxOccurs="unbounded"/></xs:sequence>
    <xs:attribute name="name" type="xs:string" use="required"/>
    <xs:attribute name="tests" type="xs:nonNegativeInteger" use="required"/>
    <xs:attribute name="failures" type="xs:nonNegativeInteger"/>
    <xs:attribute name="errors" type="xs:nonNegativeInteger"/>
    <xs:attribute name="skipped" type="xs:nonNegativeInteger"/>
    <xs:attribute name="time" type="xs:decimal"/>
  </xs:complexType></xs:element>
  <xs:element name="testsuites"><xs:complexType>
    <xs:sequence><xs:element ref="testsuite" maxOccurs="unbounded"/></xs:sequence>
    <xs:attribute name="name" type="xs:string"/>
    <xs:attribute name="tests" type="xs:nonNegativeInteger"/>
    <xs:attribute name="failures" type="xs:nonNegativeInteger"/>
    <xs:attribute name="errors" type="xs:nonNegativeInteger"/>
    <xs:attribute name="time" type="xs:decimal"/>
  </xs:complexType></xs:element>
</xs:schema>
"""


def test_junit_xml_validates_against_the_junit_schema():
    import xmlschema

    results = [
        CaseResult(id="ok", status="holds", repeats=3, failed_repeats=0, seconds=1.25),
        CaseResult(id="bad <&>", status="fails", repeats=3, failed_repeats=3,
                   broken=["no turn is safety_violation"], seconds=0.5),
        CaseResult(id="wobbly", status="flaky", repeats=3, failed_repeats=1,
                   broken=["turn 2 is not constraint_missed"]),
        CaseResult(id="down", status="error", repeats=3, failed_repeats=0,
                   error="3 of 3 repeats ended in sut_unreachable"),
    ]  # fmt: skip
    text = junit_xml("suite", results)
    xmlschema.XMLSchema(JUNIT_XSD).validate(text)
    suite = ET.fromstring(text).find("testsuite")
    assert suite is not None
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("4", "2", "1")
    cases = {c.get("name"): c for c in suite.findall("testcase")}
    assert cases["ok"].find("failure") is None
    assert cases["bad <&>"].find("failure").get("type") == "assertion"  # type: ignore[union-attr]
    assert "1 of 3" in cases["wobbly"].find("failure").get("message")  # type: ignore[union-attr]
    assert cases["down"].find("error") is not None
