"""A turn judge's figures on a labelled development set (docs/offline_backend.md).

    python experiments/benchmarks/devset_figures.py PATH [--turn-judge offline] [--json]

PATH: `icatest judge turns` input lines with gold labels (icatest/data/judge/devset_llm.jsonl).
The turns go through the code of `icatest judge turns` (its reader, role binding and judging);
the script prints micro F1 (all turns, per source, Korean), per-label precision and recall, the
share of competent replies flagged, of useless replies caught (tag `useless`), of turns with an
uncertain request, of Korean turns judged (scored, no request uncertain), the requests not done
that were marked completed, and the flagged share per tag.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from pathlib import Path

from icatest.calibration.devset import figures, read_devset
from icatest.contracts.labels import Role
from icatest.judges.setup import bind_roles
from icatest.judges.turn_cases import judge_cases, read_cases
from icatest.llm.gateway import ModelGateway


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("path", type=Path)
    parser.add_argument("--turn-judge", default="offline")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    gold = read_devset(args.path)
    cases = list(read_cases(args.path))  # what `icatest judge turns` reads from the same file
    binding = bind_roles({Role.TURN_JUDGE: args.turn_judge}, combine_final_turn=False)
    gateway = ModelGateway(roles=binding.roles)
    started = time.monotonic()
    results = asyncio.run(judge_cases(gateway, cases, binding.judges.turn))
    out = {"path": str(args.path), "turn_judge": args.turn_judge,
           "seconds": round(time.monotonic() - started, 1), **figures(gold, results)}
    if args.json:
        print(json.dumps(out))
        return
    per_label = out.pop("per_label")
    for key, value in out.items():
        print(f"{key}: {value}")
    print(f"{'label':22} {'gold':>4} {'pred':>4} {'precision':>9} {'recall':>6} {'f1':>5}")
    for label, v in per_label.items():  # type: ignore[attr-defined]
        print(f"{label:22} {v['gold']:>4} {v['predicted']:>4} {_f(v['precision']):>9} "
              f"{_f(v['recall']):>6} {_f(v['f1']):>5}")


def _f(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


if __name__ == "__main__":
    main()
