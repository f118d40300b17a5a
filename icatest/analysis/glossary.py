"""One-line definitions of every metric the report shows (hover text and the definitions section).

The long form with formulas is docs/analysis.md; these lines must say the same thing in words a
test engineer reads at a glance.
"""

from __future__ import annotations

METRIC_DEFINITIONS: dict[str, tuple[str, str]] = {
    # metric: (readable name, definition)
    "conversations": ("Conversations", "Conversation records in the run, complete or not."),
    "failing_conversations": (
        "Failing conversations",
        "Conversations whose success score C is below the pass threshold (decision fail).",
    ),
    "passing_conversations": ("Passing conversations", "Conversations with decision pass."),
    "assistant_error_conversations": (
        "Assistant errors",
        "Failing conversations ended by an assistant error: no usable reply after the retries "
        "(HTTP 5xx, malformed body, timeout) while the assistant was up.",
    ),
    "unscored_conversations": (
        "Unscored conversations",
        "Conversations the judges could not score (no pass or fail); counted, never dropped.",
    ),
    "partial_conversations": (
        "Partial conversations",
        "Conversations cut short (budget, outage, error) instead of ending normally.",
    ),
    "failure_rate": (
        "Failure rate",
        "Failing conversations divided by scored (pass + fail) conversations.",
    ),
    "flagged_rate": (
        "Flagged rate",
        "Share of conversations in which the turn judge flagged at least one failure.",
    ),
    "mean_success_score": (
        "Mean success score",
        "Average success score C (0 to 1) over scored conversations; pass means C ≥ 0.75.",
    ),
    "sd_success_score": (
        "SD of success score",
        "Sample standard deviation of the success score over scored conversations.",
    ),
    "unique_failure_types_per_conversation": (
        "Failure types per conversation",
        "Average number of distinct failure types found in one conversation (zeros included).",
    ),
    "share_with_3plus_types": (
        "Share with 3+ failure types",
        "Share of conversations that showed three or more distinct failure types.",
    ),
    "distinct_failure_types": (
        "Distinct failure types",
        "How many different failure types appeared anywhere in the run.",
    ),
    "failure_events": (
        "Failure events",
        "Every (turn, failure type) the turn judge flagged, over all conversations.",
    ),
    "early_failure_share": (
        "Early failure share",
        "Share of failure events in the first third of a conversation's turn budget.",
    ),
    "unique_failing_conversations": (
        "Unique failing conversations",
        "Failing conversations left after merging exact and near-duplicate transcripts.",
    ),
    "duplicate_rate": (
        "Duplicate rate",
        "Share of failing conversations that repeat another one (1 − unique ÷ failing).",
    ),
    "total_tokens": ("Tokens", "Model input plus output tokens over every role and conversation."),
    "cost_usd": ("Cost (USD)", "Model cost reported by the providers, summed (0 for offline)."),
    "prevalence": (
        "Prevalence",
        "Share of all conversations that showed the failure type at least once.",
    ),
    "silhouette": (
        "Silhouette",
        "How well separated the clusters are, from −1 to 1; below 0.25 means no real structure.",
    ),
    "cluster_coverage": (
        "Cluster coverage",
        "Share of all failure clusters that hold at least one of this run's conversations.",
    ),
    "pass_hat_k": (
        "pass^k",
        "Chance that k trials of a scenario all pass, C(c,k)/C(n,k), averaged over the "
        "scenarios with every trial decided (τ-bench); it never rises with k.",
    ),
    "pass_at_k": (
        "pass@k",
        "Chance that at least one of k trials of a scenario passes, averaged over scenarios.",
    ),
    "flaky_share": (
        "Flaky share",
        "Share of scenarios with two or more decided trials in which some pass and some fail.",
    ),
}


def readable(metric: str) -> str:
    """The readable name of a metric (the metric id itself when it has no entry)."""
    entry = METRIC_DEFINITIONS.get(metric)
    return entry[0] if entry else metric


def definition(metric: str) -> str:
    entry = METRIC_DEFINITIONS.get(metric)
    return entry[1] if entry else ""
