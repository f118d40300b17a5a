"""Figures comparable with the side-by-side harness of other simulators (peerbench).

The harness runs each system in its own process against one fake OpenAI-compatible server that
answers every request after 300 ms; icatest runs 20 guided conversations x 6 user turns at
concurrency 20, every model role and the assistant on that server. Measured here the same way:

* request_efficiency: ideal wall / measured wall. The ideal is ceil(N / concurrency) waves x the
  requests each conversation made on average x the latency (a conversation's requests are one
  sequential chain); the wall is taken around `run_campaign`, imports excluded.
* cpu_ms_per_request: CPU of the campaign process during the run / requests the server answered.
* peak_rss_mb: peak resident memory of that process (imports included). The fake models are on
  an OpenAI-compatible server, so the openai SDK carries them and litellm is never imported.
* import_s: importing what a campaign with model roles needs.
* fuzz_to_first_request_s: from starting `icatest fuzz` to the first assistant request.
* help_s: `icatest --help`, from process start to exit.
* sdk_floor: the harness's floor in the same run, the conversations written directly on the
  OpenAI SDK (two requests a turn, no judging); cpu_per_request_vs_floor compares the two.

Why `scaling_efficiency` (the throughput sweep) reads higher: it divides turns per second at N by
N x the rate at concurrency 1, measured over the span of the records of a time window. Both use
the same engine, so the CPU icatest spends per turn slows the concurrency-1 run too and largely
cancels out, and the start-up (catalog, prompts, clients) and the wait for the slowest
conversation are outside the span. request_efficiency compares against the latency chain alone,
with start-up and the last straggler inside the wall, as the harness does.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from icatest.bench import processes

T_START = time.perf_counter()  # the child's clock starts before it imports the campaign path

LATENCY_MS = 300
REPLIES = "icatest.bench.fake_replies:reply"
ROLE_MODELS = {"simulator": "sim-model", "turn_judge": "judge-model",
               "conversation_judge": "conv-judge-model"}
ASSISTANT_MODEL = "assistant"  # what the OpenAI-compatible adapter sends by default


def _models(url: str) -> dict[str, str]:
    return {role: f"openai/{name}@{url}/v1" for role, name in ROLE_MODELS.items()}


def _stats(url: str) -> dict[str, Any]:
    with httpx.Client(trust_env=False, timeout=10) as client:
        result: dict[str, Any] = client.get(f"{url}/stats").json()
        return result


def _reset(url: str) -> None:
    with httpx.Client(trust_env=False, timeout=10) as client:
        client.post(f"{url}/reset").raise_for_status()


def child(url: str, n: int, turns: int, concurrency: int) -> dict[str, Any]:
    """One campaign in this process, measured like the harness's driver (imports excluded)."""
    import asyncio
    import resource

    from icatest.campaigns import CampaignConfig, run_campaign
    from icatest.judges import setup  # noqa: F401  (imported during the run otherwise)
    from icatest.storage.rundir import read_conversations

    import_s = time.perf_counter() - T_START
    cfg = CampaignConfig(sut=f"{url}/v1", concurrency=concurrency, mode="guided",
                         max_conversations=n, turn_budgets=[turns], rng_seed=1, **_models(url))
    out = Path(tempfile.mkdtemp(prefix="icatest-peer-")) / "run"
    _reset(url)
    usage0 = resource.getrusage(resource.RUSAGE_SELF)
    t0 = time.perf_counter()
    asyncio.run(run_campaign(cfg, out, handle_signals=False))
    wall = time.perf_counter() - t0
    usage = resource.getrusage(resource.RUSAGE_SELF)
    requests = sum(_stats(url)["requests"].values())
    records = read_conversations(out).records
    figures = _figures(n, concurrency, requests, wall, usage0, usage)
    figures.update(turns=sum(len(r.turns) for r in records), import_s=round(import_s, 3))
    return figures


