"""JSONL batches for the CLI: `{"text": ..., "level": ...}` per line in, result dicts out."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from icatest.errors import ConfigError
from icatest.locar.honorifics.classifier import verify
from icatest.locar.honorifics.levels import Level, parse_level
from icatest.locar.honorifics.rewriter import rewrite


@dataclass(frozen=True)
class Request:
    """One input line: the text and the target level."""

    line: int
    text: str
    level: Level


def _parse_line(source: str, number: int, raw: str, default: Level | None) -> Request:
    where = f"line {number}"
    try:
        row: Any = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ConfigError(source, f"not valid JSON ({exc.msg})", where) from exc
    if not isinstance(row, dict):
        raise ConfigError(source, 'expected an object {"text": ..., "level": ...}', where)
    unknown = set(row) - {"text", "level"}
    if unknown:
        raise ConfigError(source, f"unknown key(s): {', '.join(sorted(unknown))}", where)
    text = row.get("text")
    if not isinstance(text, str):
        raise ConfigError(source, "missing or non-string 'text'", where)
    level_value = row.get("level")
    if level_value is None:
        if default is None:
            raise ConfigError(source, "missing 'level' (or pass --level)", where)
        return Request(number, text, default)
    if not isinstance(level_value, str):
        raise ConfigError(source, "'level' must be a string", where)
    try:
        return Request(number, text, parse_level(level_value))
    except ValueError as exc:
        raise ConfigError(source, str(exc), where) from exc


def read_requests(path: Path, default: Level | None = None) -> list[Request]:
    """All requests of a JSONL file; blank lines are skipped, any bad line is an error."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise ConfigError(str(path), f"cannot read file ({exc.strerror})") from exc
    return [
        _parse_line(str(path), n, raw, default)
        for n, raw in enumerate(lines, start=1)
        if raw.strip()
    ]


def check_results(requests: list[Request]) -> Iterator[dict[str, Any]]:
    """One `{"ok", "sentences"}` dict per request, in order."""
    for req in requests:
        result = verify(req.text, req.level)
        yield {
            "ok": result.ok,
            "sentences": [{"text": s.text, "level": s.level.value} for s in result.sentences],
        }


def rewrite_results(requests: list[Request]) -> Iterator[dict[str, Any]]:
    """One `{"text", "level", "ok"}` dict per request, in order."""
    for req in requests:
        result = rewrite(req.text, req.level)
        yield {"text": result.text, "level": result.level.value, "ok": result.ok}
