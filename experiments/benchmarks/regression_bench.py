"""Regression workflow figures on the reference assistant (default faults, offline roles).

    python experiments/benchmarks/regression_bench.py [--budget 60] [--out DIR]

1. a guided campaign of `--budget` seconds against `reference`;
2. every failing conversation replayed twice: share reproduced / flaky / gone;
3. a suite exported with shrinking (1 of 1 replays): turns before/after per case (median) and the
   time to shrink one case (median);
4. that suite run against `reference` (faulty) and `reference:none` (fixed): cases failing /
   holding on each, before any `--check-against` filtering.
Prints one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from icatest.analysis.embedding import resolve_embedder
from icatest.analysis.run import load_run
from icatest.cli import main as cli
from icatest.regression.export import export_suite
from icatest.regression.replay import open_replayer, replay
from icatest.regression.suite import Suite, run_suite


async def _figures(run_dir: Path) -> dict[str, Any]:
    run = load_run(run_dir)
    failing = [r for r in run.records if r.success_decision == "fail"]
    out: dict[str, Any] = {"conversations": len(run.records), "failing": len(failing)}
    async with open_replayer(sut="reference") as replayer:
        verdicts = [(await replay(replayer, r, 2)).verdict for r in failing]
        out["replay"] = {v: verdicts.count(v) for v in ("reproduced", "flaky", "gone")}
        out["reproduced_share"] = out["replay"]["reproduced"] / len(failing) if failing else None
        sizes: list[tuple[int, int, float]] = []
        last = [time.perf_counter()]

        def on_case(_case: Any, info: dict[str, Any]) -> None:
            now = time.perf_counter()
            sizes.append((info["before"], info["after"] or info["before"], now - last[0]))
            last[0] = now

        suite = await export_suite(run, embedder=resolve_embedder("hashing"), replayer=replayer,
                                   on_case=on_case)  # fmt: skip
    out["cases"] = len(suite.cases)
    out["median_turns_before"] = statistics.median(s[0] for s in sizes)
    out["median_turns_after"] = statistics.median(s[1] for s in sizes)
    out["median_shrink_s"] = round(statistics.median(s[2] for s in sizes), 2)
    out["suite"] = {sut: await _run_suite(suite, sut) for sut in ("reference", "reference:none")}
    return out


async def _run_suite(suite: Suite, sut: str) -> dict[str, int]:
    async with open_replayer(sut=sut) as replayer:
        results = await run_suite(replayer, suite)
    return {s: sum(r.status == s for r in results) for s in ("holds", "fails", "flaky", "error")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=60)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    out = args.out or Path(tempfile.mkdtemp(prefix="icatest-regression-"))
    run_dir = out / "found"
    code = cli(["fuzz", "--sut", "reference", "--budget", f"{args.budget}s", "--concurrency",
                "8", "--out", str(run_dir), "--quiet"])  # fmt: skip
    if code not in (0, 3):
        raise SystemExit(f"campaign failed with exit code {code}")
    print(json.dumps(asyncio.run(_figures(run_dir))))


if __name__ == "__main__":
    main()
