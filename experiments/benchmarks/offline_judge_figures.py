"""The offline judge's figures on data nobody here wrote (docs/offline_backend.md).

    python experiments/benchmarks/offline_judge_figures.py DATA [--split heldout|dev]
        [--kvret-limit N] [--useless N] [--json]

DATA is the folder with kvret/ and paper_logs/ (../shared/data in the project's workspace).
Held-out sets (the default): KVRET test, published logs conv_19..conv_37. Development sets:
KVRET dev, conv_01..conv_18. Also: pass rates of the parrot, generic and ELIZA-style assistants
(tests/judges/useless_assistants.py) in guided and baseline conversations, and the CPU time per
judged turn (process time over the KVRET turns after the embedding model is loaded, so model
loading is not counted; the embedding cache starts empty). Prints a table or one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from icatest.calibration.offline_figures import (
    DEV_LOGS,
    HELD_OUT_LOGS,
    flag_rate,
    judge_offline,
    kvret_cases,
    paper_log_agreement,
)
from icatest.judges.rules import semantic


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("data", type=Path)
    parser.add_argument("--split", choices=("heldout", "dev"), default="heldout")
    parser.add_argument("--kvret-limit", type=int, default=None)
    parser.add_argument("--useless", type=int, default=0, help="conversations per arm (0: skip)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    held = args.split == "heldout"
    name = "kvret_test_public.json" if held else "kvret_dev_public.json"
    kvret_file = args.data / "kvret" / name
    cases = kvret_cases(kvret_file, args.kvret_limit)
    semantic.available()  # load the model outside the timed part
    cpu = time.process_time()
    results = judge_offline(cases)
    cpu_ms = (time.process_time() - cpu) * 1000 / max(1, len(cases))
    kvret = flag_rate(results)
    logs = paper_log_agreement(args.data / "paper_logs", HELD_OUT_LOGS if held else DEV_LOGS)
    out: dict[str, object] = {
        "split": args.split,
        "kvret": {**kvret.model_dump(), "flagged_share": kvret.flagged_share,
                  "uncertain_share": kvret.uncertain_share},
        "paper_logs": {**logs.model_dump(),
                       "uncertain_share": logs.uncertain_turns / max(1, logs.turns)},
        "cpu_ms_per_turn": cpu_ms,
    }
    if args.useless:
        sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
        from tests.judges.useless_assistants import pass_rates

        out["useless"] = {f"{a}/{m}": vars(rate)
                          for (a, m), rate in pass_rates(args.useless, seed=1000).items()}
    print(json.dumps(out, indent=None if args.json else 1))


if __name__ == "__main__":
    main()
