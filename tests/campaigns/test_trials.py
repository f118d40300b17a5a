"""--trials: every scenario K times with the same coordinates, trial index in the record,
--max-conversations counting scenarios, and a resume that neither redoes nor loses a trial."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from campaign_helpers import config

from icatest.campaigns import read_records, run_campaign
from icatest.campaigns.sampler import ScenarioSampler, slot_of
from icatest.catalog import load_catalog
from icatest.storage.rundir import RunDirError

COORDINATES = ("seed_id", "persona", "max_turns", "rng_seed", "mode")


def _key(r: dict) -> tuple:
    return (*(r[k] for k in COORDINATES), r["context"]["id"])


async def test_trials_repeat_each_scenario(data_dir: Path, tmp_path: Path, scripted):
    run = tmp_path / "run"
    result = await run_campaign(config(data_dir, max_conversations=4, trials=3), run, **scripted)
    recs = read_records(run / "conversations.jsonl")
    assert result.status == "completed" and len(recs) == 12  # 4 scenarios x 3 trials
    assert Counter(r["scenario_index"] for r in recs) == {0: 3, 1: 3, 2: 3, 3: 3}
    by_scenario: dict[int, list[dict]] = {}
    for r in recs:
        by_scenario.setdefault(r["scenario_index"], []).append(r)
    for trials in by_scenario.values():
        assert sorted(r["trial"] for r in trials) == [0, 1, 2]
        assert len({_key(r) for r in trials}) == 1  # same seed, persona, context, budget
        assert len({r["conversation_id"] for r in trials}) == 3
    assert len({_key(t[0]) for t in by_scenario.values()}) > 1  # scenarios still differ


async def test_resume_neither_redoes_nor_loses_trials(data_dir: Path, tmp_path: Path, scripted):
    run = tmp_path / "run"
    await run_campaign(config(data_dir, max_conversations=2, trials=3), run, **scripted)
    first = read_records(run / "conversations.jsonl")
    await run_campaign(config(data_dir, max_conversations=5, trials=3), run, resume=True,
                       **scripted)
    recs = read_records(run / "conversations.jsonl")
    pairs = [(r["scenario_index"], r["trial"]) for r in recs]
    assert len(pairs) == len(set(pairs)) == 15
    assert sorted(pairs) == [(s, t) for s in range(5) for t in range(3)]
    assert recs[: len(first)] == first
    fresh = tmp_path / "fresh"
    await run_campaign(config(data_dir, max_conversations=5, trials=3), fresh, **scripted)
    again = read_records(fresh / "conversations.jsonl")
    assert sorted(map(_key, again)) == sorted(map(_key, recs))  # as if never interrupted


async def test_resume_refuses_other_trial_count(data_dir: Path, tmp_path: Path, scripted):
    run = tmp_path / "run"
    await run_campaign(config(data_dir, max_conversations=1, trials=2), run, **scripted)
    with pytest.raises(RunDirError, match="trials"):
        await run_campaign(config(data_dir, max_conversations=2, trials=3), run, resume=True,
                           **scripted)


def test_slots_and_records_agree(data_dir: Path):
    sampler = ScenarioSampler(config(data_dir, max_conversations=3, trials=4),
                              load_catalog(data_dir, only_user_data=True), "r")
    plans = [sampler.plan(s) for s in range(12)]
    assert [(p.scenario_index, p.trial) for p in plans[:5]] == [
        (0, 0), (0, 1), (0, 2), (0, 3), (1, 0)]
    assert plans[5].conversation_id == "r-00001-t1"
    for p in plans:
        assert slot_of({"scenario_index": p.scenario_index, "trial": p.trial}, 4) == p.index
    assert slot_of({"scenario_index": 2}, 1) == 2  # a record written before trials existed
    single = ScenarioSampler(config(data_dir, max_conversations=1),
                             load_catalog(data_dir, only_user_data=True), "r")
    assert single.plan(3).conversation_id == "r-00003"  # ids unchanged without trials


def test_compare_trials_replace_the_experiments(tmp_path: Path):
    from icatest.campaigns.experiments.experiment import load_experiment
    from icatest.cli.experiment_run import with_trials
    from icatest.contracts import Mode
    from icatest.errors import ConfigError

    exp = with_trials(load_experiment(Path("demo")), 3)
    assert exp.campaign["trials"] == 3
    assert exp.arm_config(exp.backends[0], Mode.BASELINE, 0).trials == 3
    with pytest.raises(ConfigError, match="--trials"):
        with_trials(exp, 0)


async def test_compare_with_trials_has_a_headline_interval(data_dir: Path, tmp_path: Path,
                                                           scripted):
    from icatest.campaigns.experiments.experiment import ExperimentConfig, run_experiment
    from icatest.cli.campaign_cmds import comparison_table

    exp = ExperimentConfig.model_validate({
        "name": "t", "backends": [{"name": "ref", "sut": "reference"}],
        "campaign": {"max_conversations": 4, "trials": 2, "data_dir": str(data_dir),
                     "only_user_data": True, "rng_seed": 2},
    })
    comparison = await run_experiment(exp, tmp_path / "exp", **scripted)
    assert comparison["arms"]["guided"]["conversations"] == 8
    h = comparison["headline"]
    assert h["scenarios"] == 4 and h["trials"] == 2
    assert h["metric"] == "unique_failure_types_per_conversation"
    assert h["ratio"] is not None and h["low"] <= h["ratio"] <= h["high"]
    assert "bootstrap interval over 4 scenarios, 2 trials each" in comparison_table(comparison)


def test_headline_interval_by_hand():
    from icatest.campaigns.experiments.headline import headline_interval

    guided = {("a", i): [2, 2] for i in range(10)} | {("a", 10): [6, 4]}
    baseline = {("a", i): [1, 1] for i in range(11)} | {("a", 99): [3]}  # 99: guided never ran
    h = headline_interval(guided, baseline, resamples=500)
    assert h is not None and h["scenarios"] == 11 and h["trials"] == 2
    assert h["ratio"] == pytest.approx((20 + 5) / 11, abs=1e-4)  # per-scenario means, ratio
    # a third of the resamples miss the one scenario where guided found more: exactly 2 then
    assert h["low"] == 2.0 and h["ratio"] < h["high"] < 5.0
    assert headline_interval({("a", 0): [1]}, {("a", 0): [1]}) is None  # one scenario: no spread


@pytest.mark.slow
def test_fuzz_and_report_with_trials(tmp_path: Path, capsys):
    """The issue's done-when, small: fuzz --trials writes trial indices, report's metrics.json
    carries a non-increasing pass^k and a flaky share, report.html the curve."""
    import json

    from icatest.cli import main

    out = tmp_path / "t"
    assert main(["fuzz", "--sut", "reference", "--max-conversations", "3", "--trials", "2",
                 "--turn-budgets", "2", "--run-id", "trials-0", "--out", str(out), "--quiet",
                 "--no-preflight"]) == 0
    recs = read_records(out / "conversations.jsonl")
    assert sorted((r["scenario_index"], r["trial"]) for r in recs) == [
        (s, t) for s in range(3) for t in range(2)]
    assert main(["report", str(out), "--no-embed"]) == 0
    metrics = next(iter(json.loads((out / "metrics.json").read_text())["metrics"].values()))
    hat = metrics["pass_hat_k"]
    assert list(hat) == ["1", "2"] and hat["1"] >= hat["2"]
    assert "flaky_share" in metrics and metrics["trials"] == 2
    assert 'id="trials"' in (out / "report.html").read_text()
