"""The conversation browser's data: every conversation of the report as compact JSON.

The page's script filters, sorts and pages these rows and renders a transcript only when it is
opened, so a report of thousands of conversations opens fast. All strings are data: the script
inserts them with `textContent`, and the JSON is escaped so that no `<`, `>` or `&` reaches the
HTML parser (nothing can close the data block early).
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from markupsafe import Markup

from icatest.analysis.frames import failure_types
from icatest.contracts import ConversationRecord, TurnRecord

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_HTML_SAFE = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026"}


def visible_controls(value: Any) -> Any:
    """Replace control characters in plain strings with a visible `\\xNN` escape."""
    if isinstance(value, str) and not isinstance(value, Markup):
        return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", value)
    return value


def context_summary(context: Mapping[str, Any]) -> str:
    """`Munich, 18:40, 2025-06-20, parked (P)` or `..., moving at 45 km/h`."""
    vehicle = context.get("vehicle") or {}
    parts = [str(context[k]) for k in ("location", "time", "date") if context.get(k)]
    speed = vehicle.get("speed_kmh") if isinstance(vehicle, Mapping) else None
    gear = vehicle.get("gear") if isinstance(vehicle, Mapping) else None
    if speed is not None:
        try:
            moving = float(speed) > 0
        except ValueError:
            moving = True
        state = f"moving at {speed} km/h" if moving else "parked"
        parts.append(f"{state}{f' (gear {gear})' if gear else ''}")
    return ", ".join(parts)


def _turn(turn: TurnRecord) -> list[Any]:
    verdict = turn.evaluation
    findings = [[f.label.value, f.rationale] for f in verdict.findings] if verdict else []
    unscored = verdict.unscored_reason or "unscored" if verdict and not verdict.scored else None
    mode = turn.strategy_mode.value if turn.strategy_mode else None
    said = turn.user
    if turn.heard is not None and turn.wer > 0:  # the channel changed the words: show both
        said = f"{said}\n[heard, wer {turn.wer:.2f}: {turn.heard}]"
    return [turn.turn_number, said, turn.system, turn.sut_error, turn.strategies, mode,
            findings, unscored]  # fmt: skip


def conversation_row(run: str, record: ConversationRecord) -> dict[str, Any]:
    """One browser row: summary fields for filtering and sorting, and the transcript."""
    verdict = record.conversation_evaluation
    strategies = sorted({s for t in record.turns for s in t.strategies})
    return {
        "run": run,
        "id": record.conversation_id,
        "decision": record.success_decision or "unscored",
        "score": record.success_score,
        "types": failure_types(record),
        "persona": record.persona,
        "pool": record.seed_pool,
        "strategies": strategies,
        "seed": record.seed_phrase,
        "end": record.termination_reason.value,
        "context": context_summary(record.context),
        "turns": [_turn(t) for t in record.turns],
        "scores": [[s.dimension.value, s.score, s.rationale] for s in verdict.scores]
        if verdict
        else [],
    }


def _visible(value: Any) -> Any:
    if isinstance(value, str):
        return visible_controls(value)
    if isinstance(value, list):
        return [_visible(v) for v in value]
    if isinstance(value, dict):
        return {k: _visible(v) for k, v in value.items()}
    return value


def _row_json(run: str, record: ConversationRecord) -> str:
    row = _visible(conversation_row(run, record))
    text = json.dumps(row, ensure_ascii=False, separators=(",", ":"))
    # what _HTML_SAFE maps, by three replaces: str.translate is ten times slower on long rows
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


# above this many conversations the data block is gzip-compressed and base64-encoded (the page's
# script inflates it with the browser's DecompressionStream): a 10,000-conversation report then
# weighs a fraction of its JSON; smaller reports keep plain JSON (readable, decoded at once)
COMPRESS_ABOVE = 500
PLAIN, GZIP = "application/json", "application/gzip-base64"


class RowPack:
    """One run's browser rows, encoded and compressed one at a time as its records stream by
    (analysis/scan.py): a gzip stream of the JSON array, and the plain rows while they are few
    enough for a plain data block. The page's JSON never exists whole in memory."""

    def __init__(self) -> None:
        self.count = 0
        self._packer = zlib.compressobj(6, zlib.DEFLATED, 31)  # wbits 31: a gzip stream
        self._parts: list[bytes] = []
        self.plain: list[str] | None = []
        self.gzip = b""

    def add(self, run: str, record: ConversationRecord) -> None:
        row = _row_json(run, record)
        sep = b"," if self.count else b"["
        self._parts.append(self._packer.compress(sep + row.encode("utf-8")))
        self.count += 1
        if self.plain is not None:
            self.plain.append(row)
            if len(self.plain) > COMPRESS_ABOVE:
                self.plain = None

    def finish(self) -> None:
        tail = b"]" if self.count else b"[]"
        self._parts.append(self._packer.compress(tail) + self._packer.flush())
        self.gzip = b"".join(self._parts)
        self._parts = []

    def rows_json(self) -> bytes:
        """The rows of the array without its brackets (inflated: for combining two runs)."""
        return zlib.decompress(self.gzip, 31)[1:-1]


class _Scan(Protocol):
    @property
    def page(self) -> RowPack: ...


class _Run(Protocol):  # an analysis.run.Run, as far as the page needs it
    @property
    def scan(self) -> _Scan: ...


def browser_json(runs: Sequence[_Run]) -> str:
    """Every conversation of every run as one JSON array, safe inside a `<script>` data block."""
    packs = [run.scan.page for run in runs]
    rows = [
        row
        for p in packs
        for row in (p.plain if p.plain is not None else [p.rows_json().decode("utf-8")])
        if row
    ]
    return "[" + ",".join(rows) + "]"


def browser_data(runs: Sequence[_Run]) -> tuple[str, str]:
    """(MIME type, content) of the conversation browser's data block, from the rows the runs'
    scans packed."""
    packs = [run.scan.page for run in runs]
    if sum(p.count for p in packs) <= COMPRESS_ABOVE:
        return PLAIN, browser_json(runs)
    filled = [p for p in packs if p.count]
    if len(filled) == 1:
        packed = filled[0].gzip
    else:  # two runs: one stream of both arrays' rows, each run inflated in turn
        packer = zlib.compressobj(6, zlib.DEFLATED, 31)
        parts = [packer.compress(b"[")]
        for n, pack in enumerate(filled):
            parts.append(packer.compress((b"," if n else b"") + pack.rows_json()))
        parts.append(packer.compress(b"]") + packer.flush())
        packed = b"".join(parts)
    return GZIP, base64.b64encode(packed).decode("ascii")  # no <, > or & in base64
