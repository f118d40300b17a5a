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
import statistics
import time
from pathlib import Path
from typing import Any

from icatest.bench.campaign import engine_overhead
from icatest.campaigns import CampaignConfig
from icatest.campaigns.running.conversation import ConversationEnv, run_planned
from icatest.campaigns.running.scripted import ScriptedAssistant
from icatest.campaigns.sampler import ScenarioSampler
from icatest.catalog import load_catalog
from icatest.engine.plan import ConversationPlan

_FRESH = 1000  # scenario numbers of repeat k start at k * _FRESH


async def fresh_overhead(n_conversations: int, repeats: int) -> dict[str, Any]:
    """`engine_overhead` with other scenarios in every repeat (nothing warm from the last)."""
    cfg = CampaignConfig(sut="reference", max_conversations=n_conversations, rng_seed=1)
    catalog = load_catalog(None)
    sampler = ScenarioSampler(cfg, catalog, "bench")
    env = ConversationEnv(catalog=catalog, assistant=ScriptedAssistant(0.0),
                          conversation=ConversationPlan(models=cfg.roles()))
    for i in range(3):
        await run_planned(sampler.plan(10_000 + i), env, lambda: None)
    wall: list[float] = []
    cpu: list[float] = []
    turns_total = 0
    for rep in range(repeats):
        turns = 0
        t0, c0 = time.perf_counter(), time.process_time()
        for i in range(1, n_conversations + 1):
            record = await run_planned(sampler.plan(_FRESH * (rep + 1) + i), env, lambda: None)
            turns += len(record.turns)
        wall.append(1000 * (time.perf_counter() - t0) / max(1, turns))
        cpu.append(1000 * (time.process_time() - c0) / max(1, turns))
        turns_total += turns
    return {
        "overhead_ms_per_turn": round(statistics.median(wall), 3),
        "overhead_cpu_ms_per_turn": round(statistics.median(cpu), 3),
        "overhead_runs_ms_per_turn": [round(x, 3) for x in wall],
        "overhead_cpu_runs_ms_per_turn": [round(x, 3) for x in cpu],
        "overhead_turns": turns_total,
    }


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
    measure = fresh_overhead if args.fresh else engine_overhead
    before = _load()
    figures = asyncio.run(measure(args.conversations, args.repeats))
    print(json.dumps({**figures, "load_before": before, "load_after": _load(),
                      "embeddings": not args.no_embeddings}))
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        asyncio.run(measure(args.conversations, 1))
        profiler.disable()
        stats = pstats.Stats(profiler)
        stats.sort_stats("cumulative").print_stats(args.top)
        stats.sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
