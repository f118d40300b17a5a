"""pass^k, pass@k, Wilson intervals and flaky scenarios over trials, against hand-worked values."""

from __future__ import annotations

from math import comb

import pytest
from runfactory import make_record

from icatest.analysis.metrics import compute_metrics
from icatest.analysis.trials import pass_at_k, pass_hat_k, trial_stats, wilson_interval


def _trials(scenario: int, decisions: list[str]):
    out = []
    for t, d in enumerate(decisions):
        r = make_record(f"c{scenario}-t{t}", decision=d, score=0.9 if d == "pass" else 0.3)
        out.append(r.model_copy(update={"scenario_index": scenario, "trial": t}))
    return out


def test_estimators_match_their_definitions():
    assert pass_hat_k(3, 2, 1) == pytest.approx(2 / 3)
    assert pass_hat_k(3, 2, 2) == pytest.approx(1 / 3)  # C(2,2)/C(3,2)
    assert pass_hat_k(3, 2, 3) == 0.0
    assert pass_at_k(3, 1, 2) == pytest.approx(1 - comb(2, 2) / comb(3, 2))
    with pytest.raises(ValueError):
        pass_hat_k(2, 1, 3)
    low, high = wilson_interval(3, 3)
    assert 0.43 < low < 0.44 and high == pytest.approx(1.0)  # Wilson, not Wald's [1, 1]
    assert wilson_interval(0, 0) is None


def test_trial_stats_by_hand():
    records = [
        *_trials(0, ["pass", "pass", "pass"]),
        *_trials(1, ["pass", "fail", "pass"]),  # flaky
        *_trials(2, ["fail", "fail", "fail"]),
        *_trials(3, ["pass", "unscored", "fail"]),  # flaky, but not every trial decided
    ]
    s = trial_stats(records)
    assert s["trials"] == 3 and s["trial_scenarios"] == 4
    assert s["complete_trial_scenarios"] == 3 and s["incomplete_trial_scenarios"] == 1
    # scenarios 0..2: pass^1 = (1 + 2/3 + 0)/3, pass^2 = (1 + 1/3 + 0)/3, pass^3 = (1+0+0)/3
    assert s["pass_hat_k"] == pytest.approx({"1": 5 / 9, "2": 4 / 9, "3": 1 / 3})
    assert s["pass_at_k"] == pytest.approx({"1": 5 / 9, "2": 2 / 3, "3": 2 / 3})
    assert s["flaky_share"] == pytest.approx(2 / 4) and s["flaky_scenarios_count"] == 2
    assert [f["scenario_index"] for f in s["flaky_scenarios"]] == [3, 1]  # lowest rate first
    row = next(r for r in s["scenario_pass_rates"] if r["scenario_index"] == 3)
    assert (row["passes"], row["decided"], row["pass_rate"]) == (1, 2, 0.5)
    assert row["wilson_low"] < 0.5 < row["wilson_high"]


def test_without_trials_only_pass_hat_1():
    records = [make_record(f"c{i}", decision=d) for i, d in enumerate(["pass", "fail", "fail"])]
    m = compute_metrics(records)
    assert m["trials"] == 1 and m["pass_hat_k"] == pytest.approx({"1": 1 / 3})
    assert m["flaky_share"] is None and m["scenario_pass_rates"] == []


def test_report_shows_the_curve_and_flaky_scenarios_first(tmp_path):
    from runfactory import write_run

    from icatest.analysis import load_run
    from icatest.analysis.report import render_report

    records = [*_trials(0, ["pass", "fail", "pass"]), *_trials(1, ["fail", "fail", "fail"])]
    run = load_run(write_run(tmp_path / "r", records))
    html = render_report([run], {run.name: compute_metrics(run.records)})
    trials_at, metrics_at = html.index('id="trials"'), html.index("<h2>Metrics</h2>")
    assert trials_at < metrics_at
    section = html[trials_at:metrics_at]
    assert "pass^k over trials" in section and "<svg" in section
    assert "seed-c0-t0" in section and "seed-c1-t0" not in section  # only the flaky one listed
    plain = render_report([load_run(write_run(tmp_path / "p", _trials(0, ["pass"])))],
                          {"known": compute_metrics(_trials(0, ["pass"]))})
    assert 'id="trials"' not in plain  # no trials, no section
