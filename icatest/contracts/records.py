"""Outputs of a conversation: exchanges, verdicts, the conversation record."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, JsonValue, model_validator

from icatest.contracts.labels import (
    Decision,
    Dimension,
    FailureMode,
    FindingCause,
    HearingOutcome,
    Mode,
    SimulatorFaultKind,
    StrategyMode,
    SutErrorKind,
    TargetStatus,
    TerminationReason,
)


class Target(BaseModel):
    """A live target during a conversation (status 1 completed, 0 open, -1 dropped).

    `constraints` are the ones the driver has voiced: the judges hold the assistant to them from
    the turn in `constraint_turns`. The goal's other constraints (a seed's, not said yet) wait in
    `unvoiced_constraints` and are never held."""

    id: str
    description: str
    kind: str = "other"
    slots: dict[str, str] = Field(default_factory=dict)
    constraints: list[str] = Field(default_factory=list)
    constraint_turns: dict[str, int] = Field(
        default_factory=dict, description="voiced constraint -> turn the driver said it"
    )
    unvoiced_constraints: list[str] = Field(
        default_factory=list, description="constraints of the goal the driver has not said"
    )
    ambiguous: bool = False
    unsafe: bool = False
    status: TargetStatus = TargetStatus.OPEN
    introduced_turn: int = 0
    completed_turn: int | None = None
    pushes: int = 0  # how many turns the simulator pushed it

    @model_validator(mode="before")
    @classmethod
    def _voiced_when_introduced(cls, data: Any) -> Any:
        """A target written without voicing turns (records of schema version 1, imported logs,
        hand-written requests) holds its constraints from the turn that introduced it."""
        if isinstance(data, dict) and "constraint_turns" not in data:
            turn = data.get("introduced_turn", 0)
            data = {**data, "constraint_turns": {c: turn for c in data.get("constraints", [])}}
        return data

    def voiced_turn(self, constraint: str) -> int:
        return self.constraint_turns.get(constraint, self.introduced_turn)

    def held_at(self, turn: int) -> list[str]:
        """The constraints the driver had voiced by `turn` (that turn's utterance included)."""
        return [c for c in self.constraints if self.voiced_turn(c) <= turn]


ROUTE_KINDS = ("navigate", "multi_stop")


def route_running_since(targets: list[Target]) -> int | None:
    """The turn whose reply started a route (a route goal completed), or None: from then on the
    car is moving, whatever the context said at the start."""
    turns = [
        t.completed_turn
        for t in targets
        if t.kind in ROUTE_KINDS and t.status == TargetStatus.COMPLETED
        and t.completed_turn is not None
    ]
    return min(turns) if turns else None


class SutReply(BaseModel):
    """What the assistant said, or why it said nothing."""

    text: str | None = None
    latency_s: float = 0.0
    error: str | None = Field(default=None, description="cause when the exchange failed")
    error_kind: SutErrorKind | None = Field(
        default=None, description="set with `error` by the adapter that saw it happen"
    )
    truncated: bool = False
    attempts: int = 1


class LabelFinding(BaseModel):
    label: FailureMode
    rationale: str
    target_ids: list[str] = Field(default_factory=list)
    cause: FindingCause | None = Field(
        default=None, description="misheard: the assistant acted on a wrong reading"
    )


class TargetUpdate(BaseModel):
    target_id: str
    status: TargetStatus
    reason: str = ""


class UncertainTarget(BaseModel):
    """A target the judge could not decide on from one reply: not completed, not failed."""

    target_id: str
    reason: str


class TurnVerdict(BaseModel):
    """Turn judge output. `scored` False means the judge failed, not the assistant."""

    scored: bool = True
    findings: list[LabelFinding] = Field(default_factory=list)
    target_updates: list[TargetUpdate] = Field(default_factory=list)
    uncertain: list[UncertainTarget] = Field(
        default_factory=list, description="targets the judge abstained on, with the reason"
    )
    unscored_reason: str | None = None
    raw_reply: str | None = None
    judge: str = "offline"

    @property
    def labels(self) -> list[FailureMode]:
        return [f.label for f in self.findings]


class DimensionScore(BaseModel):
    dimension: Dimension
    score: int = Field(ge=0, le=2)
    rationale: str


class ConversationVerdict(BaseModel):
    scored: bool = True
    scores: list[DimensionScore] = Field(default_factory=list)
    unscored_reason: str | None = None
    raw_reply: str | None = None
    judge: str = "offline"
    cot_details: dict[str, JsonValue] | None = Field(
        default=None, description="the items the judge counted per dimension, and the counts"
    )

    def score_map(self) -> dict[str, int]:
        return {s.dimension.value: s.score for s in self.scores}


class SimulatorFault(BaseModel):
    """A mistake of the simulator in one driver turn; what it got wrong is not held against the
    assistant (an unsaid constraint is not counted, leaked words are scrubbed)."""

    kind: SimulatorFaultKind
    detail: str = Field(description="what was wrong, e.g. the constraint that was not said")
    target_id: str | None = None


class TurnRecord(BaseModel):
    turn_number: int
    user: str
    system: str | None
    sut_error: str | None = None
    sut_error_kind: SutErrorKind | None = None
    latency: float = 0.0
    strategies: list[str] = Field(default_factory=list)
    strategy_mode: StrategyMode | None = None
    stalled_goals: list[str] = Field(default_factory=list)
    evaluation: TurnVerdict | None = None
    truncated: bool = False
    # what the driver did to the targets this turn, so the turn can be replayed exactly
    addressed_targets: list[str] = Field(default_factory=list, description="target ids pushed")
    added_constraints: dict[str, list[str]] = Field(
        default_factory=dict, description="target id -> constraints the driver added this turn"
    )
    dropped_targets: list[str] = Field(default_factory=list, description="target ids dropped")
    simulator_faults: list[SimulatorFault] = Field(
        default_factory=list, description="the simulator's mistakes in this driver turn"
    )
    # the channel (docs/voice.md): what the driver meant, what the assistant got, and the rate
    spoken: str | None = Field(default=None, description="what the driver said (= user)")
    heard: str | None = Field(default=None, description="what the assistant received")
    wer: float = Field(default=0.0, ge=0, description="error rate of heard against spoken")
    channel_note: str | None = Field(default=None, description="e.g. a Korean fallback")
    hearing: HearingOutcome | None = Field(
        default=None, description="garbled turns: recovered | misheard | tolerated"
    )


class StrategyStats(BaseModel):
    times_used: int = 0
    times_triggered: int = 0
    turns_used: list[int] = Field(default_factory=list)
    turns_triggered: list[int] = Field(default_factory=list)


class RoleUsage(BaseModel):
    model: str
    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0
    retries: int = 0
    failures: int = 0
    truncated: int = 0  # replies cut at max_tokens (each asked again with more room)
    cached_input_tokens: int = 0  # input tokens the provider served from its prompt cache
    reasoning_tokens: int = 0  # output tokens spent on reasoning (part of output_tokens)
    dropped_params: list[str] = Field(
        default_factory=list, description="parameters the provider refused by name: not sent"
    )


# the published framework's budget: 2,373,127 tokens over the 234 turns of its 37 logs
PUBLISHED_TOKENS_PER_TURN = 10142


class RoleTokens(BaseModel):
    calls: float = 0.0
    input: float = 0.0
    output: float = 0.0
    cached_input: float = 0.0
    reasoning: float = 0.0  # part of output


class TokenBudget(BaseModel):
    """Model tokens per assistant turn, per role and in total, beside the published figure."""

    per_turn: dict[str, RoleTokens] = Field(default_factory=dict)
    total_per_turn: float = 0.0
    published_per_turn: int = PUBLISHED_TOKENS_PER_TURN

    @classmethod
    def of(cls, usage: dict[str, RoleUsage], turns: int) -> TokenBudget | None:
        if turns <= 0:
            return None
        per_turn = {
            role: RoleTokens(
                calls=round(u.calls / turns, 2),
                input=round(u.input_tokens / turns, 1),
                output=round(u.output_tokens / turns, 1),
                cached_input=round(u.cached_input_tokens / turns, 1),
                reasoning=round(u.reasoning_tokens / turns, 1),
            )
            for role, u in usage.items()
        }
        total = sum(u.input_tokens + u.output_tokens for u in usage.values()) / turns
        return cls(per_turn=per_turn, total_per_turn=round(total, 1))


class UnscoredPart(BaseModel):
    """One judgement a conversation lacks, and why (see docs/engine.md, "Decision rule")."""

    turn: int | None = Field(default=None, description="turn number; None: the whole conversation")
    role: str = Field(description="turn_judge | conversation_judge | assistant | simulator")
    reason: str


class ConversationRecord(BaseModel):
    """One complete (or marked partial) conversation; field names follow the published logs."""

    model_config = ConfigDict(extra="forbid")

    schema_version: int = 3  # rundir.SCHEMA_VERSION; 2: no trials, channel or invalid; 1: see docs
    conversation_id: str
    run_id: str | None = None
    scenario_index: int | None = Field(
        default=None, description="index of the scenario in its campaign (None outside one)"
    )
    trial: int = Field(
        default=0, ge=0, description="which run of its scenario (0..trials-1; --trials)"
    )
    mode: Mode
    seed_id: str
    seed_pool: str
    seed_phrase: str
    persona: str
    context: dict[str, JsonValue]
    max_turns: int
    turns: list[TurnRecord] = Field(default_factory=list)
    targets: list[Target] = Field(default_factory=list)
    discovered_failures: list[str] = Field(default_factory=list)
    failure_turns: dict[str, list[int]] = Field(default_factory=dict)
    conversation_evaluation: ConversationVerdict | None = None
    scores: dict[str, int] = Field(default_factory=dict)
    success_score: float | None = None
    success_decision: Decision | None = Field(
        default=None, description="pass | fail | invalid | unscored"
    )
    unscored: list[UnscoredPart] = Field(
        default_factory=list, description="judgements missing from the decision, with reasons"
    )
    termination_reason: TerminationReason
    is_complete: bool = True
    strategy_stats: dict[str, StrategyStats] = Field(default_factory=dict)
    removed_strategies: dict[str, str] = Field(default_factory=dict)
    models: dict[str, str] = Field(default_factory=dict)
    prompt_versions: dict[str, str] = Field(default_factory=dict)
    usage: dict[str, RoleUsage] = Field(default_factory=dict)
    token_budget: TokenBudget | None = None
    started_at: float = 0.0
    ended_at: float = 0.0
    duration: float = 0.0
    rng_seed: int = 0
    language: str = "en"
    speech_level: str | None = None
    channel: str = Field(default="text", description="text | asr:LEVEL | speech:SNR_DB")
    error: str | None = Field(default=None, description="what broke (internal_error endings)")
    simulator_error: str | None = Field(
        default=None, description="why the simulator gave no utterance (simulator_error endings)"
    )
    sut: str | None = Field(default=None, description="the assistant, when the source names it")
    source_completion_reason: str | None = Field(
        default=None, description="an imported log's own ending, before mapping to ours"
    )

    @model_validator(mode="before")
    @classmethod
    def _legacy_constraint_turns(cls, data: Any) -> Any:
        """Records of schema version 1 kept no voicing turns: a constraint the driver added
        counts from the turn that added it, the others from the target's introduction."""
        if not isinstance(data, dict) or not isinstance(data.get("targets"), list):
            return data
        if all(not isinstance(t, dict) or "constraint_turns" in t for t in data["targets"]):
            return data
        added: dict[tuple[str, str], int] = {}
        for turn in data.get("turns") or []:
            if isinstance(turn, dict):
                for tid, cs in (turn.get("added_constraints") or {}).items():
                    for c in cs:
                        added.setdefault((tid, c), turn.get("turn_number", 0))
        targets = []
        for t in data["targets"]:
            if isinstance(t, dict) and "constraint_turns" not in t:
                first = t.get("introduced_turn", 0)
                tid = t.get("id", "")
                said = {c: added.get((tid, c), first) for c in t.get("constraints", [])}
                t = {**t, "constraint_turns": said}
            targets.append(t)
        return {**data, "targets": targets}
