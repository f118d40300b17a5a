"""Shared pieces of the reliability suite: run the CLI in-process, read a run back, tally faults.

The suite drives icatest the way a user does (`icatest fuzz ...`), against loopback servers that
misbehave on purpose, and then checks the run directory with the same eyes a user would.
"""

from __future__ import annotations

import contextlib
import io
import json
import sqlite3
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from icatest.cli import main

REPO = Path(__file__).resolve().parents[2]
# tally of what the suite injected / tried, printed by the summary test at the end of a session
TALLY: Counter[str] = Counter()


@dataclass
class CliResult:
    code: int
    out: str
    err: str


def run_cli(argv: list[str]) -> CliResult:
    """`icatest ARGV` in this process with stdout/stderr captured (no sys.exit)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in argv])
    return CliResult(code, out.getvalue(), err.getvalue())


def write_yaml(path: Path, data: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def fast_policy(**kw: Any) -> dict[str, Any]:
    """Adapter call policy for tests: short timeouts, one retry, tiny backoff."""
    policy = {
        "timeout_s": 0.5,
        "retries": 1,
        "backoff_base_s": 0.01,
        "backoff_max_s": 0.05,
        "retry_after_cap_s": 0.05,
    }
    policy.update(kw)
    return policy


def jsonl(path: Path) -> list[dict[str, Any]]:
    """Every line of a JSONL file, strictly: a line that is not a JSON object fails the test."""
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        obj = json.loads(line)
        assert isinstance(obj, dict), f"{path.name} line {n} is not an object"
        rows.append(obj)
    return rows


def check_run_accounts(run: Path) -> dict[str, Any]:
    """The counts of a finished run add up; returns the records and events for more checks.

    * conversations.jsonl is valid JSONL, one record per started conversation, no duplicates;
      conversations cut by an unreachable assistant are in interrupted.jsonl instead;
    * every record is complete or carries a partial-reason, and always a termination reason;
    * manifest, index.sqlite and events agree on the number of conversations.
    """
    records = jsonl(run / "conversations.jsonl")
    cut = jsonl(run / "interrupted.jsonl") if (run / "interrupted.jsonl").exists() else []
    events = jsonl(run / "events.jsonl")
    manifest = json.loads((run / "manifest.json").read_text())
    ids = [r["conversation_id"] for r in records]
    assert len(ids) == len(set(ids)), "duplicate conversation records"
    started = {e["conversation_id"] for e in events if e["event"] == "conversation_started"}
    finished = {e["conversation_id"] for e in events if e["event"] == "conversation_finished"}
    abandoned = {e["conversation_id"] for e in events if e["event"] == "conversation_abandoned"}
    interrupted = {
        e["conversation_id"] for e in events if e["event"] == "conversation_interrupted"
    }
    assert set(ids) == finished
    assert interrupted == {r["conversation_id"] for r in cut}
    assert started == finished | abandoned | interrupted
    assert manifest["conversations"] == len(records)
    for r in records:
        assert r["termination_reason"], r["conversation_id"]
        if not r["is_complete"]:
            assert r["termination_reason"] in {
                "budget_exhausted", "cost_exhausted", "cancelled", "internal_error"
            }
    with sqlite3.connect(run / "index.sqlite") as db:
        (n_index,) = db.execute("select count(*) from conversations").fetchone()
    assert n_index == len(records)
    for r in cut:
        assert not r["is_complete"] and r["termination_reason"] in {"sut_unreachable", "outage"}
    return {"records": records, "events": events, "manifest": manifest, "interrupted": cut}


def sut_errors(records: list[dict[str, Any]]) -> list[str]:
    return [t["sut_error"] for r in records for t in r["turns"] if t.get("sut_error")]


def sut_error_kinds(records: list[dict[str, Any]]) -> list[str]:
    """The kind the adapter set on every failed exchange (never parsed from the message)."""
    return [t["sut_error_kind"] for r in records for t in r["turns"] if t.get("sut_error")]


def all_output_files(*roots: Path) -> list[Path]:
    files: list[Path] = []
    for root in roots:
        if root.is_file():
            files.append(root)
        elif root.exists():
            files.extend(p for p in sorted(root.rglob("*")) if p.is_file())
    return files
