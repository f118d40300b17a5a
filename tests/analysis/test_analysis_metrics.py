"""Every metric on the hand-built known run, with answers worked out by hand."""

from __future__ import annotations

import math

import numpy as np
import pytest
from runfactory import RUN_START, baseline_run_records, known_run_records, make_record

from icatest.analysis.compare import compare_metrics
from icatest.analysis.dedup import duplicate_groups, transcript_signature
from icatest.analysis.metrics import (
    compute_metrics,
    dedup_stats,
    failure_timeline,
    failure_type_stats,
    outcome_counts,
    score_stats,
    turn_position,
    usage_stats,
)


@pytest.fixture
def records():
    return known_run_records()


def test_outcome_counts_keep_unscored_and_partial_apart(records):
    got = outcome_counts(records)
    assert got == {
        "conversations": 5,
        "failing_conversations": 3,
        "passing_conversations": 1,
        "unscored_conversations": 1,
        "invalid_conversations": 0,
        "partial_conversations": 1,
        "assistant_error_conversations": 0,
        "failure_rate": 0.75,  # 3 failing of 4 decided
        "flagged_conversations": 0,
        "flagged_rate": 0.0,
    }


def test_flagged_rate_counts_findings_not_decisions(records):
    # a finding on an unscored conversation flags it without making it failing
    flagged = [
        r.model_copy(update={"failure_turns": {"fallback_response": [1]}})
        if r.success_decision in (None, "unscored", "pass")
        else r
        for r in records
    ]
    got = outcome_counts(flagged)
    assert got["flagged_conversations"] == 2 and got["flagged_rate"] == 2 / 5
    assert got["failure_rate"] == 0.75  # failing / scored is unchanged


def test_assistant_errors_are_failing_and_counted_apart(records):
    broken = make_record("e1", decision="fail", score=None, termination="sut_error",
                         labels={2: ["assistant_error"]}, n_turns=3)
    got = outcome_counts([broken, *records[1:]])
    assert got["assistant_error_conversations"] == 1
    assert got["failing_conversations"] == 3 and got["failure_rate"] == 0.75


def test_score_mean_and_sample_sd_skip_missing_scores(records):
    got = score_stats(records)
    assert got["scored_conversations"] == 4
    assert got["mean_success_score"] == pytest.approx(0.5)
    assert got["sd_success_score"] == pytest.approx(math.sqrt(0.26 / 3))


def test_failure_types_counts_prevalence_and_three_plus(records):
    got = failure_type_stats(records)
    assert got["unique_failure_types_per_conversation"] == pytest.approx(6 / 5)
    assert got["failure_type_counts"] == {
        "constraint_missed": 5,
        "context_forgotten": 1,
        "request_omitted": 1,
        "safety_violation": 1,
    }
    assert got["prevalence"] == pytest.approx(
        {"constraint_missed": 0.6, "context_forgotten": 0.2, "request_omitted": 0.2,
         "safety_violation": 0.2}
    )  # fmt: skip
    assert got["share_with_3plus_types"] == pytest.approx(0.2)
    assert got["distinct_failure_types"] == 4


def test_turn_position_early_share_uses_first_third_of_max_turns(records):
    got = turn_position(records)
    assert got["failure_events"] == 8
    assert got["early_failure_share"] == pytest.approx(6 / 8)  # turns 0 and 1 of max_turns 6
    assert got["failures_by_turn"] == {"0": 3, "1": 3, "2": 1, "5": 1}


def test_timeline_is_cumulative_from_run_start(records):
    got = failure_timeline(records, RUN_START)
    assert [p["t"] for p in got] == [10.0, 20.0, 30.0, 40.0, 50.0]
    assert [p["failing_conversations"] for p in got] == [1, 2, 2, 2, 3]
    assert [p["unique_failure_types"] for p in got] == [3, 3, 3, 4, 4]
    assert [p["failure_events"] for p in got] == [3, 5, 5, 6, 8]


def test_timeline_without_timestamps_is_empty():
    assert failure_timeline([make_record("x", ended_at=0.0)], None) == []


def test_exact_duplicates_ignore_case_and_whitespace(records):
    by_id = {r.conversation_id: r for r in records}
    assert transcript_signature(by_id["c2"]) == transcript_signature(by_id["c5"])
    assert transcript_signature(by_id["c1"]) != transcript_signature(by_id["c2"])
    got = dedup_stats(records)
    assert got["unique_failing_conversations"] == 2
    assert got["duplicate_rate"] == pytest.approx(1 / 3)
    assert got["near_duplicates_checked"] is False
    assert sorted(got["duplicate_groups"][0]) == ["c2", "c5"]


def test_near_duplicates_follow_cosine_threshold(records):
    vectors = {
        "c1": np.array([1.0, 0.0]),
        "c2": np.array([0.96, 0.28]),  # cos(c1, c2) = 0.96
        "c5": np.array([0.0, 1.0]),
    }
    assert dedup_stats(records, vectors, threshold=0.95)["unique_failing_conversations"] == 1
    assert dedup_stats(records, vectors, threshold=0.97)["unique_failing_conversations"] == 2
    # a single vector-only pair without any exact duplicate
    solo = [r for r in records if r.conversation_id in ("c1", "c2")]
    assert len(duplicate_groups(solo, vectors, 0.95)) == 1
    assert len(duplicate_groups(solo, vectors, 0.99)) == 2


def test_usage_sums_tokens_and_cost(records):
    got = usage_stats(records)
    assert got["calls"] == 10
    assert got["input_tokens"] == 500
    assert got["output_tokens"] == 50
    assert got["total_tokens"] == 550
    assert got["cost_usd"] == pytest.approx(0.05)
    assert got["usage_by_role"]["simulator"]["calls"] == 10


def test_compute_metrics_bundles_everything_and_is_json_ready(records):
    import json

    progress = [{"t": 5, "conversations": 1, "failures": 1}]
    got = compute_metrics(records, start_time=RUN_START, progress=progress)
    json.dumps(got)
    assert got["failure_rate"] == 0.75
    assert got["progress"] == progress
    assert len(got["timeline"]) == 5


def test_empty_run_has_undefined_rates_not_errors():
    got = compute_metrics([])
    assert got["conversations"] == 0
    assert got["failure_rate"] is None
    assert got["mean_success_score"] is None
    assert got["unique_failure_types_per_conversation"] is None
    assert got["duplicate_rate"] is None


def test_two_runs_side_by_side_and_ratios():
    guided = compute_metrics(known_run_records())
    baseline = compute_metrics(baseline_run_records())
    got = compare_metrics(guided, baseline, ("guided", "baseline"))
    assert baseline["unique_failure_types_per_conversation"] == pytest.approx(0.6)
    assert got["ratios"]["unique_failure_types_per_conversation"] == pytest.approx(2.0)
    assert got["side_by_side"]["conversations"] == {"guided": 5, "baseline": 5}
    assert got["prevalence"]["constraint_missed"]["ratio"] == pytest.approx(1.5)
    assert got["prevalence"]["safety_violation"]["ratio"] is None  # baseline never saw it
    assert got["prevalence"]["safety_violation"]["baseline"] == 0.0
    assert "2.00x (more)" in got["closing_note"]
