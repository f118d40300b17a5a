"""The report in a real headless Chromium: loads without errors, shows plots, hostile text inert."""

from __future__ import annotations

from pathlib import Path

import pytest
from external import chrome_driver
from hostile import BREAKOUT, SCRIPT, hostile_record
from runfactory import known_run_records, write_experiment

from icatest.analysis.workflow import write_report

pytestmark = pytest.mark.browser


@pytest.fixture
def driver(tmp_path: Path):
    browser = chrome_driver(tmp_path / "profile", height=2000, page_load_timeout_s=30)
    yield browser
    browser.quit()


def _open(driver, tmp_path: Path):
    experiment = write_experiment(tmp_path / "exp", [*known_run_records(), hostile_record()])
    outputs = write_report([experiment], model="hashing")
    driver.set_window_size(1400, 2000)
    driver.get((outputs.out_dir / "report.html").as_uri())
    return outputs


def _rows(driver):
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, "#browser-rows tr.conv-row")


def test_report_renders_in_chromium(tmp_path: Path, driver):
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By

    _open(driver, tmp_path)
    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert  # noqa: B018 - accessing it raises when no alert is open
    errors = [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
    assert errors == []  # includes CSP violations: our one script must match its hash
    assert driver.execute_script("return document.readyState") == "complete"

    charts = driver.find_elements(By.CSS_SELECTOR, "figure svg")
    assert len(charts) == 6
    page_width = driver.find_element(By.TAG_NAME, "body").size["width"]
    for chart in charts:  # full width of the page, not half of it
        assert chart.size["width"] > 0.8 * page_width and chart.size["height"] > 150
    shapes = driver.find_elements(By.CSS_SELECTOR, "figure svg rect, figure svg circle")
    assert len(shapes) > 10

    # hostile text is text: only our own script, no injected elements, shown literally
    scripts = driver.find_elements(By.TAG_NAME, "script")
    assert [s.get_attribute("id") or s.get_attribute("type") for s in scripts] == [
        "conversation-data",
        "",
    ]
    assert driver.find_elements(By.TAG_NAME, "img") == []
    assert driver.find_elements(By.TAG_NAME, "iframe") == []
    assert driver.find_elements(By.ID, "injected-bold") == []
    rows = _rows(driver)
    assert len(rows) == 11  # every conversation of both arms: 6 guided + 5 baseline
    hostile = next(r for r in rows if "hostile" in r.text)
    hostile.click()
    body = driver.find_element(By.TAG_NAME, "body").text
    assert SCRIPT in body
    assert BREAKOUT.split(">")[0] + ">" in body
    assert "bell\\x07" in body
    assert driver.find_elements(By.ID, "injected-bold") == []
    assert driver.find_elements(By.TAG_NAME, "iframe") == []


def test_browser_filters_search_and_sort(tmp_path: Path, driver):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    _open(driver, tmp_path)
    count = driver.find_element(By.ID, "browser-count")
    assert "11 matching" in count.text

    Select(driver.find_element(By.ID, "f-decision")).select_by_value("fail")
    failing = _rows(driver)
    assert len(failing) == 6  # guided c1, c2, c5, hostile; baseline b1, b2
    decisions = {r.find_elements(By.TAG_NAME, "td")[1].text for r in failing}
    assert decisions == {"fail"}

    Select(driver.find_element(By.ID, "f-run")).select_by_value("baseline")
    assert sorted(r.text.split()[-1] for r in _rows(driver)) == ["b1", "b2"]
    Select(driver.find_element(By.ID, "f-run")).select_by_value("")

    Select(driver.find_element(By.ID, "f-type")).select_by_value("safety_violation")
    assert [r.text.split()[-1] for r in _rows(driver)] == ["c1"]
    Select(driver.find_element(By.ID, "f-type")).select_by_value("")
    Select(driver.find_element(By.ID, "f-decision")).select_by_value("")

    search = driver.find_element(By.ID, "f-search")
    search.send_keys("café luitpold")  # text inside c2's transcript only (c5 is lower case)
    assert [r.text.split()[-1] for r in _rows(driver)] == ["c2", "c5"]
    search.clear()
    search.send_keys("no such words anywhere")
    assert _rows(driver) == [] and "0 matching" in count.text
    search.clear()
    search.send_keys(" ")  # whitespace-only search is no filter
    assert len(_rows(driver)) == 11

    # opening a row shows the turn's context, probes and labels
    driver.find_element(By.CSS_SELECTOR, "th[data-sort=id]").click()
    first = _rows(driver)[0]
    assert first.text.split()[-1] == "b1"
    first.click()
    detail = driver.find_element(By.CSS_SELECTOR, "tr.detail")
    assert "Context: Munich" in detail.text
    assert "constraint_missed" in detail.text and "turn 0" in detail.text
    driver.find_element(By.CSS_SELECTOR, "th[data-sort=id]").click()  # descending
    assert _rows(driver)[0].text.split()[-1] == "hostile"


def test_glossary_defines_every_metric_and_screenshot(tmp_path: Path, driver):
    from selenium.webdriver.common.by import By

    from icatest.analysis.compare import SCALAR_METRICS

    _open(driver, tmp_path)
    names = driver.find_elements(By.CSS_SELECTOR, "#metrics abbr")
    assert len(names) == len(SCALAR_METRICS)
    for abbr in names:  # hover text is a real sentence, and no snake_case is shown
        assert len(abbr.get_attribute("title")) > 20
        assert "_" not in abbr.text
    terms = driver.find_elements(By.CSS_SELECTOR, "#glossary dt")
    defined = {dt.get_attribute("id") for dt in terms}
    assert {f"def-{m}" for m in SCALAR_METRICS} <= defined
    headline = driver.find_element(By.ID, "headline").text
    assert "guided (6 conversations) and baseline (5 conversations) compared" in headline

    screenshot = tmp_path / "report-1400.png"
    driver.save_screenshot(str(screenshot))
    assert screenshot.stat().st_size > 10_000
    assert driver.execute_script("return window.innerWidth") == 1400


KOREAN_TEXTS = [("프라이징까지 가장 빠른 길 알려 주세요", "경로를 찾았어요. 출발합니다."),
                ("고마워요", "천만에요.")]  # fmt: skip


def test_hangul_renders_with_the_embedded_font(tmp_path: Path, driver):
    """Korean is drawn with the report's own font, whatever the machine has installed: the
    browser decodes the embedded face and lays the Korean cells out in it (Chromium's own
    account of the fonts used for a node)."""
    from runfactory import make_record, write_run

    record = make_record("ko1", texts=KOREAN_TEXTS, n_turns=2, seed_phrase=KOREAN_TEXTS[0][0])
    run = write_run(tmp_path / "ko", [record])
    outputs = write_report([run], model=None)
    driver.get((outputs.out_dir / "report.html").as_uri())
    faces = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "document.fonts.load('16px \"icatest Hangul\"', '경로').then("
        "  fs => done(fs.map(f => f.family.replace(/\"/g, '') + ':' + f.status)),"
        "  e => done(['error ' + e]));"
    )
    assert faces == ["icatest Hangul:loaded"], faces
    driver.execute_script("return document.fonts.ready")
    seed_cell = "#browser-rows tr.conv-row td:nth-child(7)"
    assert "프라이징" in driver.find_element("css selector", seed_cell).text
    root = driver.execute_cdp_cmd("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    node = driver.execute_cdp_cmd("DOM.querySelector", {"nodeId": root, "selector": seed_cell})
    driver.execute_cdp_cmd("CSS.enable", {})
    used = driver.execute_cdp_cmd("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})
    ours = [f for f in used["fonts"] if f["familyName"] == "icatest Hangul"]
    hangul = [c for c in KOREAN_TEXTS[0][0] if "가" <= c <= "힣"]
    assert ours and ours[0]["isCustomFont"], used
    assert ours[0]["glyphCount"] >= len(hangul), used  # every syllable drawn with it
