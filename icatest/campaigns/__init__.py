"""Campaigns: many conversations under one budget, written to a run directory.

Public face: `CampaignConfig` (the one config model), `run_campaign` (run or resume one campaign),
`ScenarioSampler` (scenario i as a pure function of (rng_seed, i)), `read_records` (the run's
conversations, torn lines skipped), and the experiment API in
`icatest.campaigns.experiments.experiment`.
"""

from icatest.campaigns.config import CampaignConfig, Limits, parse_duration
from icatest.campaigns.running.runner import CampaignResult, run_campaign
from icatest.campaigns.sampler import ScenarioPlan, ScenarioSampler
from icatest.storage.rundir import read_manifest, read_records

__all__ = [
    "CampaignConfig",
    "CampaignResult",
    "Limits",
    "ScenarioPlan",
    "ScenarioSampler",
    "parse_duration",
    "read_manifest",
    "read_records",
    "run_campaign",
]
