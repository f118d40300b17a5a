"""Judging single turns outside a conversation (`icatest judge turns`): calibration data and
anyone's logs. One JSON object per line in, one result per line out; the turn goes through the
same turn judge as a conversation's turns (offline or a model), so results are comparable.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from icatest.config.loading import format_validation_error
from icatest.contracts import Context, Persona, Scenario, Seed, Target, TurnRecord, TurnVerdict
from icatest.contracts.vehicle import VehicleState
from icatest.errors import ConfigError
from icatest.judges.protocol import TurnContext, TurnJudge
from icatest.judges.turn_judge import ModelTurnJudge
from icatest.llm.gateway import ModelGateway


class _Lenient(BaseModel):
    model_config = ConfigDict(extra="ignore")


class CaseContext(_Lenient):
    location: str = ""
    date: str = ""
    time: str = ""
    vehicle: VehicleState = Field(default_factory=dict)  # an object or free text ("parked")

    @field_validator("vehicle", mode="before")
    @classmethod
    def _text_values(cls, value: Any) -> Any:
        return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else value


class CaseRequest(_Lenient):
    description: str = Field(min_length=1)
    constraints: list[str] = Field(default_factory=list)


class HistoryTurn(_Lenient):
    user: str = ""
    assistant: str = ""


class TurnCase(_Lenient):
    """One input line. Without `requests`, the driver's utterance is the request."""

    id: str
    context: CaseContext = Field(default_factory=CaseContext)
    history: list[HistoryTurn] = Field(default_factory=list)
    user: str
    reply: str
    requests: list[CaseRequest] = Field(default_factory=list)


class CaseFinding(BaseModel):
    label: str
    request: int | None = Field(description="index of the request concerned, if any")
    rationale: str


class CaseResult(BaseModel):
    """One output line."""

    id: str
    scored: bool
    labels: list[str] = Field(default_factory=list)
    completed: list[int] = Field(default_factory=list)
    uncertain: list[int] = Field(default_factory=list)
    findings: list[CaseFinding] = Field(default_factory=list)
    unscored_reason: str | None = None


def read_cases(path: Path) -> Iterator[TurnCase]:
    """Cases of a JSONL file; a bad line is an error naming the file, line and field."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise ConfigError(str(path), f"cannot read ({exc.__class__.__name__})") from None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            yield TurnCase.model_validate(json.loads(line))
        except json.JSONDecodeError as exc:
            raise ConfigError(f"{path}:{number}", f"not JSON ({exc.msg})") from None
        except ValidationError as exc:
            field, problem = format_validation_error(exc)
            raise ConfigError(f"{path}:{number}", f"{field}: {problem}") from None


def case_targets(case: TurnCase) -> list[Target]:
    requests = case.requests or [CaseRequest(description=case.user or "(empty)")]
    turn = len(case.history)
    return [
        Target(
            id=f"r{i}",
            description=r.description,
            constraints=list(r.constraints),
            introduced_turn=turn,
        )
        for i, r in enumerate(requests)
    ]


def case_scenario(case: TurnCase) -> Scenario:
    ctx = case.context
    context = Context(
        id="case", location=ctx.location, date=ctx.date, time=ctx.time, vehicle=ctx.vehicle
    )
    return Scenario(
        conversation_id=case.id,
        seed=Seed(id=case.id, phrase=case.user),
        seed_pool="turns",
        context=context,
        persona=Persona(name="neutral", description="neutral"),
        mode="baseline",
        max_turns=len(case.history) + 1,
    )


async def judge_case(
    gateway: ModelGateway, case: TurnCase, turn_judge: TurnJudge | None = None
) -> CaseResult:
    """Judge one case with `turn_judge` (default: the turn judge role's model)."""
    verdict = await (turn_judge or ModelTurnJudge())(gateway, case_context(case))
    return case_result(case.id, verdict)


def case_context(case: TurnCase) -> TurnContext:
    """The case as the turn judge sees a conversation's turn: every request addressed."""
    targets = case_targets(case)
    history = [
        TurnRecord(turn_number=i, user=h.user, system=h.assistant)
        for i, h in enumerate(case.history)
    ]
    return TurnContext(
        scenario=case_scenario(case),
        turn=len(case.history),
        user=case.user,
        reply=case.reply,
        addressed_targets=targets,
        history=history,
        targets=targets,
    )


def _index(target_id: str | None) -> int | None:
    """The request index of a case target's id (`r3` -> 3; see `case_targets`)."""
    digits = (target_id or "")[1:]
    return int(digits) if digits.isdigit() else None


def case_result(case_id: str, verdict: TurnVerdict) -> CaseResult:
    if not verdict.scored:
        return CaseResult(id=case_id, scored=False, unscored_reason=verdict.unscored_reason)
    findings = [
        CaseFinding(
            label=f.label.value,
            request=_index(tid),
            rationale=f.rationale,
        )
        for f in verdict.findings
        for tid in (f.target_ids or [None])  # type: ignore[list-item]
    ]
    return CaseResult(
        id=case_id,
        scored=True,
        labels=sorted({f.label.value for f in verdict.findings}),
        completed=sorted(int(u.target_id[1:]) for u in verdict.target_updates if u.status == 1),
        uncertain=sorted(int(u.target_id[1:]) for u in verdict.uncertain),
        findings=findings,
    )


async def judge_cases(
    gateway: ModelGateway,
    cases: list[TurnCase],
    turn_judge: TurnJudge | None = None,
    concurrency: int = 4,
) -> list[CaseResult]:
    gate = asyncio.Semaphore(max(1, concurrency))

    async def one(case: TurnCase) -> CaseResult:
        async with gate:
            return await judge_case(gateway, case, turn_judge)

    return list(await asyncio.gather(*(one(c) for c in cases)))


def write_results(results: Iterable[CaseResult], out: Path | None) -> str | None:
    text = "".join(r.model_dump_json() + "\n" for r in results)
    if out is None:
        return text
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    return None
