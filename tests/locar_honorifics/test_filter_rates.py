"""The speech-level filter alone: how often it rejects text that is correct for its level."""

from __future__ import annotations

from pathlib import Path

import pytest
from external import reference_data

from icatest.locar.honorifics import Level, verify
from icatest.locar.honorifics.filter_rates import (
    column_flag_rates,
    flag_rates,
    labelled_flag_rates,
    wilson,
)
from icatest.locar.honorifics.testset import load_testset


@pytest.fixture(scope="module")
def smilestyle() -> Path:
    return reference_data("korean_style", "smilestyle_dataset.tsv")


def test_mixed_polite_accepts_both_polite_levels_only() -> None:
    mixed = "경로를 안내할게요. 약 20분 걸립니다."
    assert not verify(mixed, "hapsyo").ok and not verify(mixed, "haeyo").ok
    assert verify(mixed, "hapsyo", mixed_polite=True).ok
    assert verify(mixed, "haeyo", mixed_polite=True).ok
    assert not verify("경로를 안내할게. 약 20분 걸립니다.", "hapsyo", mixed_polite=True).ok
    assert not verify("약 20분 걸려요.", "hae", mixed_polite=True).ok


def test_flag_rate_counts_and_interval() -> None:
    rates = flag_rates([("20분 걸려요.", Level.HAEYO), ("20분 걸립니다.", Level.HAEYO)])
    assert (rates["haeyo"].n, rates["haeyo"].flagged, rates["haeyo"].rate) == (2, 1, 0.5)
    low, high = wilson(1, 2)
    assert low < 0.5 < high and rates["haeyo"].ci95 == (low, high)


def test_labelled_sentences_are_rarely_flagged(smilestyle: Path) -> None:
    rates = labelled_flag_rates(load_testset(smilestyle))
    assert set(rates) == {"hae", "haeyo", "hapsyo"}
    for rate in rates.values():
        assert rate.n > 100 and rate.rate <= 0.02


def test_corpus_columns_and_the_mixed_polite_option(smilestyle: Path) -> None:
    strict = column_flag_rates(smilestyle, rows=300)
    mixed = column_flag_rates(smilestyle, rows=300, mixed_polite=True)
    assert all(200 <= r.n <= 300 for r in strict.values())  # some cells are empty
    # the writers mix 해요체 and 합쇼체 in the polite columns: strict levels flag those cells
    assert strict["haeyo"].rate > mixed["haeyo"].rate
    assert strict["hapsyo"].rate > mixed["hapsyo"].rate
    assert strict["hae"] == mixed["hae"]  # the option never touches 반말
