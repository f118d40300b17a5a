"""The run directory's durable files: manifest.json and the append-only conversations.jsonl.

Each record is one line, flushed and fsynced before the campaign counts it as done, so a
`kill -9` loses at most the line being written; `ConversationLog.open` truncates such a torn
last line before appending again.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from icatest.contracts import ConversationRecord
from icatest.errors import IcatestError

MANIFEST = "manifest.json"
CONVERSATIONS = "conversations.jsonl"
EVENTS = "events.jsonl"
INDEX = "index.sqlite"
PROGRESS = "progress.jsonl"


class RunDirError(IcatestError):
    """The run directory cannot be used as asked (exists without --resume, missing, ...)."""


def read_manifest(run_dir: Path) -> dict[str, Any]:
    path = run_dir / MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RunDirError(f"{run_dir}: no {MANIFEST}; not a run directory") from None
    except json.JSONDecodeError as exc:
        raise RunDirError(f"{path}: unreadable manifest ({exc.msg})") from None
    if not isinstance(data, dict):
        raise RunDirError(f"{path}: manifest is not an object")
    return data


def write_manifest(run_dir: Path, manifest: dict[str, Any]) -> None:
    """Atomic replace: a reader never sees half a manifest."""
    tmp = run_dir / f".{MANIFEST}.tmp"
    with tmp.open("w", encoding="utf-8") as fh:
        json.dump(manifest, fh, indent=2, sort_keys=True)
        fh.write("\n")
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, run_dir / MANIFEST)


def read_records(path: Path) -> list[dict[str, Any]]:
    """Every complete line of a conversations.jsonl; a torn or corrupt line is skipped."""
    if not path.exists():
        return []
    out: list[dict[str, Any]] = []
    with path.open("rb") as fh:
        for raw in fh:
            if not raw.endswith(b"\n"):
                break
            try:
                obj = json.loads(raw)
            except ValueError:
                continue
            if isinstance(obj, dict):
                out.append(obj)
    return out


class ConversationLog:
    """Append-only writer of conversations.jsonl."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.repaired_bytes = _repair(path)
        self.records = read_records(path)
        self._fh = path.open("ab")

    @property
    def count(self) -> int:
        return len(self.records)

    def append(self, record: ConversationRecord) -> int:
        """Write, flush and fsync one record; returns its 1-based line number."""
        line = record.model_dump_json().encode("utf-8") + b"\n"
        self._fh.write(line)
        self._fh.flush()
        os.fsync(self._fh.fileno())
        self.records.append(json.loads(line))
        return len(self.records)

    def close(self) -> None:
        self._fh.close()


def _repair(path: Path) -> int:
    """Truncate a torn last line (no trailing newline); returns the bytes removed."""
    if not path.exists():
        path.touch()
        return 0
    size = path.stat().st_size
    if size == 0:
        return 0
    with path.open("rb+") as fh:
        fh.seek(max(0, size - 1))
        if fh.read(1) == b"\n":
            return 0
        keep = _last_newline_end(fh, size)
        fh.truncate(keep)
        fh.flush()
        os.fsync(fh.fileno())
    return size - keep


def _last_newline_end(fh: Any, size: int) -> int:
    pos = size
    chunk = 65536
    while pos > 0:
        start = max(0, pos - chunk)
        fh.seek(start)
        data = fh.read(pos - start)
        idx = data.rfind(b"\n")
        if idx >= 0:
            return start + idx + 1
        pos = start
    return 0


def new_manifest(run_id: str, version: str, config: dict[str, Any], mode: str) -> dict[str, Any]:
    now = time.time()
    return {
        "run_id": run_id,
        "icatest_version": version,
        "created_at": now,
        "started_at": now,
        "ended_at": None,
        "status": "running",
        "mode": mode,
        "config": config,
        "models": {},
        "prompt_versions": {},
        "elapsed_s": 0.0,
        "sessions": [],
    }
