"""Tidy label files: one rating per row (item, dimension, annotator, value).

This is the one format every calibration input is reduced to: hand-filled annotation sheets,
converted public data sets (ABC-Eval, FED) and exported judge verdicts. Extra columns (the
transcript of an annotation sheet, notes) are ignored. An empty value, or one starting with
``N/A``, is a missing rating and skipped.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from icatest.errors import ConfigError

REQUIRED_COLUMNS = ("item", "dimension", "annotator", "value")
Value = float | str
_TRUE = {"true", "yes", "y"}
_FALSE = {"false", "no", "n"}


@dataclass(frozen=True)
class LabelRow:
    item: str
    dimension: str
    annotator: str
    value: Value


@dataclass
class LabelTable:
    """Ratings indexed dimension -> item -> annotator -> value, in first-seen order."""

    ratings: dict[str, dict[str, dict[str, Value]]] = field(default_factory=dict)

    def add(self, row: LabelRow, source: str = "labels") -> None:
        per_item = self.ratings.setdefault(row.dimension, {}).setdefault(row.item, {})
        if row.annotator in per_item and per_item[row.annotator] != row.value:
            raise ConfigError(
                source,
                f"annotator {row.annotator!r} rated item {row.item!r} twice with different values",
                row.dimension,
            )
        per_item[row.annotator] = row.value

    @property
    def dimensions(self) -> list[str]:
        return list(self.ratings)

    @property
    def annotators(self) -> list[str]:
        seen: dict[str, None] = {}
        for items in self.ratings.values():
            for per_item in items.values():
                seen.update(dict.fromkeys(per_item))
        return list(seen)

    def rows(self) -> Iterator[LabelRow]:
        for dimension, items in self.ratings.items():
            for item, per_item in items.items():
                for annotator, value in per_item.items():
                    yield LabelRow(item, dimension, annotator, value)

    @classmethod
    def from_rows(cls, rows: Iterable[LabelRow], source: str = "labels") -> LabelTable:
        table = cls()
        for row in rows:
            table.add(row, source)
        return table


def parse_value(text: object) -> Value | None:
    """Numbers become floats, yes/true -> 1 and no/false -> 0; blank and N/A are missing."""
    if text is None:
        return None
    if isinstance(text, bool):
        return float(text)
    if isinstance(text, int | float):
        return None if text != text else float(text)  # NaN is missing
    s = str(text).strip()
    if not s or s.upper().startswith("N/A"):
        return None
    low = s.lower()
    if low in _TRUE:
        return 1.0
    if low in _FALSE:
        return 0.0
    try:
        return float(s)
    except ValueError:
        return s


def _records(path: Path) -> Iterator[tuple[int, dict[str, object]]]:
    if path.suffix.lower() == ".jsonl":
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ConfigError(str(path), f"line {number}: invalid JSON ({exc.msg})") from None
            if not isinstance(record, dict):
                raise ConfigError(str(path), f"line {number}: expected a JSON object")
            yield number, record
        return
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        missing = [c for c in REQUIRED_COLUMNS if c not in (reader.fieldnames or [])]
        if missing:
            raise ConfigError(str(path), f"missing column(s): {', '.join(missing)}")
        for number, record in enumerate(reader, start=2):
            yield number, dict(record)


def read_labels(path: Path) -> LabelTable:
    """Read a tidy CSV or JSONL label file; unknown rows or columns fail with file and line."""
    if not path.is_file():
        raise ConfigError(str(path), "file not found")
    table = LabelTable()
    for number, record in _records(path):
        for column in REQUIRED_COLUMNS:
            if column not in record:
                raise ConfigError(str(path), f"line {number}: missing field", column)
        value = parse_value(record["value"])
        if value is None:
            continue
        annotator = str(record["annotator"] or "").strip()
        if not annotator:
            raise ConfigError(str(path), f"line {number}: value given but annotator is empty")
        row = LabelRow(str(record["item"]), str(record["dimension"]), annotator, value)
        table.add(row, f"{path}: line {number}")
    return table


def write_labels(rows: Iterable[LabelRow], path: Path) -> int:
    """Write rows as a tidy CSV (or JSONL for a .jsonl path); returns the number of rows."""
    path.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    with path.open("w", encoding="utf-8", newline="") as handle:
        if path.suffix.lower() == ".jsonl":
            for row in rows:
                handle.write(json.dumps(_plain(row), ensure_ascii=False) + "\n")
                count += 1
            return count
        writer = csv.DictWriter(handle, fieldnames=list(REQUIRED_COLUMNS))
        writer.writeheader()
        for row in rows:
            writer.writerow(_plain(row))
            count += 1
    return count


def _plain(row: LabelRow) -> dict[str, object]:
    value: object = row.value
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return {
        "item": row.item,
        "dimension": row.dimension,
        "annotator": row.annotator,
        "value": value,
    }
