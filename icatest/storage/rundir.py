"""The run directory: this module owns its layout, reading, writing, repair and schema version.

```
RUN/
  manifest.json          run metadata; replaced atomically (a reader never sees half of it)
  conversations.jsonl    one ConversationRecord per line; append-only, each line fsynced
  events.jsonl           campaign events (started, finished, torn_line_repaired, ...)
  progress.jsonl         progress points (elapsed time survives a kill -9)
  index.sqlite           query index over the records (rebuilt from conversations.jsonl)
  interrupted.jsonl      conversations cut by an unreachable assistant (redone by --resume)
  judgements/NAME.jsonl  verdicts of other judges (`icatest rejudge`)
  metrics.json           the report's summary (`icatest report`; metrics_details.json the rest)
  clusters.json          failure clusters (`icatest cluster`)
```
and an experiment folder's comparison.json (`icatest compare`). The documents are the models of
icatest.contracts.documents, validated when written and when read.

One policy for `conversations.jsonl` everywhere: blank lines are ignored; the *last* line is torn
when it does not parse (a crash mid-write) and is skipped and reported; any other line that does
not parse is an error naming the file and the line. The writer truncates a last line without its
newline before appending (that record was never counted as done, so it is run again).
The writers of events.jsonl, progress.jsonl and index.sqlite are in icatest.storage.runlogs.
Field-by-field description: docs/run_directory.md.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, TypeVar

from pydantic import BaseModel, ValidationError

from icatest.config.loading import format_validation_error
from icatest.contracts import ConversationRecord
from icatest.contracts.documents import (
    CampaignStatus,
    Clusters,
    ExperimentComparison,
    JsonObject,
    MetricsSummary,
    RunManifest,
)
from icatest.errors import ConfigError, IcatestError
from icatest.storage.files import write_json_atomic, write_text_atomic

MANIFEST = "manifest.json"
CONVERSATIONS = "conversations.jsonl"
EVENTS = "events.jsonl"
PROGRESS = "progress.jsonl"
INDEX = "index.sqlite"
INTERRUPTED = "interrupted.jsonl"  # conversations cut by an unreachable assistant: redone on resume
JUDGEMENTS = "judgements"
METRICS = "metrics.json"
CLUSTERS = "clusters.json"
COMPARISON = "comparison.json"
# derived files a report or a study can always rebuild: the embeddings of texts, by model, and a
# run's folded figures for studies, keyed by the size and mtime of conversations.jsonl
CACHE = ".cache"
STUDY_SUMMARY = "study_summary.json"
SCHEMA_VERSION = 3  # ConversationRecord.schema_version written by this version (1 and 2 still read)
M = TypeVar("M", bound=BaseModel)


class RunDirError(IcatestError):
    """The run directory cannot be used as asked (exists without --resume, missing, ...)."""


def read_manifest(run_dir: Path, *, missing_ok: bool = False) -> RunManifest:
    """The manifest (an empty one when it is missing and `missing_ok`); older manifests lack
    some fields and read with their defaults."""
    path = run_dir / MANIFEST
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        if missing_ok:
            return RunManifest()
        raise RunDirError(f"{run_dir}: no {MANIFEST}; not a run directory") from None
    return _parse(path, text, RunManifest, "manifest")


def write_manifest(run_dir: Path, manifest: RunManifest) -> None:
    """Replace manifest.json atomically (a reader never sees half of it)."""
    write_json_atomic(run_dir / MANIFEST, manifest.model_dump(mode="json"))


def new_manifest(run_id: str, version: str, config: JsonObject, mode: str) -> RunManifest:
    now = time.time()
    return RunManifest(
        run_id=run_id, icatest_version=version, created_at=now, started_at=now,
        status=CampaignStatus.RUNNING, mode=mode, config=config,
    )  # fmt: skip


def run_status(run_dir: Path) -> CampaignStatus | None:
    """The status in the manifest (None when the directory holds no manifest yet)."""
    return read_manifest(run_dir).status if (run_dir / MANIFEST).exists() else None


def _parse(path: Path, text: str, model: type[M], what: str) -> M:
    try:
        return model.model_validate_json(text)
    except ValidationError as exc:
        if exc.errors()[0]["type"] == "json_invalid":
            raise RunDirError(f"{path}: unreadable {what} ({exc.errors()[0]['msg']})") from None
        field, problem = format_validation_error(exc)
        raise ConfigError(str(path), problem, field) from None


def write_document(path: Path, document: BaseModel, text: str | None = None) -> Path:
    """Write a document atomically; `text` (its JSON, as a writer formats it) is validated
    against the document's model first, so what is on disk always reads back."""
    if text is None:
        text = document.model_dump_json(indent=2) + "\n"
    else:
        type(document).model_validate_json(text)
    write_text_atomic(path, text)
    return path


