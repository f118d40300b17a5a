"""A run directory loaded for analysis: typed records plus pandas tables.

Readers never trust the last line of `conversations.jsonl`: a campaign that crashed mid-write leaves
a torn line, which is skipped and counted (`Run.skipped_lines`) rather than failing the analysis.
A folder of logs in the published framework's format is recognised and converted on the fly.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from pathlib import Path
from typing import Any

import pandas as pd
from pydantic import ValidationError

from icatest.analysis.frames import conversations_frame, failures_frame, turns_frame
from icatest.analysis.paper_logs import read_paper_logs
from icatest.contracts import ConversationRecord
from icatest.errors import ConfigError, NotFoundError

CONVERSATIONS_FILE = "conversations.jsonl"
MANIFEST_FILE = "manifest.json"
PROGRESS_FILE = "progress.jsonl"


@dataclass
class Run:
    """One run: its manifest, its conversation records and tables derived from them."""

    path: Path
    manifest: dict[str, Any]
    records: list[ConversationRecord]
    source: str = "icatest"
    skipped_lines: int = 0
    progress: list[dict[str, Any]] = field(default_factory=list)
    label: str | None = None

    @property
    def name(self) -> str:
        """Human label: `label` if set, else the manifest's run id, else the folder name."""
        return self.label or str(self.manifest.get("run_id") or self.path.name)

    @property
    def mode(self) -> str | None:
        return self.manifest.get("mode")

    @property
    def start_time(self) -> float | None:
        """Run start as unix seconds: the manifest's `started_at`, else the earliest record."""
        parsed = _as_unix(self.manifest.get("started_at"))
        if parsed is not None:
            return parsed
        starts = [r.started_at for r in self.records if r.started_at > 0]
        return min(starts) if starts else None

    @cached_property
    def conversations(self) -> pd.DataFrame:
        """One row per conversation (see `frames.conversations_frame`)."""
        return conversations_frame(self.records)

    @cached_property
    def turns(self) -> pd.DataFrame:
        """One row per exchange."""
        return turns_frame(self.records)

    @cached_property
    def failures(self) -> pd.DataFrame:
        """One row per (conversation, turn, failure label)."""
        return failures_frame(self.records)


def load_run(path: str | Path, arm: str = "guided") -> Run:
    """Load a run directory, an experiment directory (its `arm`, guided by default; what
    `icatest report` accepts), or a folder of published-format logs (`conv_*.json`)."""
    root = Path(path)
    if not root.is_dir():
        raise NotFoundError(f"run directory not found: {root}")
    if not (root / CONVERSATIONS_FILE).exists() and (root / arm / CONVERSATIONS_FILE).exists():
        run = _load_icatest_run(root / arm)
        run.label = arm
        return run
    if (root / CONVERSATIONS_FILE).exists():
        return _load_icatest_run(root)
    if any(root.glob("conv_*.json")):
        manifest, records = read_paper_logs(root)
        return Run(path=root, manifest=manifest, records=records, source="paper_logs")
    raise NotFoundError(f"{root}: neither {CONVERSATIONS_FILE} nor conv_*.json logs found")


def _load_icatest_run(root: Path) -> Run:
    manifest = _read_manifest(root / MANIFEST_FILE)
    records, skipped = read_records(root / CONVERSATIONS_FILE)
    progress, _ = _read_jsonl_dicts(root / PROGRESS_FILE)
    return Run(
        path=root,
        manifest=manifest,
        records=records,
        skipped_lines=skipped,
        progress=progress,
    )


def read_records(path: Path) -> tuple[list[ConversationRecord], int]:
    """Parse one record per line; a torn or invalid LAST line is skipped, others are errors."""
    lines = path.read_text(encoding="utf-8").splitlines()
    records: list[ConversationRecord] = []
    skipped = 0
    last = max((i for i, line in enumerate(lines) if line.strip()), default=-1)
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            records.append(ConversationRecord.model_validate_json(line))
        except ValidationError as exc:
            if i == last:
                skipped += 1
                continue
            raise ConfigError(str(path), _first_error(exc), f"line {i + 1}") from exc
    return records, skipped


def _read_manifest(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ConfigError(str(path), f"invalid JSON: {exc.msg}", f"line {exc.lineno}") from exc
    if not isinstance(data, dict):
        raise ConfigError(str(path), "expected a JSON object")
    return data


def _read_jsonl_dicts(path: Path) -> tuple[list[dict[str, Any]], int]:
    """Tolerant JSONL reader for side files (progress): bad lines are skipped and counted."""
    if not path.exists():
        return [], 0
    rows: list[dict[str, Any]] = []
    bad = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            bad += 1
            continue
        if isinstance(row, dict):
            rows.append(row)
    return rows, bad


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ()))
    return f"{where}: {err.get('msg')}" if where else str(err.get("msg"))


def _as_unix(value: Any) -> float | None:
    """Accept unix seconds or an ISO-8601 string (manifests may carry either)."""
    if value is None:
        return None
    if isinstance(value, int | float):
        return float(value) if value > 0 else None
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value).timestamp()
        except ValueError:
            return None
    return None
