"""Ground truth of the reference assistant: the faults that fired, per conversation and turn."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

# conversations whose faults (and sessions, app.py) stay in memory; the oracle log keeps all.
# A long campaign against the in-process server must not grow with its length: as many as a
# campaign's largest concurrency (CampaignConfig.concurrency <= 1024) keeps in flight. At 4,096
# they held about 5 kB a conversation, 20 MB of a campaign process once full.
RECENT_CONVERSATIONS = 1024


class Oracle:
    """In-memory record of the most recent conversations plus an optional append-only JSONL
    file (flushed per line) holding every one."""

    def __init__(self, log_path: Path | None = None, *, keep: int = RECENT_CONVERSATIONS) -> None:
        self._lock = threading.Lock()
        self._keep = keep
        self._by_conversation: OrderedDict[str, list[dict[str, Any]]] = OrderedDict()
        self._seen: dict[str, set[tuple[int, str, str]]] = {}
        self._path = log_path
        if log_path is not None:
            log_path.parent.mkdir(parents=True, exist_ok=True)

    def record(self, entries: list[dict[str, Any]]) -> None:
        """Add fired faults; a turn replayed after a client retry is recorded once."""
        with self._lock:
            fresh = []
            for entry in entries:
                cid = entry["conversation_id"]
                key = (entry["turn"], entry["fault"], entry["detail"])
                seen = self._seen.setdefault(cid, set())
                if key in seen:
                    continue
                seen.add(key)
                self._by_conversation.setdefault(cid, []).append(entry)
                self._by_conversation.move_to_end(cid)
                fresh.append(entry)
            while len(self._by_conversation) > self._keep:
                old, _ = self._by_conversation.popitem(last=False)
                self._seen.pop(old, None)
            if fresh and self._path is not None:
                with self._path.open("a", encoding="utf-8") as fh:
                    for entry in fresh:
                        fh.write(json.dumps(entry, ensure_ascii=False) + "\n")
                    fh.flush()

    def get(self, conversation_id: str) -> list[dict[str, Any]]:
        with self._lock:
            return [dict(e) for e in self._by_conversation.get(conversation_id, [])]
