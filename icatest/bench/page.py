"""Open a report.html in headless Chromium and time it (selenium from the test extra)."""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--window-size=1400,1000",
)  # fmt: skip
# the page's own figures: navigation timing, rows drawn, one search keystroke over every row
_TIMING = (
    "const t = performance.getEntriesByType('navigation')[0];"
    "return [t.domContentLoadedEventEnd, t.loadEventEnd];"
)
_SEARCH = (
    "const box = document.getElementById('f-search'); const t0 = performance.now();"
    "box.value = 'zzz-no-such-text'; box.dispatchEvent(new Event('input'));"
    "const none = document.querySelectorAll('tr.conv-row').length;"
    "const t1 = performance.now(); box.value = ''; box.dispatchEvent(new Event('input'));"
    "return [t1 - t0, none, document.querySelectorAll('tr.conv-row').length];"
)


def measure_page(report: Path, binary: str = "/usr/bin/chromium",
                 chromedriver: str = "/usr/bin/chromedriver") -> dict[str, Any]:  # fmt: skip
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        return {"dom_content_loaded_ms": None, "why": "selenium not installed (the test extra)"}
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="icatest-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    driver = webdriver.Chrome(options=options, service=Service(chromedriver))
    try:
        driver.set_page_load_timeout(120)
        started = time.perf_counter()
        driver.get(report.as_uri())
        opened = time.perf_counter() - started
        dom, load = driver.execute_script(_TIMING)
        rows = _wait_rows(driver)
        search_ms, none_left, rows_back = driver.execute_script(_SEARCH)
        return {
            "dom_content_loaded_ms": round(dom),
            "load_ms": round(load),
            "open_s": round(opened, 2),
            "rows_drawn": rows,
            "search_ms": round(search_ms),
            "search_filters": none_left == 0 and rows_back == rows,
        }
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def _wait_rows(driver: Any, timeout_s: float = 60.0) -> int:
    """Rows of the conversation browser once drawn (its data may be decoded after load)."""
    deadline = time.monotonic() + timeout_s
    while True:
        rows = int(driver.execute_script("return document.querySelectorAll('tr.conv-row').length"))
        if rows or time.monotonic() > deadline:
            return rows
        time.sleep(0.05)
