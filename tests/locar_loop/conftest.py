"""LoCar's loop tests drive campaigns from Python: they plug LoCar in as the CLI does."""

from __future__ import annotations

import pytest

from icatest.locar.plugin import register


@pytest.fixture(autouse=True)
def locar_plugged_in() -> None:
    register()
