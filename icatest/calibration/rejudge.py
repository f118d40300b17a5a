"""Re-judging a finished run with other judges, without talking to the assistant again.

The transcripts in `conversations.jsonl` are replayed through a turn judge and a conversation
judge; the verdicts go to ``RUN/judgements/<name>.jsonl`` (one JudgementRecord per conversation)
and `conversations.jsonl` is never rewritten. Target statuses are replayed too: each turn judge
sees the targets that are still open *according to its own earlier verdicts*, so the success
score it implies is its own.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

from icatest.contracts import (
    Context,
    ConversationRecord,
    ConversationVerdict,
    Persona,
    Scenario,
    Seed,
    Target,
    TargetStatus,
    TurnRecord,
    TurnVerdict,
)
from icatest.contracts.labels import Decision
from icatest.contracts.records import UnscoredPart
from icatest.contracts.vehicle import read_vehicle
from icatest.errors import ConfigError
from icatest.judges.protocol import (
    ConversationContext,
    ConversationJudge,
    TurnContext,
    TurnJudge,
)
from icatest.judges.rules.requests import repeats
from icatest.llm.gateway import ModelGateway
from icatest.scoring.decision import decide, failed_exchange
from icatest.storage.rundir import (
    JUDGEMENTS,
    read_conversations,
    read_jsonl_models,
    write_jsonl_atomic,
)

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


class TurnJudgementEntry(BaseModel):
    turn_number: int
    verdict: TurnVerdict | None = Field(description="None: no assistant reply to judge")


class JudgementRecord(BaseModel):
    """Another judge's verdicts on one conversation of a run."""

    conversation_id: str
    judge: str
    turns: list[TurnJudgementEntry]
    conversation_verdict: ConversationVerdict | None
    targets: list[Target] = Field(
        default_factory=list, description="statuses as this judge saw them"
    )
    scores: dict[str, int] = Field(default_factory=dict)
    success_score: float | None = None
    success_decision: Decision = Decision.UNSCORED
    unscored: list[UnscoredPart] = Field(
        default_factory=list, description="judgements missing from the decision, with reasons"
    )
    models: dict[str, str] = Field(default_factory=dict)
    prompt_versions: dict[str, str] = Field(default_factory=dict)


def judgements_path(run: Path, name: str) -> Path:
    if not _NAME.match(name):
        raise ConfigError(name, "judge name must be letters, digits, '_', '.', '-' (max 64)")
    return run / JUDGEMENTS / f"{name}.jsonl"


def scenario_for(
    record: ConversationRecord, personas: dict[str, Persona] | None = None
) -> Scenario:
    """Rebuild the scenario a judge needs from what the record kept."""
    persona = (personas or {}).get(record.persona) or Persona(
        name=record.persona, description=record.persona
    )
    try:
        context = Context.model_validate(record.context)
    except ValidationError:
        ctx = record.context
        try:  # free text in `vehicle` is read; text that cannot be read is an error
            vehicle = read_vehicle(ctx.get("vehicle"))
        except ValueError as exc:
            raise ConfigError(f"{record.conversation_id}: context.vehicle", str(exc)) from None
        context = Context(
            id=str(ctx.get("id", "recorded")),
            location=str(ctx.get("location", "")),
            date=str(ctx.get("date", "")),
            time=str(ctx.get("time", "")),
            vehicle={k: v for k, v in vehicle.items() if isinstance(v, str)}
            if isinstance(vehicle, dict)
            else {},
        )
    return Scenario(
        conversation_id=record.conversation_id,
        seed=Seed(id=record.seed_id, phrase=record.seed_phrase),
        seed_pool=record.seed_pool,
        context=context,
        persona=persona,
        mode=record.mode,
        max_turns=record.max_turns,
        rng_seed=record.rng_seed,
        language=record.language if record.language in ("en", "ko") else "en",  # type: ignore[arg-type]
        speech_level=record.speech_level,  # type: ignore[arg-type]
    )


def raised_by(utterance: str, target: Target, turn: int) -> bool:
    """The driver's utterance raises the target (its turn) or repeats it (its words or, failing
    that, its meaning): only then is the reply judged against it."""
    if target.introduced_turn == turn:
        return True
    if target.introduced_turn > turn:
        return False
    return repeats(utterance, target.description)


def _fresh_targets(record: ConversationRecord) -> list[Target]:
    """The targets as the conversation started: open, with only the constraints the driver had
    said when they were introduced (`_add_constraints` puts the others back on the turn that
    voiced or added them: `Target.constraint_turns`)."""
    added: dict[tuple[str, str], int] = {}
    for turn in record.turns:
        for tid, constraints in turn.added_constraints.items():
            for c in constraints:
                added.setdefault((tid, c), turn.turn_number)
    out = []
    for t in record.targets:
        when = {c: added.get((t.id, c), t.voiced_turn(c)) for c in t.constraints}
        first = [c for c in t.constraints if when[c] <= t.introduced_turn]
        fresh = {
            "status": TargetStatus.OPEN,
            "completed_turn": None,
            "constraints": first,
            "constraint_turns": when,
        }
        out.append(t.model_copy(update=fresh))
    return out


def _add_constraints(targets: list[Target], turn: TurnRecord) -> None:
    for t in targets:
        said = [c for c, n in t.constraint_turns.items() if n == turn.turn_number]
        t.constraints = [*t.constraints, *(c for c in said if c not in t.constraints)]


