"""The Makefile installs the CPU build of torch from the index the README's Install names."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CPU_INDEX = "https://download.pytorch.org/whl/cpu"
_MAKE_VARS = {"MAKEFLAGS", "MFLAGS", "MAKEOVERRIDES", "MAKELEVEL", "TORCH_INDEX", "EXTRAS"}


def _torch_line(*overrides: str) -> str:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    # -n prints the bootstrap recipe without running it; -B makes the stamp out of date
    cmd = ["make", "-n", "-B", "-C", str(REPO), ".venv/.installed-stamp", *overrides]
    # an outer make (`make test TORCH_INDEX=` in .ci/run) passes its variables down through
    # MAKEFLAGS: the recipe read here is the Makefile's own, so none of them may reach it
    env = {k: v for k, v in os.environ.items() if k not in _MAKE_VARS}
    recipe = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env).stdout
    (line,) = [ln for ln in recipe.splitlines() if "pip install" in ln and "torch" in ln]
    return line.strip()


def test_makefile_installs_torch_from_the_cpu_index_by_default() -> None:
    assert _torch_line().endswith(f"torch==2.13.0 --index-url {CPU_INDEX}")


def test_an_empty_torch_index_takes_the_default_index() -> None:
    assert re.fullmatch(r"\S*pip install -q torch==2\.13\.0", _torch_line("TORCH_INDEX="))


def test_readme_install_names_the_same_index_and_version() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert f"pip install torch==2.13.0 --index-url {CPU_INDEX}" in readme
    assert "make test TORCH_INDEX=" in (REPO / ".ci" / "run").read_text(encoding="utf-8")
