"""The offline judge against the reference assistant's oracle, over several fresh runs.

    python experiments/benchmarks/oracle_spread.py [--runs 5] [--conversations 80] [--out DIR]

Each run follows the recipe of docs/calibration.md: the reference assistant served over HTTP
with the default fault profile and its oracle log, `icatest fuzz` with 80 guided conversations
(rng seed 11; the run id seeds the assistant's fault dice, so every run differs), then
`icatest calibrate oracle`. Prints one JSON object: per run the micro F1, precision, recall,
scored turns and uncertain turns, and their mean, minimum and maximum. Loopback only; each run
takes about 15 s on two cores.
"""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import fmean
from typing import Any

ICATEST = [sys.executable, "-m", "icatest"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait(port: int, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise SystemExit(f"the reference assistant did not listen on port {port}")


def one_run(folder: Path, conversations: int) -> dict[str, Any]:
    port = _free_port()
    oracle = folder / "oracle.jsonl"
    serve = subprocess.Popen(
        [*ICATEST, "sut", "serve", "--port", str(port), "--faults", "default",
         "--oracle-log", str(oracle)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        _wait(port)
        subprocess.run(
            [*ICATEST, "fuzz", "--sut", f"http://127.0.0.1:{port}/v1", "--out",
             str(folder / "run"), "--max-conversations", str(conversations), "--concurrency", "8",
             "--rng-seed", "11", "--quiet"],
            check=True, stdout=subprocess.DEVNULL,
        )
    finally:
        serve.terminate()
        serve.wait(timeout=10)
    report = json.loads(subprocess.run(
        [*ICATEST, "calibrate", "oracle", "--run", str(folder / "run"), "--oracle-log",
         str(oracle), "--json"],
        check=True, capture_output=True, text=True,
    ).stdout)
    micro = report["micro"]
    return {"micro_f1": micro["f1"], "precision": micro["precision"],
            "recall": micro["recall"], "scored_turns": report["items"],
            "uncertain_turns": report["uncertain_turns"]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--conversations", type=int, default=80)
    parser.add_argument("--out", type=Path, default=None, help="keep the runs here")
    args = parser.parse_args()
    root = args.out or Path(tempfile.mkdtemp(prefix="oracle-spread-"))
    runs = []
    for i in range(args.runs):
        folder = root / f"run{i + 1}"
        folder.mkdir(parents=True, exist_ok=False)
        runs.append(one_run(folder, args.conversations))
        print(f"run {i + 1}/{args.runs}: micro F1 {runs[-1]['micro_f1']:.3f}", file=sys.stderr)
    f1s = [r["micro_f1"] for r in runs]
    print(json.dumps({"runs": runs, "micro_f1_mean": fmean(f1s), "micro_f1_min": min(f1s),
                      "micro_f1_max": max(f1s), "folder": str(root)}, indent=1))


if __name__ == "__main__":
    main()
