from __future__ import annotations

import json
from pathlib import Path

import pytest

from icatest.cli import main
from icatest.data import PACKAGED
from icatest.locar.build.io import read_drafts, read_manifest
from icatest.locar.kpi.dataset import load_dataset
from icatest.locar.kpi.kpis import Kpi


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("kb") / "dataset.yaml"
    code = main(["kpi", "build", "--manual", str(PACKAGED / "manuals"),
                 "--taxonomy", str(PACKAGED / "taxonomies/navigation.yaml"),
                 "--out", str(out), "--per-section", "2", "--multi-turn-share", "0.4",
                 "--translate", "en", "--rng-seed", "7",
                 "--intermediate", str(out.parent / "stages")])
    assert code == 0
    return out


def test_offline_build_passes_kpi_format_validation(built: Path) -> None:
    dataset = load_dataset(built)  # strict validation of the KPI format
    inst = dataset.instances
    assert len(inst) > 200
    assert {i.use_case.value for i in inst} == {"car_expert", "navigation"}
    assert {i.language.value for i in inst} == {"ko", "en"}
    assert {i.speech_level.value for i in inst if i.speech_level} == {"hae", "haeyo", "hapsyo"}
    multi = [i for i in inst if i.is_multi_turn]
    assert multi and all(3 <= len(i.turns or []) <= 5 for i in multi)
    covered = {k for i in inst for k in i.kpis}
    assert covered == set(Kpi) - {Kpi.HARMFUL_QUESTION_RESPONSE}
    assert all(i.source and "#" in i.source for i in inst)


def test_manifest_records_every_stage(built: Path) -> None:
    manifest = read_manifest(built.with_name("dataset.manifest.json"))
    stages = [s.stage for s in manifest.stages]
    assert stages == ["qa", "extend", "augment", "dedup", "label", "convert"]
    for before, after in zip(manifest.stages, manifest.stages[1:], strict=False):
        if before.stage != "qa":
            assert after.count_in == before.count_out
    by = {s.stage: s for s in manifest.stages}
    assert by["qa"].models == {"generator": "offline"}
    assert by["qa"].prompt_versions["kpi_build_qa"] == "1"
    assert by["augment"].produced["translation_unavailable_offline"] > 0
    assert by["dedup"].options["threshold"] == 0.85
    assert by["convert"].count_out == len(load_dataset(built).instances)
    for s in manifest.stages:
        assert s.count_in - s.count_out <= sum(s.dropped.values()) or s.stage in {"extend",
                                                                                  "augment"}
    assert (built.parent / "dataset.verification" / "kpi_sheet.csv").is_file()


def test_stages_run_alone_on_jsonl(built: Path, tmp_path: Path) -> None:
    qa = built.parent / "stages" / "qa.jsonl"
    seeds = read_drafts(qa)[:30]
    start = tmp_path / "seeds.jsonl"
    start.write_text("".join(d.model_dump_json() + "\n" for d in seeds), encoding="utf-8")
    chain = [("extend", ["--multi-turn-share", "0.5"]), ("augment", ["--levels", "haeyo"]),
             ("dedup", []), ("label", ["--dataset", str(tmp_path / "ds.jsonl")])]
    current = start
    for stage, extra in chain:
        nxt = tmp_path / f"{stage}.jsonl"
        assert main(["kpi", "build", stage, "--in", str(current), "--out", str(nxt), *extra]) == 0
        manifest = json.loads(nxt.with_name(f"{stage}.manifest.json").read_text())
        assert manifest["stages"][0]["stage"] == stage
        current = nxt
    ds = load_dataset(tmp_path / "ds.jsonl")
    assert {i.speech_level.value for i in ds.instances if i.speech_level} == {"haeyo"}


def test_bad_option_is_one_line_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["kpi", "build", "--taxonomy", "nope.yaml", "--out", str(tmp_path / "x.yaml"),
                 "--levels", "hae,polite"])
    assert code != 0
    assert "unknown level(s) polite" in capsys.readouterr().err


@pytest.mark.slow
def test_built_dataset_runs_through_kpi_run(built: Path, tmp_path: Path) -> None:
    """Done-when of the issue: the offline build runs through `icatest kpi run` against the
    reference assistant with offline judges (a sample of instances to stay fast)."""
    from icatest.locar.kpi.dataset import dump_dataset

    data = load_dataset(built)
    picked = data.instances[::25]
    small = data.model_copy(update={"instances": picked})
    path = tmp_path / "small.yaml"
    dump_dataset(small, path)
    out = tmp_path / "run"
    assert main(["kpi", "run", "--dataset", str(path), "--sut", "reference",
                 "--out", str(out)]) == 0
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert len(results["instances"]) == len(picked)
