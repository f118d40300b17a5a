"""metrics.json is the summary; what grows with the conversations is in metrics_details.json,
and the two together are exactly what the analysis computed."""

from __future__ import annotations

import json
from pathlib import Path

from runfactory import write_experiment

from icatest.analysis.details import CLUSTER_DETAILS, RUN_DETAILS, join_details
from icatest.analysis.workflow import analyse, write_report


def test_summary_and_details_split_and_join(tmp_path: Path):
    experiment = write_experiment(tmp_path / "exp")
    write_report([experiment], model="hashing")
    summary = json.loads((experiment / "metrics.json").read_text())
    details = json.loads((experiment / "metrics_details.json").read_text())
    assert summary["details"] == "metrics_details.json"
    for name, metrics in summary["metrics"].items():
        assert not set(RUN_DETAILS) & set(metrics)
        assert metrics["conversations"] > 0 and "failure_rate" in metrics
        assert len(details["metrics"][name]["success_scores"]) == metrics["scored_conversations"]
    assert not set(CLUSTER_DETAILS) & set(summary["clusters"])
    assert len(details["clusters"]["items"]) == summary["clusters"]["n_items"]
    assert summary["comparison"]["ratios"]  # what compare and CI read stays in the summary
    computed = json.loads(json.dumps(analyse([experiment], model="hashing").result, default=str))
    assert join_details(summary, details) == computed
