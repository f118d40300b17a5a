from __future__ import annotations

from pathlib import Path

import pytest
from external import reference_data

from icatest.locar.build.rewrite_check import rewrite_agreement


@pytest.fixture
def smilestyle() -> Path:
    return reference_data("korean_style", "smilestyle_dataset.tsv")


@pytest.mark.slow
def test_offline_rewriter_passes_verifier_on_labelled_set(smilestyle: Path) -> None:
    """Every sentence of the honorifics test set rewritten to each other level: the verifier
    must accept >= 95% per level (the augment stage drops the rest)."""
    testset = pytest.importorskip("icatest.locar.honorifics.testset")
    sentences = [(s.text, s.level.value) for s in testset.load_testset(smilestyle)]
    stats = rewrite_agreement(sentences)
    assert stats["all"].total >= 600
    for level in ("hae", "haeyo", "hapsyo"):
        assert stats[level].ok_rate >= 0.95, (level, stats[level].failures[:5])
