"""Studies: many run directories (e.g. six backends x six sessions) combined into one report.

A study is a list of run directories with labels (a study YAML, or the directories named on the
command line). Each run is folded once, record by record, into a `RunSummary` (counters only); the
summaries are pooled over the whole study and per value of one label (`group_by`, by default
`backend`). No step holds more than one record at a time, so a study's memory does not grow with
its conversations. With `executor="dask"` the per-run folds run on a Dask cluster (a LocalCluster
on this machine, or the scheduler at `scheduler`), as campaigns do.

Runs whose records come from different judges or different record schemas are not comparable
without care: the study says so in `warnings` (and on the page) rather than refusing.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from icatest.analysis.study_summary import RunSummary
from icatest.config.loading import load_model
from icatest.errors import ConfigError
from icatest.storage.rundir import (
    CONVERSATIONS,
    iter_conversations,
    read_manifest,
    read_study_summary,
    write_study_summary,
)

StudyExecutor = Literal["local", "dask"]
STUDY_METRICS = "study.json"
STUDY_REPORT = "report.html"
DEFAULT_GROUP = "backend"
NO_LABEL = "(none)"
# a run's summary is cached in the run directory (rundir.STUDY_SUMMARY): a second study report
# folds only the runs that changed. The version changes with RunSummary's fields or definitions.
SUMMARY_VERSION = 1


class StudyRunSpec(BaseModel):
    """One run of a study YAML."""

    model_config = ConfigDict(extra="forbid")

    path: Path = Field(description="run directory; relative paths are read from the YAML's folder")
    labels: dict[str, str] = Field(
        default_factory=dict, description="e.g. backend: gpt-4o, session: '3'"
    )


class StudySpec(BaseModel):
    """A study YAML: its runs, a title and the label the pooled figures are grouped by."""

    model_config = ConfigDict(extra="forbid")

    title: str | None = None
    group_by: str = Field(default=DEFAULT_GROUP, description="label pooled per value")
    runs: list[StudyRunSpec] = Field(min_length=1)


@dataclass(frozen=True)
class StudyRun:
    """A run of the study as resolved: its folder, its labels and its name (the run id)."""

    path: Path
    labels: dict[str, str]
    name: str


@dataclass
class Study:
    title: str
    group_by: str
    runs: list[StudyRun]
    out_dir: Path


@dataclass
class StudyOutputs:
    out_dir: Path
    metrics: dict[str, Any]
    files: list[Path] = field(default_factory=list)


def load_study(path: Path) -> Study:
    """A study from its YAML (run paths relative to the YAML's folder)."""
    spec = load_model(path, StudySpec)
    base = path.parent
    entries = [(base / r.path if not r.path.is_absolute() else r.path, r.labels) for r in spec.runs]
    return _study(entries, spec.title or path.stem, spec.group_by, base)


def study_of_dirs(paths: Sequence[Path], group_by: str = DEFAULT_GROUP) -> Study:
    """A study of run directories named on the command line: each labelled `backend` by the
    assistant its manifest names (`config.sut`)."""
    entries = [(p, {DEFAULT_GROUP: _backend(p)}) for p in paths]
    common = Path(*_common_parts([p.resolve() for p in paths]))
    return _study(entries, common.name or "study", group_by, common)


def _study(
    entries: Sequence[tuple[Path, dict[str, str]]], title: str, group_by: str, out_dir: Path
) -> Study:
    _check_run_dirs([p for p, _ in entries])
    runs = [StudyRun(p, dict(labels), _run_name(p)) for p, labels in entries]
    names = [r.name for r in runs]
    if len(set(names)) < len(names):  # same run id in several folders: tell them apart
        runs = [StudyRun(r.path, r.labels, f"{r.name} ({r.path.name})") for r in runs]
    return Study(title, group_by, runs, out_dir)


def _check_run_dirs(paths: Sequence[Path]) -> None:
    """Exit 2 naming the first folder that is not a run directory (or is named twice)."""
    seen: set[Path] = set()
    for path in paths:
        if not (path / CONVERSATIONS).is_file():
            raise ConfigError(str(path), f"not a run directory (no {CONVERSATIONS})")
        key = path.resolve()
        if key in seen:
            raise ConfigError(str(path), "named twice in the study (it would be counted twice)")
        seen.add(key)


def _run_name(path: Path) -> str:
    return read_manifest(path, missing_ok=True).run_id or path.name


def _backend(path: Path) -> str:
    return str(read_manifest(path, missing_ok=True).config.get("sut") or NO_LABEL)


def _common_parts(paths: Sequence[Path]) -> list[str]:
    parts = [p.parent.parts for p in paths]
    common: list[str] = []
    for items in zip(*parts, strict=False):
        if len(set(items)) != 1:
            break
        common.append(items[0])
    return common or ["."]


# -- per-run summaries: here or on a Dask cluster -----------------------------------------------
def summarise_run(path: str, use_cache: bool = True) -> RunSummary:
    """One pass over a run's conversations.jsonl (the task a Dask worker runs), or the summary
    cached beside it when the file has not changed since (same size and modification time)."""
    run = Path(path)
    key = _cache_key(run)
    held = read_study_summary(run) if use_cache else None
    cached = held.get("summary") if held else None
    if held and held.get("version") == SUMMARY_VERSION and held.get("key") == key:
        try:
            if isinstance(cached, dict):
                return RunSummary.from_json(cached)
        except (ValueError, KeyError, TypeError, AttributeError):
            pass  # a cache of another shape: fold again
    summary = RunSummary.fold(iter_conversations(run))
    if use_cache and _cache_key(run) == key:  # not grown while it was read
        document = {"version": SUMMARY_VERSION, "key": key, "summary": summary.to_json()}
        write_study_summary(run, document)
    return summary


def _cache_key(run: Path) -> dict[str, int]:
    stat = (run / CONVERSATIONS).stat()
    return {"size": stat.st_size, "mtime_ns": stat.st_mtime_ns}


def summarise_runs(
    paths: Sequence[Path],
    executor: StudyExecutor = "local",
    *,
    scheduler: str | None = None,
    workers: int = 2,
    use_cache: bool = True,
) -> list[RunSummary]:
    """The summaries of `paths`, in their order."""
    if executor == "local":
        return [summarise_run(str(p), use_cache) for p in paths]
    from distributed import Client, LocalCluster

    targets = [str(p.resolve()) for p in paths]
    if scheduler is not None:
        with Client(scheduler) as client:
            return _gather(client, targets, use_cache)
    cluster = LocalCluster(
        host="127.0.0.1",
        dashboard_address=None,
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
    )
    with cluster, Client(cluster) as client:
        return _gather(client, targets, use_cache)


def _gather(client: Any, targets: list[str], use_cache: bool) -> list[RunSummary]:
    futures = client.map(summarise_run, targets, use_cache=use_cache, pure=False)
    results: list[RunSummary] = client.gather(futures)
    return results


# -- the study document --------------------------------------------------------------------------
def study_metrics(study: Study, summaries: Sequence[RunSummary]) -> dict[str, Any]:
    """study.json: a row per run, the figures pooled over all runs and per `group_by` value, and
    the warnings (mixed judges, mixed record schemas, empty runs)."""
    rows = [
        {"run": run.name, "path": str(run.path), "labels": run.labels} | s.figures()
        for run, s in zip(study.runs, summaries, strict=True)
    ]
    groups: dict[str, list[RunSummary]] = {}
    for run, s in zip(study.runs, summaries, strict=True):
        groups.setdefault(run.labels.get(study.group_by, NO_LABEL), []).append(s)
    return {
        "title": study.title,
        "group_by": study.group_by,
        "label_keys": sorted({k for run in study.runs for k in run.labels}),
        "runs": rows,
        "pooled": RunSummary.pool(summaries).figures() | {"runs": len(rows)},
        "groups": {
            value: RunSummary.pool(members).figures() | {"runs": len(members)}
            for value, members in sorted(groups.items())
        },
        "warnings": study_warnings(rows) + _unlabelled(study),
    }


def _unlabelled(study: Study) -> list[str]:
    missing = [r.name for r in study.runs if study.group_by not in r.labels]
    if not missing:
        return []
    shown = ", ".join(missing[:4]) + (f" and {len(missing) - 4} more" if len(missing) > 4 else "")
    return [f"Runs without the label {study.group_by!r}, pooled as {NO_LABEL}: {shown}."]


def study_warnings(rows: Sequence[dict[str, Any]]) -> list[str]:
    """What makes the pooled figures hard to read: judges or record schemas that differ between
    runs, and runs without conversations."""
    warnings: list[str] = []
    judges = _runs_by(rows, "judges")
    if len(judges) > 1:
        warnings.append("The study mixes judges: " + _listing(judges) + ".")
    schemas = _runs_by(rows, "schema_versions", prefix="record schema v")
    if len(schemas) > 1:
        warnings.append("Runs of different record schemas: " + _listing(schemas) + ".")
    empty = [r["run"] for r in rows if not r["conversations"]]
    if empty:
        warnings.append(f"Runs without conversations: {', '.join(empty)}.")
    return warnings


def _runs_by(rows: Sequence[dict[str, Any]], key: str, prefix: str = "") -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for row in rows:
        if not row["conversations"]:
            continue
        tag = " + ".join(f"{prefix}{k}" for k in row[key]) or "no verdicts"
        out.setdefault(tag, []).append(row["run"])
    return out


def _listing(groups: dict[str, list[str]], shown: int = 4) -> str:
    parts = []
    for tag, runs in sorted(groups.items()):
        more = f" and {len(runs) - shown} more" if len(runs) > shown else ""
        parts.append(f"{tag} ({', '.join(runs[:shown])}{more})")
    return "; ".join(parts)


def study_summary_lines(result: dict[str, Any]) -> list[str]:
    """What the CLI prints: the pooled figures per group and over all runs, then the warnings."""

    def line(name: str, f: dict[str, Any]) -> str:
        rate, ci = f["pass_rate"], f["pass_rate_ci95"]
        shown = "n/a" if rate is None else f"{rate:.1%} [{ci[0]:.1%}, {ci[1]:.1%}]"
        uft = f["unique_failure_types_per_conversation"]
        return (
            f"{name}: {f['runs']} runs, {f['conversations']} conversations, "
            f"{f['passing_conversations']}/{f['decided_conversations']} pass ({shown}), "
            f"{'n/a' if uft is None else f'{uft:.2f}'} failure types/conversation, "
            f"{f['unscored_conversations']} unscored"
        )

    lines = [line(f"{result['group_by']} {value}", f) for value, f in result["groups"].items()]
    lines.append(line("all runs", result["pooled"]))
    return lines + [f"warning: {w}" for w in result["warnings"]]


def write_study(
    study: Study,
    *,
    out_dir: Path | None = None,
    executor: StudyExecutor = "local",
    scheduler: str | None = None,
    workers: int = 2,
    use_cache: bool = True,
) -> StudyOutputs:
    """Summarise every run, pool, and write study.json and report.html to `out_dir` (default:
    the study YAML's folder, or the folder the run directories share)."""
    from icatest.analysis.study_page import render_study

    summaries = summarise_runs([r.path for r in study.runs], executor, scheduler=scheduler,
                               workers=workers, use_cache=use_cache)  # fmt: skip
    result = study_metrics(study, summaries) | {"executor": executor}
    target = out_dir or study.out_dir
    target.mkdir(parents=True, exist_ok=True)
    metrics_path = target / STUDY_METRICS
    metrics_path.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    report_path = target / STUDY_REPORT
    report_path.write_text(render_study(result), encoding="utf-8")
    return StudyOutputs(target, result, [metrics_path, report_path])