def write_metrics(target: Path, summary: JsonObject) -> Path:
    """metrics.json from the summary the analysis computed (checked against MetricsSummary)."""
    text = json.dumps(summary, indent=2, default=str) + "\n"
    return write_document(target / METRICS, MetricsSummary.model_validate_json(text), text)


def read_metrics(target: Path) -> MetricsSummary:
    path = target / METRICS if target.is_dir() else target
    return _parse(path, path.read_text(encoding="utf-8"), MetricsSummary, "metrics")


def write_clusters(target: Path, clusters: JsonObject) -> Path:
    text = json.dumps(clusters, indent=2) + "\n"
    return write_document(target / CLUSTERS, Clusters.model_validate_json(text), text)


def read_clusters(target: Path) -> Clusters:
    path = target / CLUSTERS if target.is_dir() else target
    return _parse(path, path.read_text(encoding="utf-8"), Clusters, "clusters")


def write_comparison(folder: Path, comparison: JsonObject) -> Path:
    text = json.dumps(comparison, indent=2)
    return write_document(folder / COMPARISON, ExperimentComparison.model_validate_json(text), text)


def read_comparison(folder: Path) -> ExperimentComparison:
    path = folder / COMPARISON if folder.is_dir() else folder
    return _parse(path, path.read_text(encoding="utf-8"), ExperimentComparison, "comparison")


def conversations_path(run: Path) -> Path:
    """RUN/conversations.jsonl for a run directory; a .jsonl path is taken as it is."""
    path = run / CONVERSATIONS if run.is_dir() else run
    if not path.is_file():
        raise ConfigError(str(path), f"run has no {CONVERSATIONS}")
    return path


@dataclass
class RunConversations:
    records: list[ConversationRecord]
    torn_last_line: bool = False
    source: str = ""


def read_conversations(run: Path) -> RunConversations:
    """Every record of a run directory (or of a conversations.jsonl path), validated."""
    path = conversations_path(run)
    records, torn = read_jsonl_models(path, ConversationRecord)
    return RunConversations(records, torn, str(path))


def read_jsonl_models(path: Path, model: type[M]) -> tuple[list[M], bool]:
    """One `model` per line of a run file, and whether a torn last line was skipped."""
    out: list[M] = []
    torn = False
    for number, line, last in _lines(path):
        try:
            out.append(model.model_validate_json(line))
        except ValidationError as exc:
            if last:
                torn = True
                continue
            field, problem = format_validation_error(exc)
            raise ConfigError(str(path), f"line {number}: {problem}", field) from None
    return out, torn


