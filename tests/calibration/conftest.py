"""Fixtures for calibration tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from external import reference_data


@pytest.fixture
def shared_calibration() -> Path:
    return reference_data("calibration")
