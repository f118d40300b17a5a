"""The report of thousands of conversations in headless Chromium: its data block compressed,
inflated in the browser, opened quickly, and search and filters still work over every row.

`make test` opens 2,000 conversations; the 10,000 one is `slow` (and `icatest bench scale`)."""

from __future__ import annotations

import base64
import gzip
import json
import time
from pathlib import Path

import pytest
from external import chrome_driver
from runfactory import known_run_records, write_run

from icatest.analysis.browser import COMPRESS_ABOVE, GZIP, browser_data
from icatest.analysis.run import load_run
from icatest.analysis.workflow import write_report


def _run(root: Path, n: int) -> Path:
    base = known_run_records()
    records = [
        base[i % len(base)].model_copy(
            update={"conversation_id": f"{base[i % len(base)].conversation_id}-{i:05d}"}
        )
        for i in range(n)
    ]
    records[n // 2] = records[n // 2].model_copy(
        update={"seed_phrase": "only-one-needle", "conversation_id": "needle"}
    )
    return write_run(root, records)


def test_large_data_block_is_gzip_of_the_rows(tmp_path: Path):
    run = load_run(_run(tmp_path / "run", COMPRESS_ABOVE + 1))
    kind, text = browser_data([run])
    assert kind == GZIP and set(text) <= set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
    )
    rows = json.loads(gzip.decompress(base64.b64decode(text)))
    assert len(rows) == COMPRESS_ABOVE + 1 and rows[0]["id"] == "c1-00000"
    assert any(r["seed"] == "only-one-needle" for r in rows)
    small = load_run(_run(tmp_path / "small", 5))
    assert browser_data([small])[0] == "application/json"


def _driver(tmp_path: Path):
    return chrome_driver(tmp_path / "profile", height=1000, page_load_timeout_s=60)


def _open_at_scale(tmp_path: Path, n: int, dom_ms: float) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    outputs = write_report([_run(tmp_path / "run", n)], model="hashing")
    page = outputs.out_dir / "report.html"
    driver = _driver(tmp_path)
    try:
        driver.get(page.as_uri())
        dom = driver.execute_script(
            "return performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"
        )
        assert dom < dom_ms, dom
        deadline = time.monotonic() + 30
        while driver.find_element(By.TAG_NAME, "body").get_attribute("data-browser") != "ready":
            assert time.monotonic() < deadline, "the conversation browser never drew its rows"
            time.sleep(0.05)
        errors = [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
        assert errors == []  # a CSP violation would show here
        count = driver.find_element(By.ID, "browser-count")
        assert f"({n} in the report)" in count.text
        assert len(driver.find_elements(By.CSS_SELECTOR, "tr.conv-row")) == 100  # one page

        search = driver.find_element(By.ID, "f-search")
        search.send_keys("only-one-needle")
        rows = driver.find_elements(By.CSS_SELECTOR, "tr.conv-row")
        assert [r.text.split()[-1] for r in rows] == ["needle"]
        search.clear()
        Select(driver.find_element(By.ID, "f-decision")).select_by_value("pass")
        assert f"of {n // 5} matching" in count.text  # c3 is the one pass of every five
        Select(driver.find_element(By.ID, "f-type")).select_by_value("safety_violation")
        assert "of 0 matching" in count.text  # no passing conversation has a safety finding
    finally:
        driver.quit()


@pytest.mark.browser
def test_report_of_2000_conversations_opens_and_filters(tmp_path: Path):
    _open_at_scale(tmp_path, 2000, dom_ms=2000)


@pytest.mark.browser
@pytest.mark.slow
def test_report_of_10000_conversations_opens_and_filters(tmp_path: Path):
    _open_at_scale(tmp_path, 10_000, dom_ms=2000)
