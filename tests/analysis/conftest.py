"""Fixtures for analysis tests: hand-built runs and experiments (see runfactory.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from runfactory import known_run_records, write_experiment, write_run


@pytest.fixture
def known_run(tmp_path: Path) -> Path:
    return write_run(tmp_path / "known", known_run_records())


@pytest.fixture
def experiment(tmp_path: Path) -> Path:
    return write_experiment(tmp_path / "exp")
