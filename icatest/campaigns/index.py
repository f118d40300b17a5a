"""index.sqlite: a WAL-mode SQLite index of the run for quick queries (rebuildable from the log)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

_SCHEMA = """
CREATE TABLE IF NOT EXISTS conversations (
    conversation_id TEXT PRIMARY KEY, seed_id TEXT, persona TEXT, mode TEXT,
    success_score REAL, success_decision TEXT, termination_reason TEXT, n_turns INTEGER,
    n_failures INTEGER, started_at REAL, ended_at REAL, line_no INTEGER, scenario_index INTEGER
);
CREATE TABLE IF NOT EXISTS failures (conversation_id TEXT, turn INTEGER, label TEXT);
CREATE INDEX IF NOT EXISTS failures_label ON failures(label);
"""


class RunIndex:
    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(path)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.executescript(_SCHEMA)

    def rebuild(self, records: Iterable[dict[str, Any]]) -> None:
        """Make the index match the log exactly (after a crash the two may differ)."""
        with self.conn:
            self.conn.execute("DELETE FROM conversations")
            self.conn.execute("DELETE FROM failures")
            for line_no, rec in enumerate(records, start=1):
                self._insert(rec, line_no)

    def add(self, record: dict[str, Any], line_no: int) -> None:
        with self.conn:
            self._insert(record, line_no)

    def _insert(self, rec: dict[str, Any], line_no: int) -> None:
        cid = rec.get("conversation_id")
        failures = [
            (cid, turn, label)
            for label, turns in (rec.get("failure_turns") or {}).items()
            for turn in turns
        ]
        self.conn.execute(
            "INSERT OR REPLACE INTO conversations VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                cid,
                rec.get("seed_id"),
                rec.get("persona"),
                rec.get("mode"),
                rec.get("success_score"),
                rec.get("success_decision"),
                rec.get("termination_reason"),
                len(rec.get("turns") or []),
                len(failures),
                rec.get("started_at"),
                rec.get("ended_at"),
                line_no,
                rec.get("scenario_index"),
            ),
        )
        self.conn.execute("DELETE FROM failures WHERE conversation_id = ?", (cid,))
        self.conn.executemany("INSERT INTO failures VALUES (?,?,?)", failures)

    def close(self) -> None:
        self.conn.close()
