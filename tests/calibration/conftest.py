"""Fixtures for calibration tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from calibration_builders import SHARED


@pytest.fixture
def shared_calibration() -> Path:
    assert SHARED.is_dir(), f"reference data missing: {SHARED}"
    return SHARED
