"""The offline judge against the reference assistant's oracle: the first row of the figures in
docs/offline_backend.md, recomputed on one run (development data: the judge was built on it).

The run directory is prepared with a fixed run id, so the assistant's fault dice (a function of
the conversation id) roll the same every time and the figure is reproducible; the documented
spread over fresh runs comes from experiments/benchmarks/oracle_spread.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from icatest import __version__
from icatest.calibration.oracle import (
    compare_with_oracle,
    judged_from_verdicts,
    verdicts_from_records,
)
from icatest.calibration.runs import read_oracle
from icatest.campaigns.config import CampaignConfig
from icatest.campaigns.running.runner import manifest_config, run_campaign
from icatest.contracts import Mode
from icatest.storage.rundir import new_manifest, read_conversations, write_manifest

RUN_ID = "guided-20261130-000000-0a0a0a"  # fixed before the figure was first computed


@pytest.mark.slow
async def test_offline_judge_meets_the_oracle_target(tmp_path: Path) -> None:
    log = tmp_path / "oracle.jsonl"
    log.touch()
    config = CampaignConfig(
        sut="reference:default",
        mode=Mode.GUIDED,
        max_conversations=80,
        rng_seed=11,
        reference_options={"oracle_log": str(log)},
    )
    run = tmp_path / "run"
    run.mkdir()
    write_manifest(run, new_manifest(RUN_ID, __version__, manifest_config(config), "guided"))
    await run_campaign(config, run, resume=True, handle_signals=False)

    records = read_conversations(run).records
    assert len(records) == 80
    judged = judged_from_verdicts(verdicts_from_records(records))
    report = compare_with_oracle(judged, read_oracle(log))
    assert report.items > 400 and not report.unscored_turns
    assert report.micro.f1 is not None and report.micro.f1 >= 0.85, report.micro
    assert report.uncertain_turns / report.items <= 0.05
