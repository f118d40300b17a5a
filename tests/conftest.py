"""Shared test fixtures: repository paths and the reference data folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from external import REPO, reference_data
from network_guard import no_real_providers  # noqa: F401  (autouse: no real provider)

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The reference corpora; tests using it skip in a bare clone (see tests/external.py)."""
    return reference_data()
