"""One measurement of `icatest bench scale` in a fresh process, so peak RSS is its own:

    python -m icatest.bench.scale_child campaign N OUT     an offline campaign of N conversations
    python -m icatest.bench.scale_child report RUN MODEL   `icatest report RUN` with embedder MODEL

Prints one JSON object (wall time, peak RSS, for a report its CPU seconds, and for the
campaign RSS at half-way).
"""

from __future__ import annotations

import asyncio
import json
import resource
import sys
import time
from pathlib import Path
from typing import Any


def peak_rss_mb() -> float:
    """The high-water mark (the kernel's VmHWM; getrusage's figure can lag behind it)."""
    usage = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return round(max(usage, _status_mb("VmHWM:")), 1)


def rss_mb() -> float:
    return round(_status_mb("VmRSS:"), 1)


def _status_mb(field: str) -> float:
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith(field):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


async def campaign(n: int, out: Path) -> dict[str, Any]:
    from icatest.campaigns import CampaignConfig, run_campaign

    config = CampaignConfig(sut="reference", max_conversations=n, rng_seed=1, concurrency=16)
    started = time.perf_counter()
    task = asyncio.create_task(run_campaign(config, out, handle_signals=False))
    half: float | None = None
    peak_half = 0.0
    while not task.done():
        await asyncio.sleep(1.0)
        if half is None and _lines(out / "conversations.jsonl") >= n // 2:
            half, peak_half = rss_mb(), peak_rss_mb()
    result = await task
    return {
        "conversations": result.conversations,
        "status": result.status,
        "wall_s": round(time.perf_counter() - started, 1),
        "peak_rss_mb": peak_rss_mb(),
        "rss_half_mb": half,
        "peak_rss_half_mb": peak_half,
        "rss_end_mb": rss_mb(),
    }


def _lines(path: Path) -> int:
    try:
        with path.open("rb") as fh:
            return sum(1 for _ in fh)
    except FileNotFoundError:
        return 0


def report(run: Path, model: str) -> dict[str, Any]:
    from icatest.analysis.workflow import write_report

    started, cpu = time.perf_counter(), _cpu_s()
    write_report([run], model=model)
    return {"wall_s": round(time.perf_counter() - started, 1), "peak_rss_mb": peak_rss_mb(),
            "cpu_s": round(_cpu_s() - cpu, 1)}  # fmt: skip


def _cpu_s() -> float:
    """CPU seconds of this process (user + system): what the load of a shared machine does not
    stretch, unlike the wall time."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str]) -> None:
    kind, *args = argv
    if kind == "campaign":
        result = asyncio.run(campaign(int(args[0]), Path(args[1])))
    elif kind == "report":
        result = report(Path(args[0]), args[1])
    else:
        raise SystemExit(f"unknown measurement {kind!r}")
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1:])
