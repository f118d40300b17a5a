"""Loading runs: typed records, tables, torn last lines, and the published logs as a run."""

from __future__ import annotations

from pathlib import Path

import pytest
from runfactory import known_run_records, write_run

from icatest.analysis import load_run
from icatest.errors import ConfigError, NotFoundError
from icatest.scoring.score import success_score


def test_load_run_returns_records_manifest_and_tables(known_run: Path):
    run = load_run(known_run)
    assert [r.conversation_id for r in run.records] == ["c1", "c2", "c3", "c4", "c5"]
    assert run.manifest["run_id"] == "known" and run.name == "known"
    assert run.start_time == 1000.0
    assert len(run.conversations) == 5
    assert run.conversations.set_index("conversation_id").loc["c1", "n_failure_types"] == 3
    assert len(run.turns) == 6 + 2 + 6 + 6 + 2
    assert len(run.failures) == 8
    assert set(run.failures.columns) >= {"conversation_id", "turn", "label", "rationale"}


def test_torn_last_line_is_skipped_and_counted(tmp_path: Path):
    root = write_run(tmp_path / "r", known_run_records(), tail='{"conversation_id": "c6", "mo')
    run = load_run(root)
    assert len(run.records) == 5
    assert run.skipped_lines == 1


def test_corrupt_middle_line_is_an_error_naming_the_line(tmp_path: Path):
    root = write_run(tmp_path / "r", known_run_records())
    lines = (root / "conversations.jsonl").read_text().splitlines()
    lines.insert(1, "{not json")
    (root / "conversations.jsonl").write_text("\n".join(lines) + "\n")
    run = load_run(root)  # the records are streamed: reading them is what fails
    with pytest.raises(ConfigError, match="line 2"):
        run.scan  # noqa: B018
    with pytest.raises(ConfigError, match="line 2"):
        list(run.iter_records())


def test_progress_file_is_read(tmp_path: Path):
    progress = [{"t": 1.0, "conversations": 1, "failures": 0}, {"t": 2.0, "conversations": 2}]
    run = load_run(write_run(tmp_path / "r", known_run_records(), progress=progress))
    assert run.progress == progress


def test_missing_directory_is_a_user_error(tmp_path: Path):
    with pytest.raises(NotFoundError):
        load_run(tmp_path / "nope")
    (tmp_path / "empty").mkdir()
    with pytest.raises(NotFoundError):
        load_run(tmp_path / "empty")


def test_published_logs_load_as_a_run(shared_data: Path):
    run = load_run(shared_data / "paper_logs")
    assert run.source == "paper_logs"
    assert len(run.records) == 37
    failing = [r for r in run.records if r.success_decision == "fail"]
    assert len(failing) == 19
    assert (run.conversations["success_decision"] == "fail").sum() == 19
    reasons = {r.termination_reason.value for r in run.records}
    assert reasons == {"targets_resolved", "max_turns_reached"}
    # the converted scores and target statuses reproduce each log's own success score
    for record in run.records:
        statuses = [t.status for t in record.targets]
        assert success_score(record.scores, statuses) == pytest.approx(record.success_score)
    # turn labels carry their rationales; failure table agrees with failure_turns
    first = run.records[0]
    assert all(f.rationale for t in first.turns if t.evaluation for f in t.evaluation.findings)
    n_events = sum(len(v) for r in run.records for v in r.failure_turns.values())
    assert len(run.failures) == n_events
    assert {r.mode.value for r in run.records} == {"guided", "baseline"}
