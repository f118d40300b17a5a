"""Broken seed, context and persona files fail with a ConfigError naming file and field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from icatest.catalog.loader import load_catalog
from icatest.data import CATALOG_ROOT
from icatest.errors import ConfigError

GOOD_POOL = """pool: tiny
seeds:
  - id: t-1
    phrase: Take me to Garching
    targets:
      - {description: Route to Garching, kind: navigate, slots: {destination: Garching}}
"""


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    for name in ("strategies", "personas"):
        shutil.copytree(CATALOG_ROOT / name, tmp_path / name)
    (tmp_path / "seeds").mkdir()
    shutil.copy(CATALOG_ROOT / "seeds" / "contexts.yaml", tmp_path / "seeds" / "contexts.yaml")
    (tmp_path / "seeds" / "tiny.yaml").write_text(GOOD_POOL)
    return tmp_path


def test_good_copy_loads(data_dir: Path) -> None:
    assert load_catalog(data_dir).seed_pool("tiny").seeds[0].id == "t-1"


@pytest.mark.parametrize(
    ("file", "text", "field", "problem"),
    [
        ("seeds/tiny.yaml", GOOD_POOL.replace("    phrase:", "    colour: red\n    phrase:"),
         "seeds.0.colour", "unknown field"),
        ("seeds/tiny.yaml", GOOD_POOL.replace("    phrase: Take me to Garching\n", ""),
         "seeds.0.phrase", "missing"),
        ("seeds/tiny.yaml", GOOD_POOL.replace("kind: navigate", "kind: teleport"),
         "seeds.0.targets.0.kind", "Input should be"),
        ("seeds/tiny.yaml", GOOD_POOL.replace("slots: {destination: Garching}", "slots: [1, 2]"),
         "seeds.0.targets.0.slots", "dictionary"),
        ("seeds/tiny.yaml", GOOD_POOL + "  - {id: [unclosed\n", None, "invalid syntax"),
        ("seeds/contexts.yaml", "contexts:\n  - {id: c, location: X, date: '2025-01-01'}\n",
         "contexts.0.time", "missing"),
        ("seeds/contexts.yaml", "contexts:\n  - {id: c, location: X, date: d, time: t, "
         "vehicle: {speed_kmh: [1]}}\n", "contexts.0.vehicle.speed_kmh", "string"),
        ("personas/neutral.yaml", "name: neutral\ndescription: x\nterse: maybe\n", "terse", "bool"),
        ("personas/neutral.yaml", "name: neutral\ndescription: x\nmood: grumpy\n", "mood",
         "unknown field"),
        ("personas/neutral.yaml", "name: someone_else\ndescription: x\n", "name", "file name"),
        ("seeds/tiny.yaml", GOOD_POOL.replace("slots: {destination: Garching}}",
         "slots: {destination: Garching}, constraints: [avoid_higways]}"),
         "seeds.0.targets.0.constraints.0", "unknown constraint 'avoid_higways'"),
        ("seeds/tiny.yaml", GOOD_POOL.replace("slots: {destination: Garching}}",
         "slots: {destination: Garching}, constraints: [fastest, 'arrive_by:25:00']}"),
         "seeds.0.targets.0.constraints.1", "does not match"),
    ],
)  # fmt: skip
def test_broken_file_names_file_and_field(
    data_dir: Path, file: str, text: str, field: str | None, problem: str
) -> None:
    path = data_dir / file
    path.write_text(text)
    with pytest.raises(ConfigError) as info:
        load_catalog(data_dir)
    err = info.value
    assert err.source == str(path)
    if field is not None:
        assert err.field == field, str(err)
    assert problem in str(err), str(err)
