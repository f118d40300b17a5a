"""Converters from public calibration data sets to tidy label rows.

* ABC-Eval turn behaviours (`abceval_behavior_results.json`): a mapping dialogue id -> list of
  turns, each with ``behaviors[name] = {"human": [h1, h2], "gpt": g, "specialized": s}``.
  Item = ``<dialogue id>#<turn index>``, dimension = behaviour name in snake case, annotators
  ``human_1``, ``human_2`` and ``gpt`` (plus ``specialized`` on request: it is a trained classifier,
  neither a human nor the GPT judge, so it is left out by default).
* FED (`fed_data.json`): a list of entries, turn-level ones with a ``response`` and
  dialogue-level ones without; ``annotations[quality] = [five ratings]``. Item = ``fed-<index>``,
  dimension = ``turn.<quality>`` or ``dialogue.<quality>``, annotators ``annotator_1..5`` by
  position. Ratings beginning with ``N/A`` are missing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from icatest.calibration.labels import LabelRow, LabelTable, parse_value, read_labels
from icatest.data import packaged_or_path
from icatest.errors import ConfigError


def _snake(name: str) -> str:
    return "_".join(name.strip().lower().split())


def _load_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(str(path), "file not found") from None
    except json.JSONDecodeError as exc:
        raise ConfigError(str(path), f"line {exc.lineno}: invalid JSON ({exc.msg})") from None


def abceval_rows(data: Any, *, include_specialized: bool = False) -> Iterator[LabelRow]:
    """Tidy rows from the parsed ABC-Eval behaviour file."""
    if not isinstance(data, dict):
        raise ValueError("ABC-Eval data must map dialogue ids to lists of turns")
    for dialogue, turns in data.items():
        for index, turn in enumerate(turns):
            item = f"{dialogue}#{index}"
            for behaviour, votes in turn.get("behaviors", {}).items():
                dimension = _snake(behaviour)
                for position, value in enumerate(votes.get("human", []), start=1):
                    yield from _row(item, dimension, f"human_{position}", value)
                yield from _row(item, dimension, "gpt", votes.get("gpt"))
                if include_specialized:
                    yield from _row(item, dimension, "specialized", votes.get("specialized"))


def fed_rows(data: Any) -> Iterator[LabelRow]:
    """Tidy rows from the parsed FED file."""
    if not isinstance(data, list):
        raise ValueError("FED data must be a list of annotated entries")
    for index, entry in enumerate(data):
        level = "turn" if "response" in entry else "dialogue"
        item = f"fed-{index:03d}"
        for quality, ratings in entry.get("annotations", {}).items():
            dimension = f"{level}.{_snake(quality)}"
            for position, value in enumerate(ratings, start=1):
                yield from _row(item, dimension, f"annotator_{position}", value)


def _row(item: str, dimension: str, annotator: str, raw: object) -> Iterator[LabelRow]:
    value = parse_value(raw)
    if value is not None:
        yield LabelRow(item, dimension, annotator, value)


def read_abceval(path: Path, *, include_specialized: bool = False) -> list[LabelRow]:
    try:
        return list(abceval_rows(_load_json(path), include_specialized=include_specialized))
    except (ValueError, AttributeError, TypeError) as exc:
        raise ConfigError(str(path), f"not an ABC-Eval behaviour file ({exc})") from None


def read_fed(path: Path) -> list[LabelRow]:
    try:
        return list(fed_rows(_load_json(path)))
    except (ValueError, AttributeError, TypeError) as exc:
        raise ConfigError(str(path), f"not a FED annotation file ({exc})") from None


LabelFormat = str  # "auto" | "labels" | "abceval" | "fed"
FORMATS = ("auto", "labels", "abceval", "fed")


def detect_format(path: Path) -> str:
    """Tidy CSV/JSONL by suffix; a .json file is ABC-Eval if it is a mapping, FED if a list."""
    if path.suffix.lower() != ".json":
        return "labels"
    data = _load_json(path)
    return "abceval" if isinstance(data, dict) else "fed"


def load_label_table(path: Path, fmt: LabelFormat = "auto") -> LabelTable:
    """Read labels in any supported format into a LabelTable (`labels_sample`: the packaged
    sample file)."""
    path = packaged_or_path(Path(path), "calibration")
    if fmt not in FORMATS:
        raise ConfigError(str(path), f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    if fmt == "auto":
        fmt = detect_format(path)
    if fmt == "abceval":
        return LabelTable.from_rows(read_abceval(path), str(path))
    if fmt == "fed":
        return LabelTable.from_rows(read_fed(path), str(path))
    return read_labels(path)


def load_label_tables(paths: list[Path], fmt: LabelFormat = "auto") -> LabelTable:
    """Merge several label files (e.g. a filled sheet and the judge's labels) into one table."""
    merged = LabelTable()
    for path in paths:
        for row in load_label_table(path, fmt).rows():
            merged.add(row, str(path))
    return merged
