"""A user's data folder adds to the packaged data and overrides an item of the same name; the
packaged catalog is kept at the top of the repository, once."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from icatest.campaigns.config import CampaignConfig
from icatest.campaigns.sampler import ScenarioSampler
from icatest.catalog.loader import PACKAGED_ORIGIN, load_catalog
from icatest.cli import main
from icatest.data import CATALOG_FOLDERS, CATALOG_ROOT
from icatest.errors import ConfigError

REPO = Path(__file__).resolve().parents[2]
TRUCKER = "name: trucker\ndescription: a long-haul driver\n"
POOL_WITH_FREE = """pool: parking_deals
seeds:
  - id: pd-1
    phrase: Find me parking in Garching
    targets:
      - {description: Free parking, kind: find_poi, slots: {category: parking},
         constraints: [free]}
"""


@pytest.fixture
def team(tmp_path: Path) -> Path:
    folder = tmp_path / "team"
    (folder / "personas").mkdir(parents=True)
    (folder / "personas" / "trucker.yaml").write_text(TRUCKER)
    return folder


def test_git_keeps_the_catalog_at_the_top_once() -> None:
    try:
        listed = subprocess.run(["git", "ls-files"], cwd=REPO, capture_output=True, text=True,
                                check=True).stdout.split()  # fmt: skip
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    for folder in (*CATALOG_FOLDERS, "experiments"):
        assert any(p.startswith(f"{folder}/") for p in listed), folder
        assert not [p for p in listed if p.startswith(f"icatest/data/{folder}/")], folder
    yaml_names = [Path(p).name for p in listed if p.split("/")[0] in CATALOG_FOLDERS]
    assert len(yaml_names) == len(set(yaml_names))  # no file of theirs twice
    assert "experiments/demo.yaml" in listed


def test_a_data_folder_adds_to_the_packaged_data(team: Path) -> None:
    packaged = load_catalog()
    catalog = load_catalog(team)
    assert set(catalog.personas) == set(packaged.personas) | {"trucker"}
    assert catalog.strategies.keys() == packaged.strategies.keys()
    assert catalog.seed_pools.keys() == packaged.seed_pools.keys()
    assert catalog.origin("persona", "trucker") == str(team)
    assert catalog.origin("persona", "neutral") == PACKAGED_ORIGIN


def test_an_item_of_the_same_name_overrides_the_packaged_one(team: Path) -> None:
    (team / "personas" / "rude.yaml").write_text("name: rude\ndescription: our own rude one\n")
    catalog = load_catalog(team)
    assert catalog.persona("rude").description == "our own rude one"
    assert catalog.origin("persona", "rude") == str(team)


def test_only_user_data_reads_the_folder_alone(team: Path) -> None:
    catalog = load_catalog(team, only_user_data=True)
    assert set(catalog.personas) == {"trucker"} and not catalog.strategies


def test_environment_and_project_folder_add_too(team: Path, monkeypatch) -> None:
    monkeypatch.setenv("ICATEST_DATA", str(team))
    assert "trucker" in load_catalog().personas
    monkeypatch.delenv("ICATEST_DATA")
    monkeypatch.chdir(team)
    catalog = load_catalog()
    assert "trucker" in catalog.personas and "neutral" in catalog.personas


def test_a_folder_without_data_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no strategies/, personas/, seeds/"):
        load_catalog(tmp_path)


def test_constraints_extend_from_the_data_folder(team: Path) -> None:
    (team / "seeds").mkdir()
    (team / "seeds" / "parking_deals.yaml").write_text(POOL_WITH_FREE)
    with pytest.raises(ConfigError, match="unknown constraint 'free'") as info:
        load_catalog(team)
    assert info.value.field == "seeds.0.targets.0.constraints.0"
    (team / "constraints.yaml").write_text("ids:\n  free: costs nothing\n")
    catalog = load_catalog(team)
    assert catalog.seed_pool("parking_deals").seeds[0].targets[0].constraints == ["free"]
    assert "free" in catalog.constraints.ids and "parking" in catalog.constraints.ids


@pytest.mark.parametrize(
    ("text", "field", "problem"),
    [
        ("ids: {}\nidz: {free: x}\n", "idz", "unknown field"),
        ("ids: {free: [1]}\n", "ids.free", "string"),
        ("ids: {}\nparameterized: {leave_by: '(['}\n", "parameterized.leave_by", "invalid regex"),
    ],
)
def test_constraints_file_is_validated_strictly(
    team: Path, text: str, field: str, problem: str
) -> None:
    (team / "constraints.yaml").write_text(text)
    with pytest.raises(ConfigError) as info:
        load_catalog(team)
    assert info.value.source == str(team / "constraints.yaml")
    assert info.value.field == field and problem in str(info.value)


def test_guided_mode_without_strategies_names_the_folder(team: Path) -> None:
    (team / "strategies").mkdir()
    (team / "seeds").mkdir()
    (team / "seeds" / "p.yaml").write_text(POOL_WITH_FREE.replace("[free]", "[parking]"))
    catalog = load_catalog(team, only_user_data=True)
    config = CampaignConfig(sut="reference", max_conversations=1, data_dir=team)
    with pytest.raises(ConfigError, match="guided mode needs strategies") as info:
        ScenarioSampler(config, catalog, "r")
    assert info.value.source == str(team / "strategies")
    (team / "personas" / "neutral.yaml").write_text("name: neutral\ndescription: plain\n")
    baseline = config.model_copy(update={"mode": "baseline"})
    ScenarioSampler(baseline, load_catalog(team, only_user_data=True), "r")  # needs none


def test_list_marks_where_each_item_comes_from(team: Path, capsys) -> None:
    assert main(["list", "personas", "--data-dir", str(team), "--json"]) == 0
    rows = {r["name"]: r["from"] for r in json.loads(capsys.readouterr().out)}
    assert rows["trucker"] == str(team) and rows["neutral"] == PACKAGED_ORIGIN
    assert main(["list", "personas", "--data-dir", str(team), "--only-user-data"]) == 0
    text = capsys.readouterr().out
    assert "trucker" in text and "neutral" not in text


def test_data_init_copies_the_packaged_data_out(tmp_path: Path, capsys) -> None:
    folder = tmp_path / "ours"
    assert main(["data", "init", str(folder)]) == 0
    for name in CATALOG_FOLDERS:
        packaged = sorted(p.name for p in (CATALOG_ROOT / name).glob("*.yaml"))
        assert sorted(p.name for p in (folder / name).glob("*.yaml")) == packaged
    catalog = load_catalog(folder)  # the copy loads, constraints.yaml included
    assert catalog.origin("persona", "neutral") == str(folder)
    assert main(["data", "init", str(folder)]) == 2  # never over a folder that holds data
    assert "already holds" in capsys.readouterr().err
