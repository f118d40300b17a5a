"""Assemble the conversation record (field names follow the published logs)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import TypedDict

from icatest.contracts.documents import JsonObject
from icatest.contracts.labels import Mode, TargetStatus, TerminationReason
from icatest.contracts.records import ConversationRecord, TokenBudget, TurnRecord
from icatest.contracts.scenario import Scenario, StrategySpec
from icatest.engine.state import ConversationState
from icatest.llm.gateway import ModelGateway
from icatest.scoring.decision import decide


@dataclass(frozen=True)
class Bookkeeping:
    """What the caller knows about a conversation that the conversation does not (a campaign's
    run id, the scenario's index and trial, the assistant's name): written into the record when
    the record is built, so no one stamps a finished record a second time."""

    run_id: str | None = None
    scenario_index: int | None = None
    trial: int = 0
    sut: str | None = None


def failure_turns(turns: list[TurnRecord]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for turn in turns:
        if turn.evaluation is None or not turn.evaluation.scored:
            continue
        for label in dict.fromkeys(turn.evaluation.labels):
            out.setdefault(label.value, []).append(turn.turn_number)
    return out


def build_record(
    state: ConversationState,
    gateway: ModelGateway,
    strategies: Mapping[str, StrategySpec],
    *,
    error: str | None = None,
    bookkeeping: Bookkeeping | None = None,
) -> ConversationRecord:
    scenario = state["scenario"]
    turns = state.get("turns", [])
    targets = state.get("targets", [])
    verdict = state.get("conversation_verdict")
    reason = state.get("termination") or TerminationReason.INTERNAL_ERROR
    ft = failure_turns(turns)
    scores = verdict.score_map() if verdict and verdict.scored else {}
    outcome = decide(
        turns,
        verdict,
        [t.status for t in targets],
        completed={t.id for t in targets if t.status == TargetStatus.COMPLETED},
    )
    c = outcome.success_score
    started = state.get("started_at") or time.time()
    ended = time.time()
    strategy_state = state.get("strategy")
    return ConversationRecord(
        **scenario_fields(scenario),
        **asdict(bookkeeping or Bookkeeping()),
        turns=turns,
        targets=targets,
        discovered_failures=list(ft),
        failure_turns=ft,
        conversation_evaluation=verdict,
        scores=scores,
        success_score=round(c, 4) if c is not None else None,
        success_decision=outcome.decision,
        unscored=outcome.unscored,
        termination_reason=reason,
        is_complete=not reason.is_partial,
        strategy_stats=strategy_state.stats if strategy_state else {},
        removed_strategies=strategy_state.retired if strategy_state else {},
        models=gateway.models(),
        prompt_versions=dict(gateway.prompt_versions),
        usage={k: v.model_copy() for k, v in gateway.usage.items()},
        token_budget=TokenBudget.of(gateway.usage, len(turns)),
        started_at=started,
        ended_at=ended,
        duration=round(ended - started, 4),
        error=error or None,
        simulator_error=state.get("simulator_error") or None,
    )


class ScenarioFields(TypedDict):
    """The record fields that come from the scenario."""

    conversation_id: str
    mode: Mode
    seed_id: str
    seed_pool: str
    seed_phrase: str
    persona: str
    context: JsonObject
    max_turns: int
    rng_seed: int
    language: str
    speech_level: str | None
    channel: str


def scenario_fields(scenario: Scenario) -> ScenarioFields:
    """The record fields that come from the scenario (every record builder starts with these)."""
    return {
        "conversation_id": scenario.conversation_id,
        "mode": scenario.mode,
        "seed_id": scenario.seed.id,
        "seed_pool": scenario.seed_pool,
        "seed_phrase": scenario.seed.phrase,
        "persona": scenario.persona.name,
        "context": scenario.context.model_dump(mode="json"),
        "max_turns": scenario.max_turns,
        "rng_seed": scenario.rng_seed,
        "language": scenario.language,
        "speech_level": scenario.speech_level,
        "channel": scenario.channel,
    }
