"""A run directory loaded for analysis: typed records plus pandas tables.

The run directory is read through `icatest.rundir` (one torn-line policy): a torn last line of
`conversations.jsonl` is skipped and counted (`Run.skipped_lines`) rather than failing the analysis.
A folder of logs in the published framework's format is recognised and converted on the fly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from pathlib import Path
from typing import Any

import pandas as pd

from icatest.analysis.frames import conversations_frame, failures_frame, turns_frame
from icatest.analysis.paper_logs import read_paper_logs
from icatest.contracts import ConversationRecord
from icatest.errors import NotFoundError
from icatest.rundir import (
    CONVERSATIONS,
    PROGRESS,
    read_conversations,
    read_jsonl_dicts,
    read_manifest,
)


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
    if not (root / CONVERSATIONS).exists() and (root / arm / CONVERSATIONS).exists():
        run = _load_icatest_run(root / arm)
        run.label = arm
        return run
    if (root / CONVERSATIONS).exists():
        return _load_icatest_run(root)
    if any(root.glob("conv_*.json")):
        manifest, records = read_paper_logs(root)
        return Run(path=root, manifest=manifest, records=records, source="paper_logs")
    raise NotFoundError(f"{root}: neither {CONVERSATIONS} nor conv_*.json logs found")


def _load_icatest_run(root: Path) -> Run:
    # the keys the file holds, as the paper-log reader gives its own (a plain JSON object)
    manifest = read_manifest(root, missing_ok=True).model_dump(mode="json", exclude_unset=True)
    conversations = read_conversations(root)
    progress, _ = read_jsonl_dicts(root / PROGRESS)
    return Run(
        path=root,
        manifest=manifest,
        records=conversations.records,
        skipped_lines=int(conversations.torn_last_line),
        progress=progress,
    )


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
