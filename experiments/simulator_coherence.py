"""How often the offline simulator says something no driver would say.

    python experiments/simulator_coherence.py [--turns 1000] [--start-seed 0]

Holds offline conversations with the reference assistant (all English seed pools, every English
persona and context, guided and baseline alternating, rng seeds from --start-seed) until
--turns driver turns are collected, runs the coherence rules of icatest.simulator.coherence
over each, and prints one JSON object: turns, incoherent turns and their share, counts per rule
and a few examples. The figures in docs/offline_backend.md ("The simulator") come from it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

from icatest.simulator.coherence import incoherences


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--start-seed", type=int, default=0)
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.simulator.driver_turns import driver_turns

    started = time.monotonic()
    turns = driver_turns(args.turns, args.start_seed)
    per_rule: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    bad = 0
    for t in turns:
        found = incoherences(t.utterance, clock_time=t.clock, earlier=t.earlier)
        bad += bool(found)
        for rule in {i.rule.value for i in found}:
            per_rule[rule] += 1
        for i in found:
            shown = examples.setdefault(i.rule.value, [])
            if len(shown) < 3:
                shown.append(f"[{t.clock}] {i.detail} <- {t.utterance}")
    print(json.dumps({
        "turns": len(turns),
        "conversations": len({t.conversation for t in turns}),
        "incoherent_turns": bad,
        "share": round(bad / max(1, len(turns)), 4),
        "turns_per_rule": dict(sorted(per_rule.items())),
        "examples": examples,
        "seconds": round(time.monotonic() - started, 1),
    }, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
