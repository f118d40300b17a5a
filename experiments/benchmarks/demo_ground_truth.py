"""The demo's guided-vs-baseline headline, measured on the reference assistant's ground truth.

Runs the packaged `demo` experiment (reference assistant, default fault profile, offline roles,
60 s per arm) with the oracle written to FOLDER/oracle.jsonl, then prints, per arm, the
judge's figures next to the oracle's (failures found, failure rate, unique failure types per
conversation) and the judge's agreement with the oracle.

    python experiments/benchmarks/demo_ground_truth.py runs/demo-truth     # run, then measure
    python experiments/benchmarks/demo_ground_truth.py runs/demo-truth --measure  # an earlier run
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path
from statistics import fmean
from typing import Any

from icatest.calibration.oracle import (
    compare_with_oracle,
    judged_from_verdicts,
    verdicts_from_records,
)
from icatest.calibration.runs import OracleLog, read_oracle
from icatest.campaigns.experiments.experiment import (
    ExperimentConfig,
    load_experiment,
    run_experiment,
)
from icatest.storage.rundir import read_conversations

ARMS = ("guided", "baseline")


def run(folder: Path) -> None:
    exp = load_experiment(Path("demo"))
    options = {"oracle_log": str((folder / "oracle.jsonl").resolve())}
    campaign = {**exp.campaign, "reference_options": options}
    exp = ExperimentConfig.model_validate({**exp.model_dump(), "campaign": campaign})
    asyncio.run(run_experiment(exp, folder, quiet=True))


def arm_figures(arm: Path, oracle: OracleLog) -> dict[str, Any]:
    records = read_conversations(arm).records
    truth = oracle.labels()
    judge_counts, oracle_counts, judge_types, oracle_types = [], [], [], []
    for r in records:
        judged = [
            {f.label.value for f in t.evaluation.findings}
            for t in r.turns
            if t.evaluation is not None and t.evaluation.scored
        ]
        true = [truth.get((r.conversation_id, t.turn_number), set()) for t in r.turns]
        judge_counts.append(sum(len(j) for j in judged))
        oracle_counts.append(sum(len(s) for s in true))
        judge_types.append(len(set().union(*judged)) if judged else 0)
        oracle_types.append(len(set().union(*true)) if true else 0)
    report = compare_with_oracle(judged_from_verdicts(verdicts_from_records(records)), oracle)
    n = len(records)
    return {
        "conversations": n,
        "judge": {
            "failures_found": sum(judge_counts),
            "failure_rate": sum(c > 0 for c in judge_counts) / n,
            "unique_types_per_conversation": fmean(judge_types),
        },
        "oracle": {
            "failures_found": sum(oracle_counts),
            "failure_rate": sum(c > 0 for c in oracle_counts) / n,
            "unique_types_per_conversation": fmean(oracle_types),
        },
        "judge_vs_oracle_micro": report.micro.model_dump(),
    }


def measure(folder: Path) -> dict[str, Any]:
    oracle = read_oracle(folder / "oracle.jsonl")
    arms = {arm: arm_figures(folder / arm, oracle) for arm in ARMS}
    ratios = {
        source: {
            key: arms["guided"][source][key] / arms["baseline"][source][key]
            for key in ("failures_found", "failure_rate", "unique_types_per_conversation")
            if arms["baseline"][source][key]
        }
        for source in ("judge", "oracle")
    }
    return {"arms": arms, "guided_over_baseline": ratios}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--measure", action="store_true", help="only measure an earlier run")
    args = parser.parse_args()
    if not args.measure:
        run(args.folder)
    print(json.dumps(measure(args.folder), indent=2))


if __name__ == "__main__":
    main()
