"""One constraint id set: the packaged constraints.yaml, which the offline judge's evidence words
and the reference assistant's parser each cover exactly; JSON schemas of the data files."""

from __future__ import annotations

import json

import pytest

from icatest.catalog.constraints import constraint_vocabulary
from icatest.cli import main
from icatest.judges.rules.vocabulary import CONSTRAINTS
from icatest.sut.reference.lexicon import CONSTRAINT_PATTERNS


def test_judge_and_reference_assistant_know_exactly_the_shared_ids() -> None:
    ids = set(constraint_vocabulary().ids)
    assert set(CONSTRAINTS) == ids
    assert {cid for _, cid in CONSTRAINT_PATTERNS} == ids


@pytest.mark.parametrize(
    ("constraint", "ok"),
    [
        ("parking", True),
        ("arrive_by:18:00", True),
        ("arrive_by:7:30", True),
        ("near:Allianz Arena", True),
        ("arrive_by:six", False),
        ("near:", False),
        ("parkin", False),
        ("leave_by:18:00", False),
    ],
)
def test_constraint_ids(constraint: str, ok: bool) -> None:
    assert (constraint_vocabulary().problem(constraint) is None) is ok


@pytest.mark.parametrize(
    ("kind", "required"),
    [
        ("strategy", "max_consecutive"),
        ("persona", "name"),
        ("seed-pool", "seeds"),
        ("contexts", "contexts"),
        ("constraints", "ids"),
    ],
)
def test_data_file_schemas(kind: str, required: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["seeds", "schema", kind]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert required in schema["required"] and schema["additionalProperties"] is False


def test_unknown_schema_kind_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["seeds", "schema", "nope"]) == 2
    assert "strategy, persona" in capsys.readouterr().err
