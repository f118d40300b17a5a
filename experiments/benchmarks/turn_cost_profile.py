"""Where the engine's own time per turn goes (docs/campaigns.md, "Engine overhead").

    python experiments/benchmarks/turn_cost_profile.py [--conversations 40] [--repeats 5]
        [--fresh] [--no-embeddings] [--profile] [--top 30]

Runs `icatest bench`'s engine-overhead measurement (`engine_overhead`: the real engine, offline
roles, an in-process zero-latency assistant, sequential conversations, median of the repeats)
and prints wall and CPU ms per turn beside the load average. Its repeats run the same 40
scenarios, so whatever is cached by text (sentence embeddings, text readings) is warm after the
first; `--fresh` runs new scenarios in every repeat instead (the cost a campaign sees).
`--profile` runs it once more under cProfile and prints the top functions by cumulative and by
own time. `--no-embeddings` leaves the rules judge without sentence embeddings, to see the rest
of the turn on its own (some verdicts then take other paths).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import pstats
from pathlib import Path

from icatest.bench.campaign import engine_overhead


def _load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--conversations", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--no-embeddings", action="store_true")
    parser.add_argument("--fresh", action="store_true", help="new scenarios every repeat")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    if args.no_embeddings:
        from icatest.judges.rules import semantic

        semantic.VECTORS._make = lambda: None  # type: ignore[method-assign]
    before = _load()
    figures = asyncio.run(engine_overhead(args.conversations, args.repeats, fresh=args.fresh))
    print(json.dumps({**figures, "load_before": before, "load_after": _load(),
                      "embeddings": not args.no_embeddings}))
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        asyncio.run(engine_overhead(args.conversations, 1, fresh=args.fresh))
        profiler.disable()
        stats = pstats.Stats(profiler)
        stats.sort_stats("cumulative").print_stats(args.top)
        stats.sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
