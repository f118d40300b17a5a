"""Shared fixtures: one Kiwi instance for the whole session (construction takes about a second)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session", autouse=True)
def kiwi():
    from icatest.locar.honorifics.morphs import get_kiwi

    return get_kiwi()
