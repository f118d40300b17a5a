"""Accuracy thresholds on the labelled test set (reads the SmileStyle corpus at test time)."""

from __future__ import annotations

from pathlib import Path

import pytest
from external import reference_data

from icatest.locar.honorifics import Level
from icatest.locar.honorifics.metrics import Evaluation, evaluate
from icatest.locar.honorifics.testset import load_incar, load_smilestyle, load_testset


@pytest.fixture(scope="module")
def smilestyle() -> Path:
    return reference_data("korean_style", "smilestyle_dataset.tsv")


@pytest.fixture(scope="module")
def evaluation(smilestyle: Path) -> Evaluation:
    return evaluate(load_testset(smilestyle))


def test_testset_composition(smilestyle: Path) -> None:
    incar = load_incar()
    smile = load_smilestyle(smilestyle)
    assert len(incar) >= 60
    assert 250 <= len(smile) <= 500  # a modest CC BY-NC sample
    for level in (Level.HAE, Level.HAEYO, Level.HAPSYO, Level.UNKNOWN):
        assert sum(s.level is level for s in incar) >= 10


@pytest.mark.parametrize("level", ["hae", "haeyo", "hapsyo", "unknown"])
def test_accuracy_per_level(evaluation: Evaluation, level: str) -> None:
    row = evaluation.accuracy[level]
    assert row.n >= 20
    assert row.accuracy >= 0.95, evaluation.classifier_errors


def test_rewriter_success(evaluation: Evaluation) -> None:
    assert evaluation.rewrite.attempts >= 800
    assert evaluation.rewrite.verifier_ok_rate >= 0.95
    assert evaluation.rewrite.strict_rate >= 0.95
    assert all(rate >= 0.95 for rate in evaluation.rewrite.by_target.values())
