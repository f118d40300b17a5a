"""What to do after reading a report: the commands that take this run's failures further
(replay them, shrink one, export a regression suite), spelled for this run's folder."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass

from icatest.analysis.run import Run


@dataclass(frozen=True)
class NextStep:
    what: str
    command: str


def _failing(run: Run) -> list[str]:
    return [d.conversation_id for d in run.scan.digests if d.success_decision == "fail"]


def next_steps(runs: Sequence[Run]) -> list[NextStep]:
    """For the first run with failing conversations (the guided arm of an experiment): replay,
    shrink one, export a suite; with none, how to find some."""
    run = next((r for r in runs if r.source == "icatest" and _failing(r)), None)
    if run is None:
        return [NextStep(
            "No failing conversation to take further: run a longer or guided campaign",
            "icatest fuzz --sut SUT --mode guided --budget 10m --out runs/next",
        )]  # fmt: skip
    folder = shlex.quote(str(run.path))
    first = shlex.quote(_failing(run)[0])
    return [
        NextStep(
            f"Replay the {len(_failing(run))} failing conversations of {run.path}: which "
            "failures reproduce, which are flaky (writes replay.json, shown in this report)",
            f"icatest replay {folder} --failing --times 3",
        ),
        NextStep(
            "Shrink one to the fewest driver turns that still fail",
            f"icatest shrink {folder} --conversation {first}",
        ),
        NextStep(
            "Export one regression case per distinct failure, then run the suite in CI",
            f"icatest suite export {folder} --out suite.yaml --check-against reference:none",
        ),
        NextStep("Run the suite against a new build (exit 1 while a case fails)",
                 "icatest suite run suite.yaml --sut SUT --junit junit.xml"),  # fmt: skip
    ]