def _live(targets: list[Target], turn: TurnRecord, recorded: bool) -> list[Target]:
    """The targets the turn's utterance pushed: as recorded by the engine, or (imported logs
    without that record) those it raises or repeats."""
    if recorded:
        return [t for t in targets if t.id in turn.addressed_targets]
    n = turn.turn_number
    return [t for t in targets if t.status == TargetStatus.OPEN and raised_by(turn.user, t, n)]


def _blind(turn: TurnRecord) -> TurnRecord:
    return turn.model_copy(update={"evaluation": None})


async def rejudge_record(
    record: ConversationRecord,
    gateway: ModelGateway,
    turn_judge: TurnJudge,
    conversation_judge: ConversationJudge,
    *,
    name: str,
    scenario: Scenario | None = None,
) -> JudgementRecord:
    """Judge one recorded conversation again, turn by turn, then as a whole."""
    scenario = scenario or scenario_for(record)
    targets = _fresh_targets(record)
    recorded = any(t.addressed_targets for t in record.turns)
    history: list[TurnRecord] = []
    entries: list[TurnJudgementEntry] = []
    for turn in record.turns:
        verdict: TurnVerdict | None = None
        _add_constraints(targets, turn)
        if turn.system is not None and turn.sut_error is None:
            live = _live(targets, turn, recorded)
            ctx = TurnContext(
                scenario=scenario,
                turn=turn.turn_number,
                user=turn.user,
                reply=turn.system,
                addressed_targets=live,
                history=list(history),
                targets=list(targets),
            )
            verdict = await turn_judge(gateway, ctx)
            _apply(targets, verdict, turn.turn_number)
        elif failed_exchange(turn):  # the engine's assistant_error finding: no judge's call
            verdict = turn.evaluation
        entries.append(TurnJudgementEntry(turn_number=turn.turn_number, verdict=verdict))
        history.append(_blind(turn).model_copy(update={"evaluation": verdict}))
    for final, original in zip(targets, record.targets, strict=True):
        if final.status == TargetStatus.OPEN and original.status == TargetStatus.DROPPED:
            final.status = TargetStatus.DROPPED  # dropped by the user, not a judge decision
    verdict_c = await conversation_judge(
        gateway, ConversationContext(scenario=scenario, turns=history, targets=targets)
    )
    out = JudgementRecord(
        conversation_id=record.conversation_id,
        judge=name,
        turns=entries,
        conversation_verdict=verdict_c,
        targets=targets,
        models=gateway.models(),
        prompt_versions=dict(gateway.prompt_versions),
    )
    if verdict_c.scored:
        out.scores = verdict_c.score_map()
    outcome = decide(
        history,
        verdict_c,
        [t.status for t in targets],
        completed={t.id for t in targets if t.status == TargetStatus.COMPLETED},
    )
    out.success_score = outcome.success_score
    out.success_decision = outcome.decision
    out.unscored = outcome.unscored
    return out


def _apply(targets: list[Target], verdict: TurnVerdict, turn: int) -> None:
    if not verdict.scored:
        return
    by_id = {t.id: t for t in targets}
    for update in verdict.target_updates:
        target = by_id.get(update.target_id)
        if (
            target is not None
            and target.status == TargetStatus.OPEN
            and update.status == TargetStatus.COMPLETED
        ):
            target.status = TargetStatus.COMPLETED
            target.completed_turn = turn


async def rejudge_run(
    run: Path,
    gateway: ModelGateway,
    turn_judge: TurnJudge,
    conversation_judge: ConversationJudge,
    *,
    name: str,
    personas: dict[str, Persona] | None = None,
    concurrency: int = 4,
    overwrite: bool = False,
    on_done: Callable[[int, int], None] = lambda done, total: None,
) -> tuple[Path, int]:
    """Write RUN/judgements/NAME.jsonl; returns its path and the number of conversations.
    `on_done(done, total)` hears each finished conversation (the CLI's progress)."""
    out = judgements_path(run, name)
    if out.exists() and not overwrite:
        raise ConfigError(str(out), "judgements already exist; choose another name or --force")
    records = read_conversations(run).records
    gate = asyncio.Semaphore(max(1, concurrency))
    done = 0

    async def one(record: ConversationRecord) -> JudgementRecord:
        nonlocal done
        async with gate:
            result = await rejudge_record(
                record,
                gateway,
                turn_judge,
                conversation_judge,
                name=name,
                scenario=scenario_for(record, personas),
            )
        done += 1
        on_done(done, len(records))
        return result

    results = await asyncio.gather(*(one(r) for r in records))
    write_jsonl_atomic(out, results)
    return out, len(results)


def read_judgements(run: Path, name: str) -> list[JudgementRecord]:
    """Read RUN/judgements/NAME.jsonl (an unparseable last line is skipped as torn)."""
    path = judgements_path(run, name)
    if not path.is_file():
        raise ConfigError(str(path), f"no judgements named {name!r} in this run")
    return read_jsonl_models(path, JudgementRecord)[0]


def verdicts_from_judgements(
    records: list[JudgementRecord],
) -> dict[tuple[str, int], TurnVerdict | None]:
    return {(r.conversation_id, e.turn_number): e.verdict for r in records for e in r.turns}
