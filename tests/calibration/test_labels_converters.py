"""Tidy label files and the ABC-Eval / FED converters."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from icatest.calibration.converters import (
    abceval_rows,
    detect_format,
    fed_rows,
    load_label_table,
    read_abceval,
    read_fed,
)
from icatest.calibration.labels import LabelRow, LabelTable, parse_value, read_labels, write_labels
from icatest.errors import ConfigError


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("2", 2.0),
        (1, 1.0),
        ("yes", 1.0),
        ("False", 0.0),
        ("", None),
        ("N/A (no errors)", None),
        (float("nan"), None),
        ("good", "good"),
        (True, 1.0),
    ],
)
def test_parse_value(raw: object, expected: object) -> None:
    assert parse_value(raw) == expected


def test_csv_and_jsonl_round_trip(tmp_path: Path) -> None:
    rows = [
        LabelRow("i1", "d", "a", 1.0),
        LabelRow("i1", "d", "b", 0.0),
        LabelRow("i2", "d", "a", 2.0),
    ]
    for name in ("l.csv", "l.jsonl"):
        write_labels(rows, tmp_path / name)
        table = read_labels(tmp_path / name)
        assert sorted(table.rows(), key=str) == sorted(rows, key=str)
    assert "i1,d,a,1" in (tmp_path / "l.csv").read_text()


def test_errors_name_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("item,dimension,value\nx,y,1\n")
    with pytest.raises(ConfigError, match="missing column.*annotator"):
        read_labels(bad)
    bad.write_text("item,dimension,annotator,value\nx,y,,1\n")
    with pytest.raises(ConfigError, match="line 2: value given but annotator is empty"):
        read_labels(bad)
    bad.write_text("item,dimension,annotator,value\nx,y,a,1\nx,y,a,0\n")
    with pytest.raises(ConfigError, match="line 3.*twice"):
        read_labels(bad)
    jl = tmp_path / "bad.jsonl"
    jl.write_text('{"item": "x", "dimension": "d", "annotator": "a", "value": 1}\n{oops\n')
    with pytest.raises(ConfigError, match="line 2: invalid JSON"):
        read_labels(jl)


def test_blank_values_are_skipped(tmp_path: Path) -> None:
    path = tmp_path / "sheet.csv"
    path.write_text("item,dimension,annotator,value,extra\nx,d,,,\ny,d,ann,2,notes\n")
    table = read_labels(path)
    assert list(table.rows()) == [LabelRow("y", "d", "ann", 2.0)]


ABC = {
    "(1,1)_bot": [
        {
            "user": "u",
            "system": "s",
            "behaviors": {
                "self contradiction": {"human": [0, 1], "gpt": 1, "specialized": 0},
                "redundant": {"human": [0, 0], "gpt": 0},
            },
        },
    ]
}
FED = [
    {
        "context": "c",
        "response": "r",
        "system": "x",
        "annotations": {"Overall": [1, 2, "N/A (x)", 3, 4]},
    },
    {
        "context": "c",
        "system": "x",
        "annotations": {"Overall": [0, 1, 2, 3, 4], "Consistent": [1, 1, 0, 1, 1]},
    },
]


def test_abceval_rows_shape() -> None:
    rows = list(abceval_rows(ABC))
    assert LabelRow("(1,1)_bot#0", "self_contradiction", "human_2", 1.0) in rows
    assert LabelRow("(1,1)_bot#0", "self_contradiction", "gpt", 1.0) in rows
    assert not any(r.annotator == "specialized" for r in rows)
    assert len(rows) == 6
    assert any(r.annotator == "specialized" for r in abceval_rows(ABC, include_specialized=True))


def test_fed_rows_shape() -> None:
    rows = list(fed_rows(FED))
    dims = {r.dimension for r in rows}
    assert dims == {"turn.overall", "dialogue.overall", "dialogue.consistent"}
    assert len([r for r in rows if r.item == "fed-000"]) == 4  # the N/A rating is missing


def test_format_detection(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text(json.dumps(ABC))
    (tmp_path / "f.json").write_text(json.dumps(FED))
    assert detect_format(tmp_path / "a.json") == "abceval"
    assert detect_format(tmp_path / "f.json") == "fed"
    assert load_label_table(tmp_path / "f.json").dimensions[0] == "turn.overall"
    with pytest.raises(ConfigError, match="not an ABC-Eval"):
        read_abceval(tmp_path / "f.json")
    with pytest.raises(ConfigError, match="unknown format"):
        load_label_table(tmp_path / "f.json", "xml")


def test_real_files_convert_completely(shared_calibration: Path) -> None:
    abc = read_abceval(shared_calibration / "abceval_behavior_results.json")
    assert len(abc) == 1634 * 9 * 3  # every turn, behaviour and annotator
    fed = LabelTable.from_rows(read_fed(shared_calibration / "fed_data.json"))
    assert len(fed.dimensions) == 9 + 11  # turn and dialogue qualities, Overall at both levels
    assert fed.annotators == [f"annotator_{i}" for i in range(1, 6)]
