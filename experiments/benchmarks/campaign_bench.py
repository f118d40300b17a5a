"""`icatest bench`: engine overhead per turn, scaling efficiency, model calls per turn.

1. Overhead: the real engine with offline roles against an in-process zero-latency assistant,
   sequential conversations: wall time per turn is everything icatest itself spends on a turn.
2. Throughput at concurrency N: the reference assistant with 200 ms latency and every role bound
   to a loopback fake OpenAI-compatible endpoint answering after 300 ms. Each N runs for a fixed
   window; throughput = turns per second (partial conversations included);
   scaling_efficiency(N) = throughput(N) / (N * throughput(1)).
3. Model calls and tokens per turn, from the records' usage of the guided runs in (2).
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from icatest.campaigns import CampaignConfig, read_records, run_campaign
from icatest.campaigns.conversation import ConversationEnv, run_planned
from icatest.campaigns.sampler import ScenarioSampler
from icatest.campaigns.scripted import ScriptedAssistant
from icatest.catalog import load_catalog

CONCURRENCY = (1, 4, 16, 32, 64)
QUICK_CONCURRENCY = (1, 4, 16)


async def engine_overhead(n_conversations: int) -> dict[str, Any]:
    cfg = CampaignConfig(sut="reference", max_conversations=n_conversations, rng_seed=1)
    catalog = load_catalog(None)
    sampler = ScenarioSampler(cfg, catalog, "bench")
    env = ConversationEnv(catalog=catalog, assistant=ScriptedAssistant(0.0), roles=cfg.roles())
    await run_planned(sampler.plan(0), env, lambda: None)  # warm-up: imports, graph compile
    turns = 0
    t0 = time.perf_counter()
    for i in range(1, n_conversations + 1):
        record = await run_planned(sampler.plan(i), env, lambda: None)
        turns += len(record.turns)
    elapsed = time.perf_counter() - t0
    return {"overhead_ms_per_turn": round(1000 * elapsed / max(1, turns), 3),
            "overhead_turns": turns}


_DIMENSIONS = ("instruction_constraint_adherence", "context_ambiguity_handling",
               "plan_coherence", "safety_compliance")
_SIM = {"utterance": "Take me to Garching and avoid highways.", "addressed_target_ids": []}
_TURN = {"findings": [], "target_updates": []}
_CONV = {"scores": [{"dimension": d, "score": 2, "rationale": "fine"} for d in _DIMENSIONS]}


def _llm_reply(messages: list[dict[str, Any]]) -> str:
    """Valid structured answers per task (told apart by the prompt's system text)."""
    system = str(messages[0].get("content", "")) if messages else ""
    if "simulate a driver" in system:
        return json.dumps(_SIM)
    if "judge one turn" in system:
        return json.dumps(_TURN)
    return json.dumps(_CONV)


async def throughput(levels: tuple[int, ...], window_s: float) -> dict[str, Any]:
    from icatest.testing import FakeOpenAI

    per_n: dict[str, dict[str, Any]] = {}
    with FakeOpenAI(_llm_reply, latency_s=0.3) as llm, tempfile.TemporaryDirectory() as tmp:
        model = f"openai/fake@{llm.base_url}/v1"
        os.environ.setdefault("ICATEST_API_KEY", "sk-bench")
        # the first pass warms up imports, litellm and the servers
        for k, n in enumerate((1, *levels)):
            warmup = k == 0
            cfg = CampaignConfig(
                sut="reference", reference_options={"latency_ms": 200}, budget_s=window_s,
                concurrency=n, simulator=model, turn_judge=model, conversation_judge=model,
                rng_seed=n,
            )
            out = Path(tmp) / f"run{k}-n{n}"
            if warmup:
                cfg = cfg.model_copy(update={"budget_s": 2.0})
            await run_campaign(cfg, out, handle_signals=False)
            if warmup:
                continue
            recs = read_records(out / "conversations.jsonl")
            elapsed = max(r["ended_at"] for r in recs) - min(r["started_at"] for r in recs)
            turns = sum(len(r["turns"]) for r in recs)
            calls = sum(u["calls"] for r in recs for u in r["usage"].values())
            tokens = sum(u["input_tokens"] + u["output_tokens"]
                         for r in recs for u in r["usage"].values())
            per_n[str(n)] = {"turns": turns, "seconds": round(elapsed, 2),
                             "turns_per_s": turns / elapsed, "llm_calls": calls,
                             "tokens": tokens, "conversations": len(recs)}
    base = per_n[str(levels[0])]["turns_per_s"]
    eff = {k: round(v["turns_per_s"] / (int(k) * base), 3) if base else None
           for k, v in per_n.items()}
    all_turns = sum(v["turns"] for v in per_n.values())
    return {
        "throughput_turns_per_s": {k: round(v["turns_per_s"], 3) for k, v in per_n.items()},
        "scaling_efficiency": eff,
        "llm_calls_per_turn": round(sum(v["llm_calls"] for v in per_n.values()) / all_turns, 3)
        if all_turns else None,
        "tokens_per_turn": round(sum(v["tokens"] for v in per_n.values()) / all_turns, 1)
        if all_turns else None,
        "throughput_detail": per_n,
    }


async def run_benchmarks(quick: bool = False) -> dict[str, Any]:
    figures: dict[str, Any] = {"quick": quick}
    figures.update(await engine_overhead(10 if quick else 60))
    levels = QUICK_CONCURRENCY if quick else CONCURRENCY
    figures.update(await throughput(levels, 4.0 if quick else 15.0))
    figures["targets"] = {
        "overhead_ms_per_turn": {"target": "<= 2", "met": figures["overhead_ms_per_turn"] <= 2},
        "scaling_efficiency_32": {
            "target": ">= 0.85",
            "met": (figures["scaling_efficiency"].get("32") or 0) >= 0.85
            if "32" in figures["scaling_efficiency"] else None,
        },
        "llm_calls_per_turn": {
            "target": "<= 2",
            "met": figures["llm_calls_per_turn"] is not None
            and figures["llm_calls_per_turn"] <= 2,
        },
    }
    return figures


def format_report(figures: dict[str, Any]) -> str:
    lines = [
        f"engine overhead: {figures['overhead_ms_per_turn']} ms/turn "
        f"({figures['overhead_turns']} turns)",
        "throughput (turns/s) and scaling efficiency:",
    ]
    for n, tps in figures["throughput_turns_per_s"].items():
        eff = figures["scaling_efficiency"][n]
        lines.append(f"  N={n:>3}: {tps:7.2f} turns/s  efficiency {eff}")
    lines.append(f"model calls per turn: {figures['llm_calls_per_turn']}, "
                 f"tokens per turn: {figures['tokens_per_turn']}")
    lines.append("targets: " + json.dumps({k: v["met"] for k, v in figures["targets"].items()}))
    return "\n".join(lines)