def write_jsonl_atomic(path: Path, rows: Iterable[BaseModel]) -> None:
    """Write a whole JSONL file under a temporary name, then replace `path` (e.g. judgements)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.partial")
    with partial.open("w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(row.model_dump_json() + "\n")
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(partial, path)


def read_records(path: Path) -> list[JsonObject]:
    """Every record of a conversations.jsonl as a plain dict (no validation; [] when absent)."""
    return list(iter_records(path))


def _lines(path: Path) -> Iterator[tuple[int, bytes, bool]]:
    """(1-based line number, line, is the last non-blank line) for each non-blank line, read
    as a stream: one line and the next non-blank one in memory, never the whole file."""
    with path.open("rb") as fh:
        held: tuple[int, bytes] | None = None
        for number, line in enumerate(fh, 1):
            if not line.strip():
                continue
            if held is not None:
                yield held[0], held[1], False
            held = (number, line.rstrip(b"\r\n"))
        if held is not None:
            yield held[0], held[1], True


def iter_records(path: Path) -> Iterator[JsonObject]:
    """The records of a conversations.jsonl as plain dicts, one at a time (the torn-line policy
    of `read_records`; nothing when the file is absent)."""
    if not path.exists():
        return
    for number, line, last in _lines(path):
        try:
            obj = json.loads(line)
        except ValueError:
            if last:
                continue
            raise ConfigError(str(path), f"line {number}: not a JSON record") from None
        if not isinstance(obj, dict):
            raise ConfigError(str(path), f"line {number}: not a JSON object")
        yield obj


def iter_conversations(run: Path) -> Iterator[ConversationRecord]:
    """The validated records of a run directory one at a time (the policy of
    `read_conversations`: a torn last line is skipped)."""
    yield from ConversationStream(run)


class ConversationStream:
    """The validated records of a run directory, one at a time, as often as it is iterated
    (each pass reads the file again); after a pass, `torn_last_line` says whether a torn last
    line was skipped (the policy of `read_conversations`)."""

    def __init__(self, run: Path) -> None:
        self.path = conversations_path(run)
        self.torn_last_line = False

    def __iter__(self) -> Iterator[ConversationRecord]:
        for number, line, last in _lines(self.path):
            try:
                yield ConversationRecord.model_validate_json(line)
            except ValidationError as exc:
                if last:
                    self.torn_last_line = True
                    continue
                field, problem = format_validation_error(exc)
                raise ConfigError(str(self.path), f"line {number}: {problem}", field) from None


class ConversationLog:
    """Append-only writer of conversations.jsonl (repairs a torn last line when opened).

    It keeps a count and the last record written, never the records: a campaign's memory does
    not grow with its length (readers stream the file with `iter_records`)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.repaired_bytes = _repair(path)
        self.count = _count_records(path)
        self.last: JsonObject | None = None  # the record appended last, as written
        self._fh = path.open("ab")

    @property
    def records(self) -> Iterator[JsonObject]:
        """The records on disk, streamed (after a flush, so this session's are included)."""
        self._fh.flush()
        return iter_records(self.path)

    def append(self, record: ConversationRecord) -> int:
        """Write, flush and fsync one record; returns its 1-based line number."""
        line = record.model_dump_json().encode("utf-8") + b"\n"
        self._fh.write(line)
        self._fh.flush()
        os.fsync(self._fh.fileno())
        self.last = json.loads(line)
        self.count += 1
        return self.count

    def close(self) -> None:
        self._fh.close()


def _count_records(path: Path) -> int:
    """Records in the file without parsing them all: non-blank lines, less a last one that does
    not parse (torn); the other lines are checked by whoever reads them (`iter_records`)."""
    count = 0
    for _, line, last in _lines(path):
        if last:
            try:
                if not isinstance(json.loads(line), dict):
                    continue
            except ValueError:
                continue
        count += 1
    return count


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


def _last_newline_end(fh: BinaryIO, size: int) -> int:
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


def read_jsonl_dicts(path: Path) -> tuple[list[JsonObject], int]:
    """Tolerant reader for the side files (events, progress): bad lines are skipped and counted."""
    if not path.exists():
        return [], 0
    rows: list[JsonObject] = []
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


def read_study_summary(run: Path) -> dict[str, object] | None:
    """The study summary cached in `run`, or None (absent, unreadable, or not a JSON object)."""
    try:
        held = json.loads((run / STUDY_SUMMARY).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return held if isinstance(held, dict) else None


def write_study_summary(run: Path, document: Mapping[str, object]) -> None:
    """Cache a study summary in `run`; a read-only run keeps none."""
    try:
        write_json_atomic(run / STUDY_SUMMARY, document)
    except OSError:
        pass
