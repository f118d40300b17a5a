"""The documents a run writes beside its records: manifest.json, metrics.json, clusters.json and
an experiment's comparison.json (field by field: docs/run_directory.md).

Strict and closed (`extra="forbid"`): a misspelt or unknown key is an error naming it. Every field
that an earlier version did not write has a default, so that older run directories still read.
`icatest schema NAME` prints the JSON schema of each; icatest.storage.rundir reads and writes them.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, JsonValue

JsonObject = dict[str, JsonValue]  # free JSON where the data is the user's (a config, options)


class Document(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class CampaignStatus(StrEnum):
    """How a campaign's last session ended (`running` while one is under way or was killed)."""

    RUNNING = "running"
    COMPLETED = "completed"
    UNFINISHED = "unfinished"  # interrupted conversations remain: --resume redoes them
    INTERRUPTED = "interrupted"  # a signal or the user stopped it
    SUT_DOWN = "sut_down"  # the circuit breaker found the assistant down
    MODEL_DOWN = "model_down"  # the circuit breaker found a model role down


class RunSession(Document):
    started_at: float
    resumed: bool = False
    ended_at: float | None = None
    paused_s: float = Field(default=0.0, description="outage pauses not counted in the budget")


class RunManifest(Document):
    run_id: str = ""
    icatest_version: str = ""
    created_at: float | None = None
    started_at: float | None = None
    ended_at: float | None = None
    status: CampaignStatus = CampaignStatus.RUNNING
    mode: str | None = None
    config: JsonObject = Field(default_factory=dict, description="the campaign config, redacted")
    models: dict[str, str] = Field(default_factory=dict, description="role -> model")
    prompt_versions: dict[str, str] = Field(default_factory=dict)
    dropped_params: dict[str, list[str]] = Field(
        default_factory=dict, description="role -> parameters the provider refused by name"
    )
    elapsed_s: float = 0.0
    sessions: list[RunSession] = Field(default_factory=list)
    conversations: int | None = Field(default=None, description="records when the run closed")
    unfinished: int = Field(default=0, description="interrupted conversations still to redo")


class ProgressPoint(Document):
    """One line of progress.jsonl: cumulative figures at `t` seconds into the run."""

    t: float
    conversations: int = 0
    failures: int = 0
    unique_failure_types: int = 0
    passes: int = 0
    cost_usd: float = 0.0
    paused_s: float = 0.0


# --- metrics.json -----------------------------------------------------------------------------


class RoleUsageFigures(Document):
    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0


class WerBand(Document):
    turns: int
    with_finding: int
    rate: float | None


class VoiceFigures(Document):
    channels: list[str] = Field(default_factory=list)
    failure_rate_by_channel: dict[str, float | None] = Field(default_factory=dict)
    turns: int = 0
    garbled_turns: int = 0
    garbled_share: float | None = None
    mean_wer: float | None = None
    recovery_rate: float | None = None
    misheard_turns: int = 0
    misheard_rate: float | None = None
    failures_by_wer: dict[str, WerBand] = Field(default_factory=dict)


class FaultFigure(Document):
    turn: int
    kind: str
    detail: str | None = None


class InvalidConversation(Document):
    conversation_id: str
    seed_id: str
    faults: list[FaultFigure]


class ScenarioTrials(Document):
    scenario_index: int | None
    seed_id: str
    persona: str
    max_turns: int
    trials: int
    decided: int
    passes: int
    decisions: list[str | None]
    conversation_ids: list[str]
    pass_rate: float | None
    wilson_low: float | None
    wilson_high: float | None
    flaky: bool


class RunMetrics(Document):
    """One run's figures in metrics.json (what grows with the run is in metrics_details.json)."""

    conversations: int
    failing_conversations: int = 0
    passing_conversations: int = 0
    unscored_conversations: int = 0
    invalid_conversations: int = 0
    partial_conversations: int = 0
    assistant_error_conversations: int = 0
    failure_rate: float | None = None
    flagged_conversations: int = 0
    flagged_rate: float | None = None
    scored_conversations: int = 0
    mean_success_score: float | None = None
    sd_success_score: float | None = None
    unique_failure_types_per_conversation: float | None = None
    failure_type_counts: dict[str, int] = Field(default_factory=dict)
    conversations_with_type: dict[str, int] = Field(default_factory=dict)
    prevalence: dict[str, float] = Field(default_factory=dict)
    share_with_3plus_types: float | None = None
    distinct_failure_types: int = 0
    failure_events: int = 0
    early_failure_share: float | None = None
    failures_by_turn: dict[str, int] = Field(default_factory=dict)
    conversations_reaching_turn: dict[str, int] = Field(default_factory=dict)
    failure_share_by_turn: dict[str, float] = Field(default_factory=dict)
    unique_failing_conversations_exact: int = 0
    unique_failing_conversations: int = 0
    duplicate_rate: float | None = None
    near_duplicate_threshold: float | None = None
    near_duplicates_checked: bool = False
    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    total_tokens: int = 0
    cost_usd: float = 0.0
    usage_by_role: dict[str, RoleUsageFigures] = Field(default_factory=dict)
    simulator_fault_turns: int = 0
    simulator_fault_turn_share: float | None = None
    conversations_with_simulator_fault: int = 0
    simulator_fault_kinds: dict[str, int] = Field(default_factory=dict)
    invalid_share: float | None = None
    invalid_conversation_list: list[InvalidConversation] = Field(default_factory=list)
    trials: int = 1
    trial_scenarios: int = 0
    complete_trial_scenarios: int = 0
    incomplete_trial_scenarios: int = 0
    pass_hat_k: dict[str, float | None] = Field(default_factory=dict)
    pass_at_k: dict[str, float | None] = Field(default_factory=dict)
    flaky_scenarios_count: int = 0
    flaky_share: float | None = None
    flaky_scenarios: list[ScenarioTrials] = Field(default_factory=list)
    scenario_pass_rates: list[ScenarioTrials] = Field(default_factory=list)
    voice: VoiceFigures | None = None
    source: str = "icatest"
    path: str = ""
    skipped_lines: int = 0


