"""`icatest --version`, `icatest list KIND`, and the Korean pool's default driver."""

from __future__ import annotations

import json

import pytest

from icatest import __version__
from icatest.catalog import load_catalog
from icatest.cli import main
from icatest.data import CATALOG_ROOT


def test_version(capsys) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"icatest {__version__}"


@pytest.mark.parametrize(
    ("kind", "names"),
    [
        ("personas", {"neutral", "impatient", "korean_neutral"}),
        ("strategies", {"safety_probe", "register_drift"}),
        ("seed-pools", {"mixed", "korean"}),
        ("fault-profiles", {"default", "none"}),
    ],
)
def test_list_names_what_options_accept(kind: str, names: set[str], capsys) -> None:
    assert main(["list", kind, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert names <= {r["name"] for r in rows}
    assert all(r["description"] for r in rows)
    assert main(["list", kind]) == 0
    text = capsys.readouterr().out
    assert all(name in text for name in names)


def test_list_catalog_matches_the_packaged_data(capsys) -> None:
    assert main(["list", "personas", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["name"] for r in rows} == set(load_catalog(CATALOG_ROOT).personas)
    assert {r["language"] for r in rows if r["name"].startswith("korean")} == {"ko"}


def test_list_unknown_kind_is_a_usage_error(capsys) -> None:
    assert main(["list", "colours"]) == 2


def test_korean_pool_gets_a_korean_driver_and_a_korean_reference(tmp_path) -> None:
    out = tmp_path / "conv.json"
    code = main(["converse", "--sut", "reference", "--seed-pool", "korean", "--max-turns", "2",
                 "--quiet", "--out", str(out)])  # fmt: skip
    assert code == 0
    record = json.loads(out.read_text())
    assert record["persona"] == "korean_neutral" and record["language"] == "ko"
    hangul = [t for t in record["turns"] if any("가" <= ch <= "힣" for ch in t["system"] or "")]
    assert hangul, "the reference assistant should answer a Korean driver in Korean"
