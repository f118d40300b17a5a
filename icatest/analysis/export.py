"""Export a run's tables (conversations, turns, failures) as CSV, Parquet or JSON Lines."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from icatest.analysis.run import Run
from icatest.errors import ConfigError

ExportFormat = Literal["csv", "parquet", "jsonl"]
FORMATS: tuple[str, ...] = ("csv", "parquet", "jsonl")
TABLES = ("conversations", "turns", "failures")


def export_run(run: Run, out_dir: Path, fmt: str) -> list[Path]:
    """Write one file per table (`<table>.<fmt>`) into out_dir and return their paths."""
    if fmt not in FORMATS:
        raise ConfigError("--format", f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for table in TABLES:
        frame = getattr(run, table)
        path = out_dir / f"{table}.{fmt}"
        if fmt == "csv":
            frame.to_csv(path, index=False)
        elif fmt == "parquet":
            frame.to_parquet(path, index=False)
        else:
            frame.to_json(path, orient="records", lines=True, force_ascii=False)
        written.append(path)
    return written
