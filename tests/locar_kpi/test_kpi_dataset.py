"""Dataset format: the sample loads, round-trips, and bad files name the file and the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from icatest.errors import ConfigError
from icatest.locar.kpi import KPIS, KpiDataset, Language, UseCase, dump_dataset, load_dataset

SINGLE = {
    "id": "x1",
    "use_case": "car_expert",
    "language": "en",
    "kpis": ["conciseness"],
    "question": "How do I open the trunk?",
    "reference_answer": "Press the button on the tailgate.",
}
MULTI = {
    "id": "m1",
    "use_case": "navigation",
    "language": "ko",
    "speech_level": "haeyo",
    "kpis": ["retention", "speech_level"],
    "target_turn": 2,
    "turns": [
        {"question": "q0", "reference_answer": "a0"},
        {"question": "q1", "reference_answer": "a1"},
        {"question": "q2", "reference_answer": "a2"},
    ],
}


def write(tmp_path: Path, instances: list[dict], name: str = "d.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump({"name": "t", "instances": instances}, allow_unicode=True))
    return path


def test_sample_covers_every_kpi_use_case_and_language(sample: KpiDataset) -> None:
    assert 30 <= len(sample.instances) <= 45
    used = {k for inst in sample.instances for k in inst.kpis}
    assert used == set(KPIS)
    combos = {(i.use_case, i.language, i.is_multi_turn) for i in sample.instances}
    for use_case in UseCase:
        for lang in Language:
            assert (use_case, lang, True) in combos and (use_case, lang, False) in combos
    assert {i.speech_level.value for i in sample.instances if i.speech_level} == {
        "hae",
        "haeyo",
        "hapsyo",
    }


def test_multi_turn_target_and_history() -> None:
    inst = KpiDataset.model_validate({"instances": [MULTI]}).instances[0]
    assert inst.target.question == "q2"
    assert [t.question for t in inst.history] == ["q0", "q1"]


@pytest.mark.parametrize("suffix", ["yaml", "json", "jsonl"])
def test_dump_and_load_round_trip(sample: KpiDataset, tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"out.{suffix}"
    dump_dataset(sample, path)
    again = load_dataset(path)
    assert [i.model_dump() for i in again.instances] == [i.model_dump() for i in sample.instances]


@pytest.mark.parametrize(
    ("change", "field", "problem"),
    [
        ({"colour": "red"}, "instances.0.colour", "unknown field"),
        ({"use_case": "weather"}, "instances.0.use_case", "Input should be"),
        ({"kpis": ["politeness"]}, "instances.0.kpis.0", "Input should be"),
        ({"kpis": ["retention"]}, "instances.0", "multi-turn instances only"),
        ({"speech_level": "haeyo"}, "instances.0", "only for Korean"),
        ({"question": None}, "instances.0", "need question and reference_answer"),
    ],
)
def test_single_turn_errors_name_file_and_field(
    tmp_path: Path, change: dict, field: str, problem: str
) -> None:
    path = write(tmp_path, [{**SINGLE, **change}])
    with pytest.raises(ConfigError) as err:
        load_dataset(path)
    assert err.value.source == str(path)
    assert err.value.field == field
    assert problem in err.value.problem


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"target_turn": 3}, "target_turn must be between 0 and 2"),
        ({"target_turn": None}, "need target_turn"),
        ({"turns": [{"question": "q", "reference_answer": "a"}] * 2}, "3-5"),
        ({"kpis": ["implicit_understanding"]}, "single-turn instances only"),
        ({"speech_level": None}, "needs speech_level"),
        ({"kpis": ["retention", "retention"]}, "twice"),
    ],
)
def test_multi_turn_errors(tmp_path: Path, change: dict, problem: str) -> None:
    path = write(tmp_path, [{**MULTI, **change}])
    with pytest.raises(ConfigError, match=problem):
        load_dataset(path)


def test_duplicate_ids_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="duplicate instance id 'x1'"):
        load_dataset(write(tmp_path, [SINGLE, SINGLE]))
    with pytest.raises(ConfigError, match="file not found"):
        load_dataset(tmp_path / "absent.yaml")


def test_jsonl_errors_name_the_line(tmp_path: Path) -> None:
    path = tmp_path / "d.jsonl"
    path.write_text(json.dumps(SINGLE) + "\n" + json.dumps({**SINGLE, "id": "x2", "kpis": []}))
    with pytest.raises(ConfigError) as err:
        load_dataset(path)
    assert err.value.source == f"{path}: line 2" and err.value.field == "kpis"
    path.write_text("{not json\n")
    with pytest.raises(ConfigError, match="line 1: invalid JSON"):
        load_dataset(path)


def test_select_language(sample: KpiDataset) -> None:
    korean = sample.select(Language.KO)
    assert korean.instances and all(i.language is Language.KO for i in korean.instances)
