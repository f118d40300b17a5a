"""Experiments: both arms with identical seeds, comparison.json, placeholder refusal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from icatest.campaigns.experiments.experiment import (
    ExperimentConfig,
    load_experiment,
    run_experiment,
)
from icatest.campaigns.running.scripted import ENGINE, OPENER
from icatest.data import packaged_path
from icatest.errors import ConfigError

REPO = Path(__file__).resolve().parents[2]


async def test_compare_writes_both_arms_and_ratios(data_dir: Path, tmp_path: Path, scripted):
    exp = ExperimentConfig.model_validate({
        "name": "t", "backends": [{"name": "ref", "sut": "reference"}],
        "campaign": {"max_conversations": 5, "data_dir": str(data_dir), "rng_seed": 4,
                     "only_user_data": True},
    })
    comparison = await run_experiment(exp, tmp_path / "exp", engine=ENGINE, opener=OPENER)
    folder = tmp_path / "exp"
    assert {p.name for p in folder.iterdir()} >= {
        "experiment.json", "baseline", "guided", "comparison.json"}
    assert json.loads((folder / "comparison.json").read_text()) == comparison
    arms = comparison["arms"]
    assert arms["baseline"]["conversations"] == arms["guided"]["conversations"] == 5
    assert set(comparison["ratios"]) >= {"failure_rate", "unique_failure_types_per_conversation"}
    seeds = {}
    for arm in ("baseline", "guided"):
        lines = (folder / arm / "conversations.jsonl").read_text().splitlines()
        seeds[arm] = sorted((json.loads(x)["scenario_index"], json.loads(x)["seed_id"])
                            for x in lines)
    assert seeds["baseline"] == seeds["guided"]


def test_shipped_experiments_validate_and_paper_refuses(tmp_path: Path):
    demo = load_experiment(packaged_path("experiments") / "demo.yaml")
    assert demo.backends[0].sut == "reference"
    paper = load_experiment(REPO / "experiments" / "paper.yaml")
    assert len(paper.backends) == 6 and paper.sessions == 6
    assert paper.arm_config(paper.backends[0], paper.arms[0], 0).budget_s == 4 * 3600
    import asyncio

    with pytest.raises(ConfigError, match="placeholders"):
        asyncio.run(run_experiment(paper, tmp_path / "paper"))


def test_experiment_rejects_unknown_keys(tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nbackends: [{name: a, sut: reference}]\n"
                   "campaign: {budget_s: 1m, concurrenci: 3}\n")
    with pytest.raises(ConfigError, match="concurrenci"):
        load_experiment(bad)
