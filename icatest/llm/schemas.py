"""The JSON schema a role's output model is sent as: one strict shape for every provider.

`strict_schema(model)` derives it from the pydantic model, so a field added to an output model is
sent without further work. What OpenAI's strict structured outputs require, every other provider
accepts too, so there is one shape:

* every object closes (`additionalProperties: false`) and lists every property in `required`; a
  field with a default stays required (the model sends the value), an optional one is nullable
  (`anyOf [..., {"type": "null"}]`, pydantic's form of `X | None`);
* no `default`, no `title`, and no class docstrings (they are written for readers of the code):
  the field descriptions are the output spec;
* `$ref`s are inlined, so no provider's translation can lose them (litellm's forced-tool shape
  for Anthropic rewrote `#/$defs/X` as `/$defs/X`); a recursive model is refused;
* an open mapping (`dict[str, str]`) cannot be strict: such a field is sent as a list of pairs
  (`pairs()` below) and read back into the mapping, so the rest of the code keeps its dict.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

_DROPPED = ("title", "default", "examples")


class SchemaError(ValueError):
    """An output model whose shape cannot be sent strict (the message names the field)."""


@functools.lru_cache(maxsize=256)
def strict_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The strict JSON schema of `model`, built once per class (shared: never mutate it)."""
    raw = model.model_json_schema()
    defs = raw.pop("$defs", {})
    raw.pop("description", None)  # the class docstring: for readers of the code
    strict: dict[str, Any] = _strict(raw, defs, model.__name__, ())
    return strict


def _strict(node: Any, defs: dict[str, Any], path: str, seen: tuple[str, ...]) -> Any:
    if isinstance(node, list):
        return [_strict(n, defs, path, seen) for n in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        name = str(node["$ref"]).rpartition("/")[2]
        if name in seen:
            raise SchemaError(f"{path}: recursive model {name} cannot be inlined")
        target = {k: v for k, v in defs[name].items() if k != "description"}
        merged = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
        return _strict(merged, defs, path, (*seen, name))
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in _DROPPED:
            continue
        if key == "properties":
            out[key] = {p: _strict(s, defs, f"{path}.{p}", seen) for p, s in value.items()}
        elif key in ("additionalProperties", "propertyNames", "patternProperties"):
            if value is not False:
                raise SchemaError(
                    f"{path}: an open mapping cannot be strict; send it as a list of pairs"
                )
        else:
            out[key] = _strict(value, defs, path, seen)
    if out.get("type") == "object":
        props = out.setdefault("properties", {})
        out["required"] = list(props)
        out["additionalProperties"] = False
    return out


def pairs(
    key: str, value: str, key_schema: dict[str, Any] | None = None
) -> tuple[dict[str, Any], Callable[[Any], Any]]:
    """(JSON schema, before-validator) for a mapping sent as a list of `{key: .., value: ..}`.

    The validator reads a well-formed list back into the dict the code uses; anything else goes
    on to the dict's own validation (a dict as is, a malformed list as a named error)."""
    item = {
        "type": "object",
        "properties": {
            key: copy.deepcopy(key_schema or {"type": "string"}),
            value: {"type": "string"},
        },
        "required": [key, value],
        "additionalProperties": False,
    }

    def to_dict(data: Any) -> Any:
        if isinstance(data, list) and all(
            isinstance(e, dict) and set(e) == {key, value} for e in data
        ):
            return {e[key]: e[value] for e in data}
        return data

    return {"type": "array", "items": item}, to_dict
