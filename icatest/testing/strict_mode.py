"""A checker of OpenAI's strict structured-output rules (and two of icatest's), for tests.

OpenAI refuses a `json_schema` sent with `strict: true` unless it keeps to a subset of JSON
Schema ("Supported schemas" in OpenAI's structured-outputs guide). The rules checked, each
reported with the path of the node that breaks it:

* `root-object`: the root is an object schema, not `anyOf`;
* `closed`: every object sets `additionalProperties: false` (no open mappings either:
  an `additionalProperties` schema, `propertyNames` or `patternProperties`);
* `required`: every property of an object is in its `required` list (optional fields are
  expressed as a union with null instead);
* `keyword`: only supported keywords: type, properties, required, additionalProperties, items,
  anyOf, enum, const, description, $ref, $defs, and the constraints pattern, format, minimum,
  maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, minItems, maxItems; `default`,
  `allOf`, `oneOf`, `not`, `minLength`, `uniqueItems`, ... are refused;
* `type`: types are string, number, integer, boolean, object, array or null;
* `ref`: a `$ref` points into the schema's own `$defs` and has no sibling keywords;
* `limits`: at most 100 object properties in all and 5 levels of object nesting, 500 enum values
  in all, 15,000 characters of property names, definition names, enum and const values (the
  first published limits; today's are looser, so a schema within these passes every snapshot).

icatest's own rules for what it sends to a model:

* `title`: no `title` (pydantic adds one per field: bytes the model does not need);
* `source-path`: no source paths in descriptions (`icatest/...`, `docs/...`, `x.py`): they are
  written for the model, not for readers of the code.
"""

from __future__ import annotations

import re
from typing import Any

SUPPORTED = frozenset(
    {
        "type",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "anyOf",
        "enum",
        "const",
        "description",
        "$ref",
        "$defs",
        "pattern",
        "format",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "minItems",
        "maxItems",
    }
)
TYPES = frozenset({"string", "number", "integer", "boolean", "object", "array", "null"})
MAX_PROPERTIES = 100
MAX_NESTING = 5
MAX_ENUM_VALUES = 500
MAX_STRING_CHARS = 15_000
_SOURCE_PATH = re.compile(r"icatest/|docs/|\b[\w-]+\.(?:py|md|j2|yaml)\b")


def violations(schema: dict[str, Any]) -> list[str]:
    """Every broken rule, as `rule at path: what` (empty: the schema passes strict mode)."""
    out: list[str] = []
    if schema.get("type") != "object" or "anyOf" in schema:
        out.append("root-object at $: the root must be an object schema")
    tally = {"properties": 0, "enum": 0, "chars": 0}
    defs = schema.get("$defs", {})
    for name, body in defs.items():
        tally["chars"] += len(name)
        _walk(body, f"$defs.{name}", 1, defs, out, tally)
    _walk({k: v for k, v in schema.items() if k != "$defs"}, "$", 1, defs, out, tally)
    if tally["properties"] > MAX_PROPERTIES:
        out.append(f"limits at $: {tally['properties']} properties (at most {MAX_PROPERTIES})")
    if tally["enum"] > MAX_ENUM_VALUES:
        out.append(f"limits at $: {tally['enum']} enum values (at most {MAX_ENUM_VALUES})")
    if tally["chars"] > MAX_STRING_CHARS:
        out.append(f"limits at $: {tally['chars']} characters of names and values")
    return out


def _walk(
    node: Any,
    path: str,
    depth: int,
    defs: dict[str, Any],
    out: list[str],
    tally: dict[str, int],
) -> None:
    if not isinstance(node, dict):
        out.append(f"type at {path}: a schema must be an object")
        return
    _keywords(node, path, out)
    if "$ref" in node:
        _ref(node, path, defs, out)
        return
    description = node.get("description")
    if isinstance(description, str) and _SOURCE_PATH.search(description):
        out.append(f"source-path at {path}: {description!r}")
    types = node.get("type")
    for t in types if isinstance(types, list) else [types] if types is not None else []:
        if t not in TYPES:
            out.append(f"type at {path}: {t!r}")
    for value in node.get("enum", []):
        tally["enum"] += 1
        tally["chars"] += len(str(value))
    if "const" in node:
        tally["chars"] += len(str(node["const"]))
    if types == "object" or "properties" in node:
        _object(node, path, depth, defs, out, tally)
    if "items" in node:
        _walk(node["items"], f"{path}[]", depth, defs, out, tally)
    for i, branch in enumerate(node.get("anyOf", [])):
        _walk(branch, f"{path}|{i}", depth, defs, out, tally)


def _keywords(node: dict[str, Any], path: str, out: list[str]) -> None:
    for key in node:
        if key == "title":
            out.append(f"title at {path}")
        elif key == "$defs" and path != "$":
            out.append(f"keyword at {path}: $defs only at the root")
        elif key not in SUPPORTED:
            out.append(f"keyword at {path}: {key!r} is not supported")


def _ref(node: dict[str, Any], path: str, defs: dict[str, Any], out: list[str]) -> None:
    ref = str(node["$ref"])
    if not ref.startswith("#/$defs/") or ref.removeprefix("#/$defs/") not in defs:
        out.append(f"ref at {path}: {ref!r} does not resolve")
    siblings = sorted(set(node) - {"$ref"})
    if siblings:
        out.append(f"ref at {path}: $ref with sibling keywords {siblings}")


def _object(
    node: dict[str, Any],
    path: str,
    depth: int,
    defs: dict[str, Any],
    out: list[str],
    tally: dict[str, int],
) -> None:
    if depth > MAX_NESTING:
        out.append(f"limits at {path}: object nested {depth} levels (at most {MAX_NESTING})")
    if node.get("additionalProperties") is not False:
        out.append(f"closed at {path}: additionalProperties must be false")
    for key in ("propertyNames", "patternProperties"):
        if key in node:
            out.append(f"closed at {path}: {key} makes an open mapping")
    props = node.get("properties", {})
    missing = [p for p in props if p not in node.get("required", [])]
    for p in missing:
        out.append(f"required at {path}.{p}: not in required")
    for name, sub in props.items():
        tally["properties"] += 1
        tally["chars"] += len(name)
        _walk(sub, f"{path}.{name}", depth + 1, defs, out, tally)
    extra = node.get("additionalProperties")
    if isinstance(extra, dict):
        _walk(extra, f"{path}.*", depth + 1, defs, out, tally)
