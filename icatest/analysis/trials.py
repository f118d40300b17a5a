"""Repeatable verdicts: pass^k, pass@k and flaky scenarios over the trials of a run (--trials).

A scenario run n times with c decided passes (pass or fail; unscored and invalid trials are no
evidence about the assistant and are left out of n):

* pass^k = C(c, k) / C(n, k): the chance that k trials drawn from the n all pass (τ-bench's
  unbiased estimator), averaged over scenarios;
* pass@k = 1 - C(n - c, k) / C(n, k): the chance that at least one of k passes;
* the pass rate c / n with its Wilson 95 % interval;
* flaky: some decided trials pass and some fail.

pass^k and pass@k are averaged over the scenarios with all K trials decided, so the curve
compares the same scenarios at every k (pass^k never rises with k); the others are counted in
`incomplete_trial_scenarios`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from math import comb
from statistics import NormalDist
from typing import Any

from icatest.analysis.digest import RecordDigest
from icatest.contracts import ConversationRecord

Trial = ConversationRecord | RecordDigest  # a digest carries the fields read here

DECIDED = ("pass", "fail")


def pass_hat_k(n: int, c: int, k: int) -> float:
    """C(c, k) / C(n, k): every one of k trials drawn without replacement passes."""
    if not 1 <= k <= n:
        raise ValueError(f"k must lie in 1..n (k={k}, n={n})")
    return comb(c, k) / comb(n, k)


def pass_at_k(n: int, c: int, k: int) -> float:
    """1 - C(n - c, k) / C(n, k): at least one of k trials drawn without replacement passes."""
    if not 1 <= k <= n:
        raise ValueError(f"k must lie in 1..n (k={k}, n={n})")
    return 1.0 - comb(n - c, k) / comb(n, k)


def wilson_interval(c: int, n: int, confidence: float = 0.95) -> tuple[float, float] | None:
    """Wilson score interval of the proportion c / n (None without trials): the closed form
    scipy's `binomtest(c, n).proportion_ci(method="wilson")` computes, without importing
    scipy.stats (seconds on a loaded machine, for one formula)."""
    if n == 0:
        return None
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = c / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def scenario_key(record: Trial) -> tuple[str, int | str]:
    """Trials of one scenario share the run id and the scenario index (a record from outside a
    campaign is a scenario of its own)."""
    if record.scenario_index is None:
        return (record.run_id or "", record.conversation_id)
    return (record.run_id or "", record.scenario_index)


def group_trials(records: Sequence[Trial]) -> list[list[Trial]]:
    groups: dict[tuple[str, int | str], list[Trial]] = {}
    for record in records:
        groups.setdefault(scenario_key(record), []).append(record)
    return [sorted(g, key=lambda r: r.trial) for g in groups.values()]


def scenario_row(trials: list[Trial], interval: bool = True) -> dict[str, Any]:
    """One scenario's trials: decisions, pass rate and its Wilson interval (`interval=False`:
    None, for runs without repeated trials, where no row is shown)."""
    first = trials[0]
    decisions = [str(r.success_decision or "unscored") for r in trials]
    n = sum(1 for d in decisions if d in DECIDED)
    c = decisions.count("pass")
    ci = wilson_interval(c, n) if interval else None
    return {
        "scenario_index": first.scenario_index,
        "seed_id": first.seed_id,
        "persona": first.persona,
        "max_turns": first.max_turns,
        "trials": len(trials),
        "decided": n,
        "passes": c,
        "decisions": decisions,
        "conversation_ids": [r.conversation_id for r in trials],
        "pass_rate": c / n if n else None,
        "wilson_low": ci[0] if ci else None,
        "wilson_high": ci[1] if ci else None,
        "flaky": 0 < c < n,
    }


def trial_stats(records: Sequence[Trial]) -> dict[str, Any]:
    """pass^k and pass@k for k = 1..K, flaky share, per-scenario pass rates (module docstring).

    Without repeated scenarios (K = 1) only pass^1 is given and the per-scenario lists stay
    empty: each scenario's figures are its conversation's decision."""
    groups = group_trials(records)
    k_max = max((len(g) for g in groups), default=0)
    rows = [scenario_row(g, interval=k_max > 1) for g in groups]
    complete = [r for r in rows if r["decided"] == k_max and k_max > 0]
    hat = {
        str(k): sum(pass_hat_k(k_max, r["passes"], k) for r in complete) / len(complete)
        for k in range(1, k_max + 1)
    } if complete else {}
    at = {
        str(k): sum(pass_at_k(k_max, r["passes"], k) for r in complete) / len(complete)
        for k in range(1, k_max + 1)
    } if complete else {}
    repeated = [r for r in rows if r["decided"] >= 2]
    flaky = [r for r in repeated if r["flaky"]]
    many = k_max > 1
    return {
        "trials": k_max,
        "trial_scenarios": len(rows),
        "complete_trial_scenarios": len(complete),
        "incomplete_trial_scenarios": len(rows) - len(complete),
        "pass_hat_k": hat,
        "pass_at_k": at,
        "flaky_scenarios_count": len(flaky),
        "flaky_share": len(flaky) / len(repeated) if repeated else None,
        "flaky_scenarios": sorted(flaky, key=lambda r: r["pass_rate"] or 0.0) if many else [],
        "scenario_pass_rates": rows if many else [],
    }
