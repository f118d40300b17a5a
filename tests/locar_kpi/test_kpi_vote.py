"""Majority vote: scored votes decide, unscored ones never count as false, ties are unscored."""

from __future__ import annotations

import pytest

from icatest.locar.kpi import majority_vote


@pytest.mark.parametrize(
    ("values", "expected", "n_scored"),
    [
        ([True, True, False], True, 3),
        ([False, True, False], False, 3),
        ([True, None, None], True, 1),
        ([False, None, True], None, 2),  # tie
        ([True, False], None, 2),
        ([None, None, None], None, 0),
        ([True, True, None], True, 2),
    ],
)
def test_yes_no_vote(values: list, expected: bool | None, n_scored: int) -> None:
    vote = majority_vote(values)
    assert vote.value is expected
    assert vote.n_scored == n_scored
    assert vote.n_unscored == len(values) - n_scored
    assert (vote.reason is None) == (expected is not None)


def test_tie_reason_counts_sides() -> None:
    assert majority_vote([True, None, False]).reason == "tie: 1 yes, 1 no"


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ([3, 3, 1], 3),
        ([1, 2, 3], 2),  # no majority: median
        ([1, 3], 1),  # lower median
        ([2, None, None], 2),
        ([None, None], None),
    ],
)
def test_likert_vote(values: list, expected: int | None) -> None:
    assert majority_vote(values, likert=True).value == expected
