"""`icatest bench`: engine overhead per turn, scaling efficiency, model calls per turn.

1. Overhead: the real engine with offline roles against an in-process zero-latency assistant,
   sequential conversations after a warm-up: wall (and CPU) time per turn is everything icatest
   itself spends on a turn. Several repeats; the median is reported.
2. Throughput at concurrency N: the reference assistant (`icatest sut serve`, 200 ms latency,
   no seeded faults) and a fake OpenAI-compatible endpoint answering every role after 300 ms,
   each in ITS OWN PROCESS on 127.0.0.1, so the campaign process runs only icatest. Each N runs
   a guided campaign for a fixed window, repeated; throughput = turns per second over the span
   of the records (partial conversations included), median over repeats;
   scaling_efficiency(N) = throughput(N) / (N * throughput(1)).
3. Model calls and tokens per turn: a guided campaign of complete conversations (no time budget,
   so every conversation gets its conversation-judge call) against the same servers.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from icatest.bench import processes
from icatest.bench.peer import peer_figures
from icatest.bench.voice import format_voice, voice_figures, voice_targets
from icatest.campaigns import CampaignConfig, read_records, run_campaign
from icatest.campaigns.running.conversation import ConversationEnv, run_planned
from icatest.campaigns.running.scripted import ScriptedAssistant
from icatest.campaigns.sampler import ScenarioSampler
from icatest.catalog import load_catalog
from icatest.contracts.records import PUBLISHED_TOKENS_PER_TURN
from icatest.engine.plan import ConversationPlan
from icatest.net.limits import RateLimiter

CONCURRENCY = (1, 4, 16, 32, 64)
QUICK_CONCURRENCY = (1, 4)
SUT_LATENCY_MS = 200
LLM_LATENCY_MS = 300
REPLIES = "icatest.bench.fake_replies:reply"
URL_ENV = "ICATEST_BENCH_REFERENCE_URL"
_FRESH = 1000  # with fresh scenarios, repeat k runs scenario numbers k * 1000 + 1, ...


@contextlib.asynccontextmanager
async def external_reference(config: CampaignConfig, limiter: RateLimiter | None
                             ) -> AsyncIterator[Any]:
    """Campaign opener: the reference assistant already running in another process."""
    from icatest.campaigns.running.sut import reference_client

    async with reference_client(os.environ[URL_ENV], limiter) as assistant:
        yield assistant


async def engine_overhead(
    n_conversations: int, repeats: int, *, fresh: bool = False
) -> dict[str, Any]:
    """Engine time per turn (wall and CPU, median of `repeats`) over the same scenarios every
    repeat, or with `fresh` other scenarios each time (nothing warm from the last: what a
    campaign sees)."""
    cfg = CampaignConfig(sut="reference", max_conversations=n_conversations, rng_seed=1)
    catalog = load_catalog(None)
    sampler = ScenarioSampler(cfg, catalog, "bench")
    env = ConversationEnv(catalog=catalog, assistant=ScriptedAssistant(0.0),
                          conversation=ConversationPlan(models=cfg.roles()))
    for i in range(3):  # warm-up: imports, graph compile, caches
        await run_planned(sampler.plan(10_000 + i), env, lambda: None)
    wall: list[float] = []
    cpu: list[float] = []
    turns_total = 0
    for rep in range(repeats):
        turns = 0
        t0, c0 = time.perf_counter(), time.process_time()
        for i in range(1, n_conversations + 1):
            index = _FRESH * (rep + 1) + i if fresh else i
            record = await run_planned(sampler.plan(index), env, lambda: None)
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


def _campaign(model: str, n: int, seed: int, **extra: Any) -> CampaignConfig:
    return CampaignConfig(sut="reference", concurrency=n, simulator=model, turn_judge=model,
                          conversation_judge=model, rng_seed=seed, **extra)


async def _run(cfg: CampaignConfig, out: Path) -> list[dict[str, Any]]:
    await run_campaign(cfg, out, handle_signals=False, opener=external_reference)
    return read_records(out / "conversations.jsonl")


def _usage(recs: list[dict[str, Any]]) -> tuple[int, int, int]:
    turns = sum(len(r["turns"]) for r in recs)
    calls = sum(u["calls"] for r in recs for u in r["usage"].values())
    tokens = sum(u["input_tokens"] + u["output_tokens"] for r in recs for u in r["usage"].values())
    return turns, calls, tokens


async def throughput(model: str, tmp: Path, levels: tuple[int, ...], window_s: float,
                     repeats: int) -> dict[str, Any]:
    await _run(_campaign(model, 4, 0, budget_s=2.0), tmp / "warmup")
    runs: dict[str, list[float]] = {}
    for n in levels:
        for rep in range(repeats):
            recs = await _run(_campaign(model, n, 100 * n + rep, budget_s=window_s),
                              tmp / f"n{n}-r{rep}")
            span = max(r["ended_at"] for r in recs) - min(r["started_at"] for r in recs)
            runs.setdefault(str(n), []).append(_usage(recs)[0] / span)
    tps = {k: statistics.median(v) for k, v in runs.items()}
    base = tps.get("1")
    return {
        "throughput": {k: round(v, 3) for k, v in tps.items()},
        "throughput_runs": {k: [round(x, 3) for x in v] for k, v in runs.items()},
        "scaling_efficiency": {k: round(v / (int(k) * base), 3) if base else None
                               for k, v in tps.items()},
    }


async def model_calls(model: str, tmp: Path, conversations: int) -> dict[str, Any]:
    recs = await _run(_campaign(model, conversations, 7, max_conversations=conversations),
                      tmp / "calls")
    turns, calls, tokens = _usage(recs)
    per_role: dict[str, int] = {}
    role_tokens: dict[str, dict[str, float]] = {}
    for r in recs:
        for role, u in r["usage"].items():
            per_role[role] = per_role.get(role, 0) + u["calls"]
            sums = role_tokens.setdefault(
                role, {"calls": 0, "input": 0, "output": 0, "cached_input": 0, "reasoning": 0}
            )
            sums["calls"] += u["calls"]
            sums["input"] += u["input_tokens"]
            sums["output"] += u["output_tokens"]
            sums["cached_input"] += u.get("cached_input_tokens", 0)
            sums["reasoning"] += u.get("reasoning_tokens", 0)
    return {
        "llm_calls_per_turn": round(calls / turns, 3) if turns else None,
        "llm_calls_per_turn_by_role": {k: round(v / turns, 3) for k, v in per_role.items()}
        if turns else {},
        "tokens_per_turn": round(tokens / turns, 1) if turns else None,
        "tokens_per_turn_by_role": {  # calls, input, output, cached input, reasoning per turn
            role: {k: round(v / turns, 2 if k == "calls" else 1) for k, v in sums.items()}
            for role, sums in role_tokens.items()
        }
        if turns
        else {},
        "published_tokens_per_turn": PUBLISHED_TOKENS_PER_TURN,
        "calls_sample": {"conversations": len(recs), "turns": turns},
    }


async def run_benchmarks(quick: bool = False,
                         say: Callable[[str], None] = lambda stage: None) -> dict[str, Any]:
    """Every figure; `say` hears the name of each stage as it starts (the CLI's progress)."""
    figures: dict[str, Any] = {"quick": quick, "load_average_at_start": os.getloadavg(),
                               "cpus": os.cpu_count()}
    say("engine overhead per turn (in-process assistant)")
    figures.update(await engine_overhead(6 if quick else 40, 2 if quick else 5))
    levels = QUICK_CONCURRENCY if quick else CONCURRENCY
    os.environ.setdefault("ICATEST_API_KEY", "sk-bench")
    with processes.fake_llm(LLM_LATENCY_MS, REPLIES) as llm_url, \
            processes.reference(SUT_LATENCY_MS) as sut_url, \
            tempfile.TemporaryDirectory() as tmp:
        os.environ[URL_ENV] = sut_url
        model = f"openai/fake@{llm_url}/v1"
        say(f"throughput at concurrency {', '.join(map(str, levels))} (servers in processes)")
        figures.update(await throughput(model, Path(tmp), levels, 2.5 if quick else 12.0,
                                        1 if quick else 3))
        say("model calls and tokens per turn")
        figures.update(await model_calls(model, Path(tmp), 3 if quick else 16))
    say("figures comparable with the published harness")
    figures["peer"] = await asyncio.to_thread(peer_figures, quick)
    say("the voice channel: text model and speech round trip per utterance")
    figures["voice"] = await asyncio.to_thread(voice_figures, quick)
    figures["targets"] = {**_targets(figures), **voice_targets(figures["voice"])}
    return figures


def _targets(f: dict[str, Any]) -> dict[str, Any]:
    eff32 = f["scaling_efficiency"].get("32")
    calls = f["llm_calls_per_turn"]
    return {
        "overhead_ms_per_turn": {"target": "<= 2", "met": f["overhead_ms_per_turn"] <= 2},
        "scaling_efficiency_32": {"target": ">= 0.85",
                                  "met": None if eff32 is None else eff32 >= 0.85},
        "llm_calls_per_turn": {"target": "<= 2", "met": calls is not None and calls <= 2},
        **_peer_targets(f["peer"], f["quick"]),
    }


def _peer_targets(p: dict[str, Any], quick: bool) -> dict[str, Any]:
    """The side-by-side targets; None in --quick (4 conversations are not the harness's 20)."""
    def met(ok: bool) -> bool | None:
        return None if quick else ok

    return {
        "peer_request_efficiency_20": {"target": ">= 0.90",
                                       "met": met(p["request_efficiency"] >= 0.90)},
        "peer_cpu_per_request_vs_sdk_floor": {"target": "<= 2",
                                              "met": met(p["cpu_per_request_vs_floor"] <= 2)},
        "peer_peak_rss_mb": {"target": "<= 200", "met": met(p["peak_rss_mb"] <= 200)},
        "help_s": {"target": "<= 0.5", "met": p["help_s"] <= 0.5},
    }


def format_report(figures: dict[str, Any]) -> str:
    load = ", ".join(f"{x:.2f}" for x in figures["load_average_at_start"])
    lines = [
        f"load average at start: {load} ({figures['cpus']} CPUs)",
        f"engine overhead: {figures['overhead_ms_per_turn']} ms/turn wall, "
        f"{figures['overhead_cpu_ms_per_turn']} ms/turn CPU (median of "
        f"{len(figures['overhead_runs_ms_per_turn'])} runs, {figures['overhead_turns']} turns)",
        "throughput (turns/s, median) and scaling efficiency:",
    ]
    for n, tps in figures["throughput"].items():
        lines.append(f"  N={n:>3}: {tps:7.2f} turns/s  efficiency "
                     f"{figures['scaling_efficiency'][n]}")
    lines.append(f"model calls per turn: {figures['llm_calls_per_turn']}, "
                 f"tokens per turn: {figures['tokens_per_turn']} "
                 f"(published framework: {figures['published_tokens_per_turn']}); per role:")
    for role, t in figures["tokens_per_turn_by_role"].items():
        lines.append(f"  {role}: {t['calls']} calls, {t['input']} input / {t['output']} output "
                     f"tokens (cached input {t['cached_input']}, reasoning {t['reasoning']})")
    lines.extend(_format_peer(figures["peer"]))
    lines.extend(format_voice(figures.get("voice", {})))
    lines.append("targets met: " + ", ".join(
        f"{k}={v['met']}" for k, v in figures["targets"].items()))
    return "\n".join(lines)


def _format_peer(p: dict[str, Any]) -> list[str]:
    floor = p["sdk_floor"]
    return [
        f"side by side (harness method; {p['conversations']} conversations x "
        f"{p['turns'] // max(1, p['conversations'])} turns at concurrency {p['concurrency']}, "
        "every request 300 ms):",
        f"  icatest guided: request-efficiency {p['request_efficiency']}, "
        f"{p['cpu_ms_per_request']} ms CPU/request ({p['requests']} requests), "
        f"peak RSS {p['peak_rss_mb']} MB, imports {p['import_s']} s",
        f"  OpenAI SDK loop (floor): request-efficiency {floor['request_efficiency']}, "
        f"{floor['cpu_ms_per_request']} ms CPU/request, peak RSS {floor['peak_rss_mb']} MB, "
        f"imports {floor['import_s']} s",
        f"  CPU per request vs floor: {p['cpu_per_request_vs_floor']}x; "
        f"icatest fuzz start -> first assistant request: {p['fuzz_to_first_request_s']} s; "
        f"icatest --help: {p['help_s']} s",
    ]
