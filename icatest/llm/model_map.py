"""Whether litellm's bundled model map knows a model, read from its JSON file without
importing litellm (which costs ~200 MB and 4 s).

litellm's value for an OpenAI-compatible server lies in what it knows of a model: parameters the
model refuses (gpt-5's temperature), its output maximum, native JSON-schema support, prices. For a
model it does not know (a self-hosted one) it sends the request unchanged, so the direct client
can carry it (`llm/direct.py`). The map is read once (≈ 3.5 MB, 30 ms); only the names are kept.
"""

from __future__ import annotations

import functools
import importlib.util
import json
from pathlib import Path

MAP_FILE = "model_prices_and_context_window_backup.json"


def known(model: str) -> bool:
    """`openai/NAME` or `NAME` is in litellm's model map (False when litellm is missing)."""
    names = _names()
    return model in names or model.removeprefix("openai/") in names


@functools.lru_cache(maxsize=1)
def _names() -> frozenset[str]:
    path = _map_path()
    if path is None:
        return frozenset()
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return frozenset()
    return frozenset(raw) if isinstance(raw, dict) else frozenset()


def _map_path() -> Path | None:
    spec = importlib.util.find_spec("litellm")  # locates the package without importing it
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / MAP_FILE
    return path if path.is_file() else None
