"""Shared test fixtures: repository paths and the reference data folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from external import REPO, local_llm_extra, reference_data, voice_extra
from network_guard import no_real_providers  # noqa: F401  (autouse: no real provider)

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The reference corpora; tests using it skip in a bare clone (see tests/external.py)."""
    return reference_data()


@pytest.fixture(autouse=True)
def _local_llm_extra(request: pytest.FixtureRequest) -> None:
    """Tests marked local_llm skip without the local extra (and fail so under CI=true)."""
    if request.node.get_closest_marker("local_llm") is not None:
        local_llm_extra()


@pytest.fixture(autouse=True)
def _voice_extra(request: pytest.FixtureRequest) -> None:
    """Tests marked voice skip without the voice extra (and fail so under CI=true)."""
    if request.node.get_closest_marker("voice") is not None:
        voice_extra()