class PrevalencePair(Document):
    """A failure type's prevalence in each of two runs (keyed by run name) and their ratio."""

    model_config = ConfigDict(extra="allow", strict=True)  # the run names are the keys
    ratio: float | None = None


class RunComparison(Document):
    """Two runs side by side (metrics.json's `comparison`, `icatest report A B`)."""

    runs: list[str]
    side_by_side: dict[str, dict[str, float | int | None]]
    ratios: dict[str, float | None]
    prevalence: dict[str, PrevalencePair]
    closing_note: str


class Representative(Document):
    run: str
    conversation_id: str


class Cluster(Document):
    id: int
    size: int
    representatives: list[Representative]
    terms: list[str]
    label: str
    size_by_run: dict[str, int]


class ClusterPoint(Document):
    run: str
    conversation_id: str
    cluster: int
    x: float
    y: float


class ClusterSample(Document):
    """How many failing conversations and texts were clustered, above the sampling threshold."""

    failing_conversations: int
    distinct_texts: int
    embedded_texts: int
    clustered_conversations: int


class Clusters(Document):
    """clusters.json (and metrics.json's `clusters`, without the per-conversation `items`)."""

    k: int
    silhouette: float | None = None
    silhouette_by_k: dict[str, float] = Field(default_factory=dict)
    k_range: list[int] = Field(default_factory=list)
    n_items: int = 0
    clusters: list[Cluster] = Field(default_factory=list)
    cluster_coverage: dict[str, float | None] = Field(default_factory=dict)
    items: list[ClusterPoint] | None = Field(default=None, description="absent in metrics.json")
    model: str | None = None
    sample: ClusterSample | None = Field(
        default=None, description="present when only a seeded sample of the texts was embedded"
    )


class MetricsSummary(Document):
    """metrics.json: the figures a person, `compare` or a CI step reads."""

    runs: list[str]
    metrics: dict[str, RunMetrics]
    comparison: RunComparison | None = None
    clusters: Clusters | None = None
    details: str = Field(default="metrics_details.json", description="the file with the rest")


# --- comparison.json (icatest compare) --------------------------------------------------------


class ArmFigures(Document):
    """One arm's headline figures (rates as in metrics.json)."""

    conversations: int
    scored_conversations: int = 0
    unscored_conversations: int = 0
    invalid_conversations: int = 0
    cut_short_conversations: int = 0
    failing_conversations: int = 0
    failures_found: int = 0
    failure_rate: float | None = None
    flagged_rate: float | None = None
    unique_failure_types_per_conversation: float | None = None
    unique_failure_types: list[str] = Field(default_factory=list)
    pass_rate: float | None = None
    turns: int = 0
    # only for an arm heard through a channel that garbled some turns (docs/voice.md)
    channels: list[str] | None = None
    mean_wer: float | None = None
    garbled_share: float | None = None
    recovery_rate: float | None = None
    misheard_rate: float | None = None


class ArmRun(ArmFigures):
    """One arm directory of one backend and session."""

    backend: str
    session: int
    arm: str
    path: str
    status: CampaignStatus | None = None


class Headline(Document):
    metric: str
    ratio: float | None
    low: float | None
    high: float | None
    confidence: float
    scenarios: int
    trials: int
    resamples: int


class ExperimentComparison(Document):
    """comparison.json: the arms of an experiment and the guided / baseline ratios."""

    experiment: str
    arms: dict[str, ArmFigures]
    ratios: dict[str, float | None] = Field(default_factory=dict)
    headline: Headline | None = None
    runs: list[ArmRun] = Field(default_factory=list)


# --- icatest bench --json ---------------------------------------------------------------------


class BenchTarget(Document):
    target: str = Field(description="the bound, e.g. '<= 2'")
    met: bool | None = Field(description="None when the run cannot tell (--quick, no voice)")


class CallsSample(Document):
    conversations: int
    turns: int


class BenchFigures(Document):
    """`icatest bench --json`: engine overhead, throughput, model calls; the peer comparison and
    the voice channel as their benchmarks give them (docs/benchmarks.md)."""

    quick: bool
    load_average_at_start: list[float]
    cpus: int | None
    overhead_ms_per_turn: float
    overhead_cpu_ms_per_turn: float
    overhead_runs_ms_per_turn: list[float]
    # older bench files lack it
    overhead_cpu_runs_ms_per_turn: list[float] = Field(default_factory=list)
    overhead_turns: int
    throughput: dict[str, float] = Field(description="turns per second by concurrency")
    throughput_runs: dict[str, list[float]]
    scaling_efficiency: dict[str, float | None]
    llm_calls_per_turn: float | None
    llm_calls_per_turn_by_role: dict[str, float]
    tokens_per_turn: float | None
    tokens_per_turn_by_role: dict[str, dict[str, float]]
    published_tokens_per_turn: int
    calls_sample: CallsSample
    peer: JsonObject
    voice: JsonObject
    targets: dict[str, BenchTarget]
