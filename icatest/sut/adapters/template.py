"""JSON body templates and reply paths for the generic HTTP adapter.

Placeholders are rendered on the parsed template, never by pasting text into JSON, so quotes or
newlines in an utterance cannot break the body. A string that is exactly one placeholder takes the
value's own JSON type (`"{{ history }}"` becomes a list, `"{{ turn }}"` a number); a placeholder
inside a longer string is inserted as text (history and context as compact JSON).
`{{ language }}` and `{{ speech_level }}` are fixed per opened assistant (null when not given):
a KPI run opens one assistant per language and Korean speech level and tells it both.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

PLACEHOLDERS = frozenset(
    {"session_id", "utterance", "history", "turn", "context", "language", "speech_level"}
)
# Fixed per opened assistant (a KPI run opens one per language and speech level).
ASSISTANT_VARIABLES = ("language", "speech_level")
_PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_]+)\s*\}\}")


def placeholders(template: Any) -> set[str]:
    """Every placeholder name the template uses."""
    found: set[str] = set()
    _walk_strings(template, lambda s: found.update(_PLACEHOLDER.findall(s)))
    return found


def unknown_placeholders(template: Any) -> set[str]:
    """Names used in the template that the adapter does not know (a config error)."""
    return placeholders(template) - PLACEHOLDERS


def render(template: Any, values: Mapping[str, Any]) -> Any:
    """A deep copy of `template` with placeholders replaced by `values`."""
    if isinstance(template, dict):
        return {render(k, values): render(v, values) for k, v in template.items()}
    if isinstance(template, list):
        return [render(item, values) for item in template]
    if isinstance(template, str):
        whole = _PLACEHOLDER.fullmatch(template.strip())
        if whole and whole.group(1) in values:
            return values[whole.group(1)]
        return _PLACEHOLDER.sub(lambda m: _as_text(values.get(m.group(1), m.group(0))), template)
    return template


def _as_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _walk_strings(node: Any, visit: Any) -> None:
    if isinstance(node, dict):
        for k, v in node.items():
            _walk_strings(k, visit)
            _walk_strings(v, visit)
    elif isinstance(node, list):
        for item in node:
            _walk_strings(item, visit)
    elif isinstance(node, str):
        visit(node)


_MISSING = object()


def extract(data: Any, path: str) -> Any:
    """Follow a dotted path (`choices.0.message.content`); None when any step is missing."""
    node = data
    for step in path.split(".") if path else []:
        node = _step(node, step)
        if node is _MISSING:
            return None
    return node


def _step(node: Any, step: str) -> Any:
    if isinstance(node, Mapping):
        return node.get(step, _MISSING)
    if isinstance(node, list):
        try:
            return node[int(step)]
        except (ValueError, IndexError):
            return _MISSING
    return _MISSING
