"""Every role's output model is sent as a schema OpenAI's strict mode accepts, and a reply that
follows it (nulls for the optional fields) validates into the model.

The rules are those of icatest/testing/strict_mode.py (its docstring lists them): root object,
closed objects, every property required, supported keywords only (no `default`), known types,
resolvable `$ref`s without siblings, size limits; plus no `title`s and no source paths in
descriptions.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

import icatest
from icatest.judges.final_turn import FinalJudgement
from icatest.judges.schema import ConversationJudgement, TurnJudgement
from icatest.llm.schemas import SchemaError, strict_schema
from icatest.locar.build.augment import Rewritten, Translated
from icatest.locar.build.dedup import Quality
from icatest.locar.build.extend import MultiTurn
from icatest.locar.build.label import KpiProposal
from icatest.locar.build.qa import QAList
from icatest.locar.kpi.judge import KpiVerdict, LikertVerdict
from icatest.simulator.schema import ExtractedTargets, NewTarget, SimulatorTurn
from icatest.testing.strict_mode import violations

# the output argument of every `gateway.structured(...)` call in the package -> its models
CALL_SITES: dict[str, tuple[type[BaseModel], ...]] = {
    "TurnJudgement": (TurnJudgement,),
    "ConversationJudgement": (ConversationJudgement,),
    "FinalJudgement": (FinalJudgement,),
    "SimulatorTurn": (SimulatorTurn,),
    "ExtractedTargets": (ExtractedTargets,),
    "output_model(kpi)": (KpiVerdict, LikertVerdict),
    "MultiTurn": (MultiTurn,),
    "Quality": (Quality,),
    "KpiProposal": (KpiProposal,),
    "Rewritten": (Rewritten,),
    "Translated": (Translated,),
    "QAList": (QAList,),
}
OUTPUT_MODELS = [m for models in CALL_SITES.values() for m in models]
EMPTY = {"type": "object", "properties": {}, "required": [], "additionalProperties": False}


def _structured_outputs() -> set[str]:
    """The source text of the output argument of each `.structured(` call under icatest/."""
    found: set[str] = set()
    for path in Path(icatest.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "structured"
                and ast.unparse(node.func.value) != "super()"  # a wrapper passes its argument on
            ):
                output = node.args[3] if len(node.args) > 3 else None
                output = output or next(k.value for k in node.keywords if k.arg == "output")
                found.add(ast.unparse(output))
    return found


def test_every_structured_call_is_listed_here() -> None:
    """A new role or task with its own output model must join the strict-schema check."""
    assert _structured_outputs() == set(CALL_SITES)


@pytest.mark.parametrize("model", OUTPUT_MODELS, ids=lambda m: m.__name__)
def test_sent_schema_passes_strict_mode(model: type[BaseModel]) -> None:
    assert violations(strict_schema(model)) == []


def test_the_checker_rejects_what_pydantic_emits_for_the_role_models() -> None:
    """The plain pydantic schemas break the rules the checker exists for."""
    rules = {v.split(" ")[0] for v in violations(ConversationJudgement.model_json_schema())}
    assert {"title", "closed", "required", "ref"} <= rules
    turn = violations(TurnJudgement.model_json_schema())
    assert "required at $.findings: not in required" in turn
    assert any(v.startswith("keyword at ") and "'default'" in v for v in turn)


@pytest.mark.parametrize(
    ("schema", "rule"),
    [
        ({"anyOf": [EMPTY]}, "root-object"),
        ({"type": "object", "properties": {}}, "closed"),
        (
            {
                "type": "object",
                "properties": {"m": {"type": "object", "additionalProperties": {"type": "string"}}},
                "required": ["m"],
                "additionalProperties": False,
            },
            "closed",
        ),
        (
            {
                "type": "object",
                "properties": {"a": {"type": "string"}},
                "required": [],
                "additionalProperties": False,
            },
            "required",
        ),
        (
            {
                "type": "object",
                "properties": {"a": {"type": "string", "default": "x"}},
                "required": ["a"],
                "additionalProperties": False,
            },
            "keyword",
        ),
        (
            {
                "type": "object",
                "properties": {"a": {"type": "string", "minLength": 2}},
                "required": ["a"],
                "additionalProperties": False,
            },
            "keyword",
        ),
        (
            {
                "type": "object",
                "properties": {"a": {"type": "text"}},
                "required": ["a"],
                "additionalProperties": False,
            },
            "type",
        ),
        (
            {
                "type": "object",
                "properties": {"a": {"$ref": "/$defs/A"}},
                "required": ["a"],
                "additionalProperties": False,
                "$defs": {"A": {"type": "string"}},
            },
            "ref",
        ),
        (
            {
                "type": "object",
                "properties": {"a": {"$ref": "#/$defs/A", "description": "x"}},
                "required": ["a"],
                "additionalProperties": False,
                "$defs": {"A": {"type": "string"}},
            },
            "ref",
        ),
        (
            {
                "type": "object",
                "properties": {f"p{i}": {"type": "string"} for i in range(101)},
                "required": [f"p{i}" for i in range(101)],
                "additionalProperties": False,
            },
            "limits",
        ),
        (
            {
                "type": "object",
                "title": "X",
                "properties": {},
                "required": [],
                "additionalProperties": False,
            },
            "title",
        ),
        (
            {
                "type": "object",
                "description": "see icatest/judges/rubric.py",
                "properties": {},
                "required": [],
                "additionalProperties": False,
            },
            "source-path",
        ),
    ],
)
def test_each_rule_fires(schema: dict[str, Any], rule: str) -> None:
    assert [v.split(" ")[0] for v in violations(schema)] == [rule]


def _example(schema: dict[str, Any]) -> Any:
    """The plainest reply that follows `schema`: null wherever null is allowed, one item per
    array (so nested objects are exercised), the first enum value, the minimum number."""
    if "anyOf" in schema:
        branches = schema["anyOf"]
        if any(b.get("type") == "null" for b in branches):
            return None
        return _example(branches[0])
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type")
    if kind == "object":
        return {k: _example(v) for k, v in schema["properties"].items()}
    if kind == "array":
        return [_example(schema["items"])]
    if kind == "string":
        return "t1"
    if kind in ("integer", "number"):
        return schema.get("minimum", 0)
    if kind == "boolean":
        return False
    raise AssertionError(f"unexpected schema {schema}")


@pytest.mark.parametrize("model", OUTPUT_MODELS, ids=lambda m: m.__name__)
def test_a_reply_that_follows_the_schema_validates(model: type[BaseModel]) -> None:
    reply = _example(strict_schema(model))
    assert isinstance(model.model_validate(reply), model)


def test_nulls_for_optional_fields_validate() -> None:
    item = strict_schema(ConversationJudgement)["properties"]["checklist"]["items"]
    assert item["properties"]["turn"]["anyOf"][1] == {"type": "null"}
    assert item["required"] == ["item", "status", "turn"]
    j = ConversationJudgement.model_validate(
        {
            "checklist": [{"item": "avoid tolls", "status": "violated", "turn": None}],
            "context_items": [],
            "ambiguity_items": [],
            "plan": {
                "multi_step_required": False,
                "locations_requested": [],
                "stops_missing": [],
                "issues_found": [],
            },
            "safety_concerns": [],
            "rationales": [{"dimension": "plan_coherence", "text": "no plan asked for"}],
        }
    )
    assert j.checklist[0].turn is None and j.rationales == {"plan_coherence": "no plan asked for"}


def test_open_mappings_go_as_pairs_and_come_back_as_dicts() -> None:
    target = strict_schema(ExtractedTargets)["properties"]["targets"]["items"]
    assert target["properties"]["slots"]["type"] == "array"
    new = NewTarget.model_validate(
        {"description": "Route", "slots": [{"name": "destination", "value": "Augsburg"}]}
    )
    assert new.slots == {"destination": "Augsburg"}
    assert NewTarget(description="x", slots={"a": "b"}).slots == {"a": "b"}  # code keeps dicts
    with pytest.raises(ValueError, match="slots"):
        NewTarget.model_validate({"description": "x", "slots": [{"name": "a"}]})


def test_a_shape_that_cannot_be_strict_is_refused_with_its_field() -> None:
    class Open(BaseModel):
        notes: dict[str, str]

    class Loop(BaseModel):
        child: Loop | None = None

    with pytest.raises(SchemaError, match=r"Open\.notes.*list of pairs"):
        strict_schema(Open)
    with pytest.raises(SchemaError, match="recursive"):
        strict_schema(Loop)


def test_no_docstring_reaches_the_model() -> None:
    """Class docstrings are for readers of the code; field descriptions are the output spec."""
    schema = strict_schema(TurnJudgement)
    assert "description" not in schema
    finding = schema["properties"]["findings"]["items"]
    assert set(finding["properties"]["label"]) == {"type", "enum", "description"}
