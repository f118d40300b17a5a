"""`icatest bench scale`: the figures of a study-sized run, each measured in a process of its own.

1. Campaign memory: an offline campaign (reference assistant in process, offline roles, full
   speed) of `campaign_conversations`, its peak RSS and RSS once half of them were done (flat
   memory means the two are close).
2. The run: `conversations` records grown from a seed campaign's records by cloning them with
   fresh conversation ids and scenario indices (stated in the figures: `run_built_by`), so a
   10,000-conversation run takes seconds to build, not the half hour the engine would need.
3. `icatest report` on it in a child process: wall time and peak RSS; then the run grows by
   `grow` conversations and a second report shows what the embedding cache saves.
4. report.html: its size, and DOMContentLoaded in headless Chromium when chromium and
   chromedriver are installed (else the figure is None with the reason).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from icatest.storage.rundir import (
    CONVERSATIONS,
    MANIFEST,
    iter_records,
    read_manifest,
    write_manifest,
)

CHILD = "icatest.bench.scale_child"
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


def _child(args: list[str], timeout_s: float) -> dict[str, Any]:
    """Run one measurement in a fresh interpreter; it prints one JSON object last."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    done = subprocess.run([sys.executable, "-m", CHILD, *args], capture_output=True, text=True,
                          timeout=timeout_s, env=env, check=False)  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(f"{CHILD} {' '.join(args)} failed: {done.stderr.strip()[-800:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def grow_run(seed: Path, target: Path, n: int) -> int:
    """Append records cloned from `seed` (fresh ids and indices) until `target` holds `n`;
    returns how many were added. A fresh `target` gets the seed's manifest."""
    target.mkdir(parents=True, exist_ok=True)
    if not (target / MANIFEST).exists():
        write_manifest(target, read_manifest(seed))
    path = target / CONVERSATIONS
    have = sum(1 for _ in iter_records(path))
    added = 0
    with path.open("a", encoding="utf-8") as out:
        while have + added < n:
            before = added
            for record in iter_records(seed / CONVERSATIONS):
                if have + added >= n:
                    break
                i = have + added
                record["conversation_id"] = f"{record['conversation_id']}-c{i:06d}"
                record["scenario_index"] = i
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
                added += 1
            if added == before:
                raise RuntimeError(f"{seed}: no records to clone")
    manifest = read_manifest(target)
    manifest.conversations = n
    write_manifest(target, manifest)
    return added


def page_load(report: Path) -> dict[str, Any]:
    """DOMContentLoaded and load of report.html in headless Chromium, and whether the
    conversation browser drew rows and its search filters them."""
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        return {"dom_content_loaded_ms": None, "why": "chromium or chromedriver not installed"}
    from icatest.bench.page import measure_page

    return measure_page(report)


def run_scale(
    conversations: int,
    *,
    campaign_conversations: int | None = None,
    grow: int = 1000,
    embedder: str = "minilm",
    work: Path | None = None,
    say: Callable[[str], None] = lambda _: None,
) -> dict[str, Any]:
    """Every figure of `icatest bench scale`; `work` keeps the run directories (else a temporary
    folder that is removed)."""
    with tempfile.TemporaryDirectory(prefix="icatest-scale-") as tmp:
        root = work or Path(tmp)
        root.mkdir(parents=True, exist_ok=True)
        figures: dict[str, Any] = {"conversations": conversations, "load_average": _load()}
        n_campaign = campaign_conversations if campaign_conversations is not None else min(
            conversations, 1000
        )
        seed = root / "seed"
        say(f"offline campaign of {n_campaign} conversations")
        campaign = _child(["campaign", str(n_campaign), str(seed)], timeout_s=7200)
        figures["campaign"] = campaign
        run = root / "run"
        say(f"building a run of {conversations} conversations from the campaign's records")
        t0 = time.perf_counter()
        grow_run(seed, run, conversations)
        figures["run_built_by"] = f"cloning the {campaign['conversations']} campaign records"
        figures["run_build_s"] = round(time.perf_counter() - t0, 2)
        figures["conversations_mb"] = round((run / CONVERSATIONS).stat().st_size / 1e6, 1)
        say("first report")
        figures["report"] = _child(["report", str(run), embedder], timeout_s=3600)
        figures["report_html_mb"] = round((run / "report.html").stat().st_size / 1e6, 2)
        figures["metrics_json_kb"] = round((run / "metrics.json").stat().st_size / 1e3, 1)
        say("page load in headless Chromium")
        figures["page"] = page_load(run / "report.html")
        if grow:
            grow_run(seed, run, conversations + grow)
            say(f"second report after {grow} more conversations")
            figures["report_grown"] = _child(["report", str(run), embedder], timeout_s=3600)
        figures["load_average_after"] = _load()
        return figures


def _load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def format_scale(figures: dict[str, Any]) -> str:
    c, r = figures["campaign"], figures["report"]
    page = figures.get("page") or {}
    lines = [
        f"conversations               {figures['conversations']} ({figures['run_built_by']})",
        f"campaign                    {c['conversations']} conversations in {c['wall_s']} s, "
        f"peak RSS {c['peak_rss_mb']} MB (RSS at half-way {c['rss_half_mb']} MB)",
        f"first report                {r['wall_s']} s ({r.get('cpu_s')} CPU s), "
        f"peak RSS {r['peak_rss_mb']} MB",
    ]
    if "report_grown" in figures:
        g = figures["report_grown"]
        lines.append(f"report after growing        {g['wall_s']} s ({g.get('cpu_s')} CPU s), "
                     f"peak RSS {g['peak_rss_mb']} MB")  # fmt: skip
    lines += [
        f"report.html                 {figures['report_html_mb']} MB; "
        f"metrics.json {figures['metrics_json_kb']} kB",
        f"DOMContentLoaded            {page.get('dom_content_loaded_ms')} ms"
        + (f" ({page['why']})" if page.get("why") else ""),
        f"load average                {figures['load_average']} -> "
        f"{figures['load_average_after']} (2 cores: times are upper bounds under load)",
    ]
    return "\n".join(lines)
