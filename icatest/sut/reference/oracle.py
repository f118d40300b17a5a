"""Ground truth of the reference assistant: the faults that fired, per conversation and turn."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any


class Oracle:
    """In-memory record plus an optional append-only JSONL file (flushed per line)."""

    def __init__(self, log_path: Path | None = None) -> None:
        self._lock = threading.Lock()
        self._by_conversation: dict[str, list[dict[str, Any]]] = {}
        self._seen: set[tuple[str, int, str, str]] = set()
        self._path = log_path
        if log_path is not None:
            log_path.parent.mkdir(parents=True, exist_ok=True)

    def record(self, entries: list[dict[str, Any]]) -> None:
        """Add fired faults; a turn replayed after a client retry is recorded once."""
        with self._lock:
            fresh = []
            for entry in entries:
                key = (entry["conversation_id"], entry["turn"], entry["fault"], entry["detail"])
                if key in self._seen:
                    continue
                self._seen.add(key)
                self._by_conversation.setdefault(entry["conversation_id"], []).append(entry)
                fresh.append(entry)
            if fresh and self._path is not None:
                with self._path.open("a", encoding="utf-8") as fh:
                    for entry in fresh:
                        fh.write(json.dumps(entry, ensure_ascii=False) + "\n")
                    fh.flush()

    def get(self, conversation_id: str) -> list[dict[str, Any]]:
        with self._lock:
            return [dict(e) for e in self._by_conversation.get(conversation_id, [])]
