"""events.jsonl: structlog JSON events, configured per run with no global structlog state."""

from __future__ import annotations

import time
from collections.abc import MutableMapping
from pathlib import Path
from typing import IO, Any

import structlog


def _timestamp(_: Any, __: str, event: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    event["ts"] = round(time.time(), 4)
    return event


class EventLog:
    """A bound structlog logger writing one JSON object per line to the run's events.jsonl."""

    def __init__(self, path: Path, **context: Any) -> None:
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

    def info(self, event: str, **fields: Any) -> None:
        self.log.info(event, **fields)

    def warning(self, event: str, **fields: Any) -> None:
        self.log.warning(event, **fields)

    def error(self, event: str, **fields: Any) -> None:
        self.log.error(event, **fields)

    def close(self) -> None:
        self._fh.close()
