"""The report in a real headless Chromium: loads without errors, shows plots, hostile text inert."""

from __future__ import annotations

from pathlib import Path

import pytest
from external import chromium
from hostile import BREAKOUT, SCRIPT, hostile_record
from runfactory import known_run_records, write_experiment

from icatest.analysis.workflow import write_report

FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--window-size=1280,2000",
)  # fmt: skip

pytestmark = pytest.mark.browser


@pytest.fixture
def driver(tmp_path: Path):
    binary, chromedriver = chromium()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(binary)
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path / 'profile'}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    browser = webdriver.Chrome(options=options, service=Service(str(chromedriver)))
    browser.set_page_load_timeout(30)
    yield browser
    browser.quit()


def test_report_renders_in_chromium(tmp_path: Path, driver):
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By

    experiment = write_experiment(tmp_path / "exp", [*known_run_records(), hostile_record()])
    outputs = write_report([experiment], model="hashing")
    driver.get((outputs.out_dir / "report.html").as_uri())

    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert  # noqa: B018 - accessing it raises when no alert is open
    errors = [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
    assert errors == []
    assert driver.execute_script("return document.readyState") == "complete"

    charts = driver.find_elements(By.CSS_SELECTOR, "figure svg")
    assert len(charts) == 5
    for chart in charts:
        assert chart.size["width"] > 100 and chart.size["height"] > 100
    shapes = driver.find_elements(By.CSS_SELECTOR, "figure svg rect, figure svg circle")
    assert len(shapes) > 10

    # hostile text is text: no injected elements, and the page shows it literally
    assert driver.find_elements(By.TAG_NAME, "script") == []
    assert driver.find_elements(By.TAG_NAME, "img") == []
    assert driver.find_elements(By.TAG_NAME, "iframe") == []
    assert driver.find_elements(By.ID, "injected-bold") == []
    conversations = driver.find_elements(By.CSS_SELECTOR, "details.conversation")
    assert len(conversations) == 4 + 2  # guided: c1, c2, c5, hostile; baseline: b1, b2
    hostile = next(d for d in conversations if "hostile" in d.text)
    hostile.find_element(By.TAG_NAME, "summary").click()
    body = driver.find_element(By.TAG_NAME, "body").text
    assert SCRIPT in body
    assert BREAKOUT.split(">")[0] + ">" in body
    assert "bell\\x07" in body

    screenshot = tmp_path / "report.png"
    driver.save_screenshot(str(screenshot))
    assert screenshot.stat().st_size > 10_000
