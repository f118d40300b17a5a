"""Report page weight and load time at scale, measured in headless Chromium.

    python experiments/benchmarks/report_scale.py RUN [--n 5000] [--out DIR]

Takes the conversation records of a real run directory, repeats them (with new conversation ids)
until there are N, writes them as a run, renders `icatest report` with the hashing embedder, and
opens the page in headless Chromium: page bytes, DOMContentLoaded and load times from the
Navigation Timing API, the time until the conversation browser has drawn its first rows, and the
time one search keystroke takes to re-filter all N conversations. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import tempfile
import time
from pathlib import Path

from icatest.analysis.run import load_run
from icatest.analysis.workflow import write_report

FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--window-size=1400,1000",
)  # fmt: skip


def scaled_run(source: Path, n: int, target: Path) -> Path:
    """A run directory holding `n` records cycled from `source` with fresh ids."""
    run = load_run(source)
    if not run.records:
        raise SystemExit(f"{source}: no records")
    target.mkdir(parents=True, exist_ok=True)
    shutil.copy(source / "manifest.json", target / "manifest.json")
    with (target / "conversations.jsonl").open("w", encoding="utf-8") as out:
        for i in range(n):
            record = run.records[i % len(run.records)].model_copy(
                update={"conversation_id": f"scaled-{i:05d}"}
            )
            out.write(record.model_dump_json() + "\n")
    return target


def measure(report: Path, n: int) -> dict[str, float]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="icatest-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    try:
        started = time.perf_counter()
        driver.get(report.as_uri())
        opened = time.perf_counter() - started
        timing = driver.execute_script(
            "const t = performance.getEntriesByType('navigation')[0];"
            "return [t.domContentLoadedEventEnd, t.loadEventEnd];"
        )
        rows = driver.execute_script("return document.querySelectorAll('tr.conv-row').length")
        search_ms = driver.execute_script(
            "const box = document.getElementById('f-search'); const t0 = performance.now();"
            "box.value = 'zzz-no-such-text'; box.dispatchEvent(new Event('input'));"
            "const t1 = performance.now(); box.value = '';"
            "box.dispatchEvent(new Event('input')); return t1 - t0;"
        )
        return {
            "conversations": n,
            "page_mb": round(report.stat().st_size / 1e6, 2),
            "dom_content_loaded_ms": round(timing[0]),
            "load_ms": round(timing[1]),
            "driver_open_s": round(opened, 2),
            "rows_drawn": rows,
            "first_search_ms": round(search_ms),
        }
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", type=Path)
    parser.add_argument("--n", type=int, default=5000)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    out = args.out or Path(tempfile.mkdtemp(prefix="icatest-report-scale-"))
    run_dir = scaled_run(args.run, args.n, out / "run")
    started = time.perf_counter()
    outputs = write_report([run_dir], model="hashing")
    render_s = time.perf_counter() - started
    result = measure(outputs.out_dir / "report.html", args.n)
    result["render_s"] = round(render_s, 1)
    result["cpus"] = os.cpu_count() or 0
    result["load_average_1m"] = round(os.getloadavg()[0], 2)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