def floor_child(url: str, n: int, turns: int, concurrency: int) -> dict[str, Any]:
    """The harness's floor: the same conversations written directly on the OpenAI SDK (one
    simulated-user and one assistant request per turn, no judging, no framework)."""
    import asyncio
    import resource

    from openai import AsyncOpenAI

    import_s = time.perf_counter() - T_START
    client = AsyncOpenAI(base_url=f"{url}/v1", api_key="sk-bench", max_retries=0, timeout=60)

    async def conversation(gate: asyncio.Semaphore) -> None:
        async with gate:
            said: list[Any] = [{"role": "user", "content": "Start the conversation."}]
            for _ in range(turns):
                r = await client.chat.completions.create(model=ROLE_MODELS["simulator"],
                                                         messages=said)
                said.append({"role": "user", "content": r.choices[0].message.content or ""})
                r = await client.chat.completions.create(model=ASSISTANT_MODEL, messages=said)
                said.append({"role": "assistant", "content": r.choices[0].message.content or ""})

    async def all_conversations() -> None:
        gate = asyncio.Semaphore(concurrency)
        await asyncio.gather(*(conversation(gate) for _ in range(n)))

    _reset(url)
    usage0 = resource.getrusage(resource.RUSAGE_SELF)
    t0 = time.perf_counter()
    asyncio.run(all_conversations())
    wall = time.perf_counter() - t0
    usage = resource.getrusage(resource.RUSAGE_SELF)
    requests = sum(_stats(url)["requests"].values())
    return {**_figures(n, concurrency, requests, wall, usage0, usage),
            "import_s": round(import_s, 3)}


def _figures(n: int, concurrency: int, requests: int, wall: float, usage0: Any,
             usage: Any) -> dict[str, Any]:
    waves = -(-n // concurrency)
    ideal = waves * requests / n * LATENCY_MS / 1000.0
    cpu = usage.ru_utime + usage.ru_stime - usage0.ru_utime - usage0.ru_stime
    return {
        "conversations": n, "concurrency": concurrency, "requests": requests,
        "wall_s": round(wall, 3), "request_efficiency": round(ideal / wall, 3),
        "cpu_ms_per_request": round(1000 * cpu / max(1, requests), 2),
        "peak_rss_mb": round(usage.ru_maxrss / 1024, 1),
    }


def _run_child(kind: str, url: str, n: int, turns: int, concurrency: int) -> dict[str, Any]:
    cmd = [sys.executable, "-m", "icatest.bench.peer", kind, url, str(n), str(turns),
           str(concurrency)]
    proc = subprocess.run(cmd, env=_env(), capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(f"peer campaign failed: {proc.stderr[-1000:]}")
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def _env() -> dict[str, str]:
    return {**processes.child_env(), "ICATEST_API_KEY": "sk-bench"}


def fuzz_to_first_request(url: str, tmp: Path) -> float:
    """Seconds from starting `icatest fuzz` (a new process) to the first assistant request."""
    models = _models(url)
    cmd = [sys.executable, "-m", "icatest", "fuzz", "--sut", f"{url}/v1", "--out",
           str(tmp / "fuzz"), "--max-conversations", "1", "--turn-budgets", "1",
           "--concurrency", "1", "--simulator", models["simulator"],
           "--turn-judge", models["turn_judge"],
           "--conversation-judge", models["conversation_judge"]]
    _reset(url)
    start = time.time()
    subprocess.run(cmd, env=_env(), capture_output=True, timeout=300, check=True)
    first = _stats(url)["first_at"].get(ASSISTANT_MODEL)
    if first is None:
        raise RuntimeError("icatest fuzz made no assistant request")
    return float(first) - start


def help_seconds(repeats: int = 3) -> float:
    """Median wall time of `icatest --help` in a new process."""
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "icatest", "--help"], env=_env(),
                       capture_output=True, timeout=60, check=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def peer_figures(quick: bool) -> dict[str, Any]:
    """The harness's icatest row (20 x 6 at concurrency 20; 4 x 2 at 4 when quick)."""
    n, turns = (4, 2) if quick else (20, 6)
    with processes.fake_llm(LATENCY_MS, REPLIES) as url, \
            tempfile.TemporaryDirectory() as tmp:
        figures = _run_child("icatest", url, n, turns, n)
        floor = _run_child("floor", url, n, turns, n)
        figures["fuzz_to_first_request_s"] = round(fuzz_to_first_request(url, Path(tmp)), 3)
    figures["help_s"] = round(help_seconds(1 if quick else 3), 3)
    figures["sdk_floor"] = floor
    figures["cpu_per_request_vs_floor"] = round(
        figures["cpu_ms_per_request"] / max(0.01, floor["cpu_ms_per_request"]), 2)
    return figures


if __name__ == "__main__":
    kind, url = sys.argv[1:3]
    n, turns, concurrency = map(int, sys.argv[3:6])
    print(json.dumps((child if kind == "icatest" else floor_child)(url, n, turns, concurrency)))
