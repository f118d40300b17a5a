"""KVRET importer on the real corpus splits, and the seeds CLI."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import typer
from external import reference_data
from typer.testing import CliRunner

from icatest.catalog.kvret import dialogue_to_seed, import_kvret
from icatest.cli import seeds_cmds
from icatest.config.loading import load_model
from icatest.contracts.scenario import SeedPool
from icatest.data import CATALOG_ROOT
from icatest.errors import ConfigError


@pytest.fixture
def kvret() -> Path:
    return reference_data("kvret")


def _app() -> typer.Typer:
    app = typer.Typer()
    seeds_cmds.register(app)

    @app.callback()
    def main() -> None:
        """Test root."""

    return app


def test_dev_split_gives_a_valid_deterministic_pool(kvret: Path) -> None:
    dev = kvret / "kvret_dev_public.json"
    pool = import_kvret(dev)
    assert len(pool.seeds) > 100
    assert pool.model_dump() == import_kvret(dev).model_dump()
    assert len({s.id for s in pool.seeds}) == len(pool.seeds)
    kinds = Counter(t.kind for s in pool.seeds for t in s.targets)
    assert kinds["info"] > 50 and kinds["other"] > 50
    assert kinds["navigate"] + kinds["find_poi"] > 50
    SeedPool.model_validate(pool.model_dump())  # round-trips through the strict model


def test_mapping_of_intents_and_slots() -> None:
    nav = {
        "dialogue": [
            {"turn": "driver", "data": {"utterance": "  route me to the  nearest gas station "}},
            {"turn": "assistant", "data": {"slots": {"poi_type": "gas station",
                                                      "distance": "nearest",
                                                      "traffic_info": "avoid heavy traffic"}}},
        ],
        "scenario": {"task": {"intent": "navigate"}},
    }  # fmt: skip
    seed = dialogue_to_seed(nav, "x")
    assert seed is not None and seed.phrase == "route me to the nearest gas station"
    target = seed.targets[0]
    assert target.kind == "find_poi" and target.slots["category"] == "gas station"
    assert target.constraints == ["fastest"]
    assert target.description == "Find the nearest gas station"
    weather = {
        "dialogue": [{"turn": "driver", "data": {"utterance": "weather today?"}},
                     {"turn": "assistant", "data": {"slots": {"date": "today"}}}],
        "scenario": {"task": {"intent": "weather"}},
    }  # fmt: skip
    w = dialogue_to_seed(weather, "w")
    assert w is not None and w.targets[0].kind == "info" and w.targets[0].ambiguous
    assert dialogue_to_seed({"dialogue": [], "scenario": {"task": {"intent": "x"}}}, "n") is None


def test_constraints_of_later_turns_are_later_requests() -> None:
    nav = {
        "dialogue": [
            {"turn": "driver", "data": {"utterance": "where is the nearest gas station"}},
            {"turn": "assistant", "data": {"slots": {"poi_type": "gas station"}}},
            {"turn": "driver", "data": {"utterance": "take me there, avoid the traffic"}},
            {"turn": "assistant", "data": {"slots": {"traffic_info": "avoid heavy traffic"}}},
        ],
        "scenario": {"task": {"intent": "navigate"}},
    }  # fmt: skip
    seed = dialogue_to_seed(nav, "x")
    assert seed is not None and seed.targets[0].constraints == []
    assert [r.constraints for r in seed.extra_requests] == [["fastest"]]
    assert "least traffic" in seed.extra_requests[0].description


def test_limit_and_real_named_poi(kvret: Path) -> None:
    pool = import_kvret(kvret / "kvret_test_public.json", pool="kvret_test", limit=40)
    assert len(pool.seeds) == 40 and pool.pool == "kvret_test"
    assert all(s.id.startswith("kvret-test-") for s in pool.seeds)


def test_bad_input_is_config_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(ConfigError, match="bad.json"):
        import_kvret(bad)
    with pytest.raises(ConfigError, match="file not found"):
        import_kvret(tmp_path / "missing.json")


def test_cli_import_list_validate(tmp_path: Path, kvret: Path) -> None:
    out = tmp_path / "seeds" / "kvret.yaml"
    runner = CliRunner()
    dev = kvret / "kvret_dev_public.json"
    result = runner.invoke(_app(), ["seeds", "import-kvret", str(dev), "--out", str(out)])
    assert result.exit_code == 0, result.output
    pool = load_model(out, SeedPool)
    assert pool.pool == "kvret" and len(pool.seeds) > 100
    result = runner.invoke(_app(), ["seeds", "validate", str(tmp_path / "seeds")])
    assert result.exit_code == 0 and f"1 pools, {len(pool.seeds)} seeds" in result.output
    result = runner.invoke(_app(), ["seeds", "list", "--data-dir", str(CATALOG_ROOT)])
    assert result.exit_code == 0 and "multi_stop" in result.output and "contexts" in result.output


def test_cli_validate_reports_broken_file(tmp_path: Path) -> None:
    (tmp_path / "p.yaml").write_text("pool: p\nseeds:\n  - {id: a, phrase: b, colour: red}\n")
    result = CliRunner().invoke(_app(), ["seeds", "validate", str(tmp_path)])
    assert result.exit_code != 0
    assert isinstance(result.exception, ConfigError)
    assert "seeds.0.colour" in str(result.exception)
