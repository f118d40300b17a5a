from __future__ import annotations

from pathlib import Path

import pytest

from icatest.data import PACKAGED
from icatest.locar.build.augment import Styler, load_styler

MANUALS = PACKAGED / "manuals"
TAXONOMY = PACKAGED / "taxonomies" / "navigation.yaml"


@pytest.fixture(scope="session")
def styler() -> Styler:
    """The honorifics package's real verifier/rewriter/fragmenter (Kiwi loads once)."""
    return load_styler()


@pytest.fixture
def manuals_dir() -> Path:
    return MANUALS


@pytest.fixture
def taxonomy_path() -> Path:
    return TAXONOMY
