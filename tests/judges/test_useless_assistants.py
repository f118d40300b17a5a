"""Parrot, generic and ELIZA-style assistants fail under the offline judges (issue: a judge that
passes them measures nothing). A small sample here; docs/offline_backend.md gives the figures of
a larger run of the same code (experiments/benchmarks/offline_judge_figures.py)."""

from __future__ import annotations

import pytest

from tests.judges.useless_assistants import eliza, generic, parrot, pass_rates


def test_the_assistants_are_as_useless_as_advertised() -> None:
    ask = "Take me to Allianz Arena, fastest route, I need to be there by 8:30pm"
    assert parrot(ask, []).startswith("OK, take me to Allianz Arena")
    assert generic(ask, []) == "Sure, I've taken care of that. Anything else?"
    assert eliza("I need a charger", []).endswith("?") or "tell me more" in eliza("x", []).lower()


@pytest.mark.slow
def test_useless_assistants_pass_at_most_five_percent() -> None:
    rates = pass_rates(n=7, seed=100)
    assert len(rates) == 6  # three assistants, guided and baseline
    for (name, mode), rate in rates.items():
        assert rate.conversations == 7 and rate.scored_turns >= 7
        assert rate.passes / 7 <= 0.05, f"{name} passes {rate.passes}/7 {mode} conversations"
        assert rate.uncertain_turns <= 0.10 * rate.scored_turns, rate  # judged, not abstained
