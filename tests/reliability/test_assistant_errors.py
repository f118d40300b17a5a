"""An assistant error is a finding (issue 29, item 2): against an endpoint that answers some
requests with HTTP 500, hangs on some and sends a malformed body on others (retries on), every
exchange that outlives the retries is the failure `assistant_error` with its kind, ends its
conversation `sut_error`, decides it `fail`, and counts as judged: the campaign exits 0 with the
default `--min-judged` and the summary counts assistant errors on their own."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from reliability_helpers import check_run_accounts, fast_policy, run_cli, write_yaml

from icatest.sut.reference import start_background

# the packaged `flaky-endpoint` profile (6 % / 2 % / 3 %) at higher rates and short hangs, so that
# a few conversations show every kind
PROFILE = {"name": "flaky", "seed": 7, "faults": {},
           "transport": {"error_rate": 0.12, "timeout_rate": 0.06, "malformed_rate": 0.08,
                         "hang_s": 1.0}}


@pytest.mark.slow
def test_assistant_errors_are_failures_and_the_verdicts_stay_usable(tmp_path: Path) -> None:
    profile = write_yaml(tmp_path / "flaky.yaml", PROFILE)
    with start_background(profile=profile) as ref:
        sut = write_yaml(tmp_path / "sut.yaml", {
            "kind": "http", "url": ref.base_url + "/api/converse",
            "body": {"session": "{{ session_id }}", "text": "{{ utterance }}",
                     "context": "{{ context }}"},
            **fast_policy(timeout_s=0.5, retries=1),
        })
        # one lane: the server draws its faults in request order, so the run is reproducible
        result = run_cli(["fuzz", "--sut-config", str(sut), "--out", str(tmp_path / "run"),
                          "--max-conversations", "10", "--concurrency", "1", "--turn-budgets",
                          "4", "--rng-seed", "3", "--quiet", "--no-preflight"])
        served = ref.transport_counts
    assert result.code == 0, result.err
    assert served["error"] and served["malformed"] and served["hang"], served
    acc = check_run_accounts(tmp_path / "run")
    records = acc["records"]
    assert acc["interrupted"] == []  # the assistant was up all along: no outage, nothing to redo
    ended = [r for r in records if r["termination_reason"] == "sut_error"]
    assert ended, "no fault outlived the retries: rates too low to test anything"
    kinds: Counter[str] = Counter()
    for rec in ended:
        last = rec["turns"][-1]
        assert last["sut_error"] and last["system"] is None
        assert rec["failure_turns"]["assistant_error"] == [last["turn_number"]]
        assert rec["success_decision"] == "fail" and rec["is_complete"]
        assert not any(p["role"] == "assistant" for p in rec["unscored"])
        kinds[last["sut_error_kind"]] += 1
    assert "malformed" in kinds, kinds  # never retried: each one is a finding at once
    # the summary counts them apart, among the scored
    summary = [ln for ln in result.out.splitlines() if ln.startswith("completed:")][-1]
    assert summary.startswith("completed:")
    assert f"{len(ended)} with assistant errors (failures)" in summary, summary
    scored = sum(r["success_decision"] in ("pass", "fail") for r in records)
    assert f"{scored} scored" in summary
