"""The campaign's running logs in the run directory (icatest.storage.rundir names the files):
events.jsonl (structlog events), progress.jsonl (progress points) and index.sqlite (a query
index over the records, rebuilt from conversations.jsonl)."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable, MutableMapping
from pathlib import Path
from typing import IO

import structlog

from icatest.contracts.documents import JsonObject, ProgressPoint


def _timestamp(
    _: object, __: str, event: MutableMapping[str, object]
) -> MutableMapping[str, object]:
    event["ts"] = round(time.time(), 4)
    return event


class EventLog:
    """events.jsonl: structlog JSON events, one object per line, configured per run with no
    global structlog state."""

    def __init__(self, path: Path, **context: object) -> None:
        self._fh: IO[str] = path.open("a", encoding="utf-8", buffering=1)
        self.log = structlog.wrap_logger(
            structlog.WriteLogger(self._fh),
            processors=[
                structlog.processors.add_log_level,
                _timestamp,
                structlog.processors.format_exc_info,
                structlog.processors.JSONRenderer(sort_keys=True),
            ],
            wrapper_class=structlog.BoundLogger,
            cache_logger_on_first_use=False,
        ).bind(**context)

    def info(self, event: str, **fields: object) -> None:
        self.log.info(event, **fields)

    def warning(self, event: str, **fields: object) -> None:
        self.log.warning(event, **fields)

    def error(self, event: str, **fields: object) -> None:
        self.log.error(event, **fields)

    def close(self) -> None:
        self._fh.close()


class ProgressSeries:
    """progress.jsonl: cumulative progress points, appended (elapsed time survives a kill -9)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fh = path.open("a", encoding="utf-8")

    def last_t(self) -> float:
        """Seconds already spent by a previous session (last stored point)."""
        last = 0.0
        with self.path.open(encoding="utf-8") as fh:
            for line in fh:
                try:
                    last = max(last, float(json.loads(line)["t"]))
                except (ValueError, KeyError, TypeError):
                    continue
        return last

    def write(self, point: ProgressPoint) -> None:
        self._fh.write(point.model_dump_json() + "\n")
        self._fh.flush()

    def close(self) -> None:
        self._fh.close()


_INDEX_SCHEMA = """
CREATE TABLE IF NOT EXISTS conversations (
    conversation_id TEXT PRIMARY KEY, seed_id TEXT, persona TEXT, mode TEXT,
    success_score REAL, success_decision TEXT, termination_reason TEXT, n_turns INTEGER,
    n_failures INTEGER, started_at REAL, ended_at REAL, line_no INTEGER, scenario_index INTEGER
);
CREATE TABLE IF NOT EXISTS failures (conversation_id TEXT, turn INTEGER, label TEXT);
CREATE INDEX IF NOT EXISTS failures_label ON failures(label);
"""
_INDEXED = ("conversation_id", "seed_id", "persona", "mode", "success_score", "success_decision",
            "termination_reason")  # fmt: skip


class RunIndex:
    """index.sqlite: a WAL-mode SQLite index of the run for quick queries (rebuildable from the
    log), fed the records as written (JSON objects)."""

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(path)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.executescript(_INDEX_SCHEMA)

    def rebuild(self, records: Iterable[JsonObject]) -> None:
        """Make the index match the log exactly (after a crash the two may differ)."""
        with self.conn:
            self.conn.execute("DELETE FROM conversations")
            self.conn.execute("DELETE FROM failures")
            for line_no, rec in enumerate(records, start=1):
                self._insert(rec, line_no)

    def add(self, record: JsonObject, line_no: int) -> None:
        with self.conn:
            self._insert(record, line_no)

    def _insert(self, rec: JsonObject, line_no: int) -> None:
        cid = rec.get("conversation_id")
        by_label = rec.get("failure_turns")
        failures = [
            (cid, turn, label)
            for label, turns in (by_label.items() if isinstance(by_label, dict) else ())
            for turn in (turns if isinstance(turns, list) else ())
        ]
        turns = rec.get("turns")
        row = (*(rec.get(k) for k in _INDEXED), len(turns) if isinstance(turns, list) else 0,
               len(failures), rec.get("started_at"), rec.get("ended_at"), line_no,
               rec.get("scenario_index"))  # fmt: skip
        self.conn.execute("INSERT OR REPLACE INTO conversations VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                          row)  # fmt: skip
        self.conn.execute("DELETE FROM failures WHERE conversation_id = ?", (cid,))
        self.conn.executemany("INSERT INTO failures VALUES (?,?,?)", failures)

    def close(self) -> None:
        self.conn.close()
