"""What a few tests need from outside the repository: the reference corpora (../shared/data beside
the clone, or $ICATEST_SHARED_DATA) and headless Chromium.

A bare clone has neither: those tests skip with a one-line reason. Under CI=true they must run,
so a missing corpus or browser fails the test instead (`.ci/run` installs Chromium).
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


def _missing(what: str, path: Path) -> None:
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
