"""A run directory opened for analysis: its manifest, and its records read as a stream.

The records are not loaded: `Run.scan` reads them once, one at a time, into what the report, the
metrics and the clusters need (analysis/scan.py); the pandas tables and `Run.find` read the file
again when asked. `Run.records` loads every record (for small runs and the commands that want
them all; the report never does). The run directory is read through `icatest.storage.rundir` (one
torn-line policy): a torn last line of `conversations.jsonl` is skipped and counted
(`Run.skipped_lines`) rather than failing the analysis. A folder of logs in the published
framework's format is recognised and converted on the fly (those few are held in memory).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from icatest.analysis.frames import conversations_frame, failures_frame, turns_frame
from icatest.analysis.paper_logs import read_paper_logs
from icatest.contracts import ConversationRecord
from icatest.errors import NotFoundError
from icatest.storage.rundir import (
    CONVERSATIONS,
    PROGRESS,
    ConversationStream,
    read_jsonl_dicts,
    read_manifest,
)

if TYPE_CHECKING:
    from icatest.analysis.scan import RunScan


@dataclass
class Run:
    """One run: its manifest and its conversation records (streamed from `path`, or `held` in
    memory for converted logs), with what one pass over them gives (`scan`) and tables."""

    path: Path
    manifest: dict[str, Any]
    held: list[ConversationRecord] | None = None
    source: str = "icatest"
    progress: list[dict[str, Any]] = field(default_factory=list)
    label: str | None = None
    _stream: ConversationStream | None = field(default=None, repr=False)

    @property
    def name(self) -> str:
        """Human label: `label` if set, else the manifest's run id, else the folder name."""
        return self.label or str(self.manifest.get("run_id") or self.path.name)

    @property
    def mode(self) -> str | None:
        return self.manifest.get("mode")

    def iter_records(self) -> Iterator[ConversationRecord]:
        """The records one at a time (a fresh read of the file each time it is called)."""
        if self.held is not None:
            return iter(self.held)
        assert self._stream is not None
        return iter(self._stream)

    @cached_property
    def records(self) -> list[ConversationRecord]:
        """Every record at once: for small runs and callers that need them all (the report,
        the metrics and the clusters use `scan`)."""
        return list(self.iter_records())

    @cached_property
    def scan(self) -> RunScan:
        """One pass over the records (analysis/scan.py); made on first use, after labels."""
        from icatest.analysis.scan import scan_records

        return scan_records(self.name, self.iter_records())

    @property
    def skipped_lines(self) -> int:
        """Torn last lines skipped (0 or 1), known once the records were read."""
        if self._stream is None:
            return 0
        if "scan" not in self.__dict__ and "records" not in self.__dict__:
            self.scan  # noqa: B018 - the pass that finds out
        return int(self._stream.torn_last_line)

    def find(self, ids: Iterable[str]) -> dict[str, ConversationRecord]:
        """The records of the given conversation ids, in one pass (the others are dropped)."""
        wanted = set(ids)
        return {r.conversation_id: r for r in self.iter_records() if r.conversation_id in wanted}

    @property
    def start_time(self) -> float | None:
        """Run start as unix seconds: the manifest's `started_at`, else the earliest record."""
        parsed = _as_unix(self.manifest.get("started_at"))
        if parsed is not None:
            return parsed
        starts = [d.started_at for d in self.scan.digests if d.started_at > 0]
        return min(starts) if starts else None

    @cached_property
    def conversations(self) -> pd.DataFrame:
        """One row per conversation (see `frames.conversations_frame`)."""
        return conversations_frame(self.iter_records())

    @cached_property
    def turns(self) -> pd.DataFrame:
        """One row per exchange."""
        return turns_frame(self.iter_records())

    @cached_property
    def failures(self) -> pd.DataFrame:
        """One row per (conversation, turn, failure label)."""
        return failures_frame(self.iter_records())


def load_run(path: str | Path, arm: str = "guided") -> Run:
    """Load a run directory, an experiment directory (its `arm`, guided by default; what
    `icatest report` accepts), or a folder of published-format logs (`conv_*.json`)."""
    root = Path(path)
    if not root.is_dir():
        raise NotFoundError(f"run directory not found: {root}")
    if not (root / CONVERSATIONS).exists() and (root / arm / CONVERSATIONS).exists():
        run = _load_icatest_run(root / arm)
        run.label = arm
        return run
    if (root / CONVERSATIONS).exists():
        return _load_icatest_run(root)
    if any(root.glob("conv_*.json")):
        manifest, records = read_paper_logs(root)
        return Run(path=root, manifest=manifest, held=records, source="paper_logs")
    raise NotFoundError(f"{root}: neither {CONVERSATIONS} nor conv_*.json logs found")


def _load_icatest_run(root: Path) -> Run:
    # the keys the file holds, as the paper-log reader gives its own (a plain JSON object)
    manifest = read_manifest(root, missing_ok=True).model_dump(mode="json", exclude_unset=True)
    progress, _ = read_jsonl_dicts(root / PROGRESS)
    return Run(path=root, manifest=manifest, progress=progress, _stream=ConversationStream(root))


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
