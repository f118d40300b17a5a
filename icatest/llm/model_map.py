"""What litellm's bundled model map says of a model, read from its JSON file without importing
litellm (which costs ~200 MB and 4 s).

Roles on an OpenAI-compatible server (`openai/NAME@URL`) go through the openai SDK, not
litellm; when NAME is a model the map knows (`openai/gpt-4.1-mini@https://api.openai.com/v1`,
or a proxy in front of it) its output maximum, native JSON-schema support and prices still
apply. The map is read once (≈ 3.5 MB, 30 ms); only those facts are kept.
"""

from __future__ import annotations

import functools
import importlib.util
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MAP_FILE = "model_prices_and_context_window_backup.json"


@dataclass(frozen=True)
class ModelFacts:
    max_output_tokens: int | None = None
    supports_schema: bool = False
    input_cost: float = 0.0  # USD per input token
    output_cost: float = 0.0  # USD per output token
    cached_input_cost: float | None = None  # USD per input token served from the prompt cache

    def cost(self, input_tokens: int, output_tokens: int, cached_tokens: int) -> float:
        """The price of one answer (cached input at its own rate where the map has one)."""
        cached = self.input_cost if self.cached_input_cost is None else self.cached_input_cost
        fresh = max(0, input_tokens - cached_tokens)
        return fresh * self.input_cost + cached_tokens * cached + output_tokens * self.output_cost


UNKNOWN = ModelFacts()


def facts(model: str) -> ModelFacts:
    """`openai/NAME` or `NAME` as litellm's map knows it (UNKNOWN when it does not)."""
    table = _facts()
    return table.get(model) or table.get(model.removeprefix("openai/")) or UNKNOWN


@functools.lru_cache(maxsize=1)
def _facts() -> dict[str, ModelFacts]:
    path = _map_path()
    if path is None:
        return {}
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(raw, dict):
        return {}
    return {name: _read(entry) for name, entry in raw.items() if isinstance(entry, dict)}


def _read(entry: dict[str, Any]) -> ModelFacts:
    cap = entry.get("max_output_tokens") or entry.get("max_tokens")
    cached = entry.get("cache_read_input_token_cost")
    return ModelFacts(
        max_output_tokens=int(cap) if isinstance(cap, int | float) and cap else None,
        supports_schema=bool(entry.get("supports_response_schema")),
        input_cost=_number(entry.get("input_cost_per_token")),
        output_cost=_number(entry.get("output_cost_per_token")),
        cached_input_cost=_number(cached) if cached is not None else None,
    )


def _number(value: Any) -> float:
    return float(value) if isinstance(value, int | float) else 0.0


def _map_path() -> Path | None:
    spec = importlib.util.find_spec("litellm")  # locates the package without importing it
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / MAP_FILE
    return path if path.is_file() else None
