from __future__ import annotations

from pathlib import Path

import pytest

from icatest.data import PACKAGED
from icatest.locar.kpi import KpiDataset, load_dataset


@pytest.fixture(scope="session")
def sample_path() -> Path:
    return PACKAGED / "datasets" / "locar_sample.yaml"


@pytest.fixture(scope="session")
def sample(sample_path: Path) -> KpiDataset:
    return load_dataset(sample_path)
