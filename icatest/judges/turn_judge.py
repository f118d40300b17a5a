"""Tier one: label one assistant turn and update target statuses (one model call per turn)."""

from __future__ import annotations

from typing import Any

from icatest.contracts.labels import FailureMode
from icatest.contracts.records import LabelFinding, Target, TargetUpdate, TurnRecord, TurnVerdict
from icatest.contracts.scenario import Scenario
from icatest.judges.offline_turn import offline_judge_turn
from icatest.judges.register import register_findings
from icatest.judges.schema import TurnJudgement
from icatest.llm.gateway import ModelGateway

ROLE = "turn_judge"
TASK = "turn_judge"
HISTORY_WINDOW = 6


async def judge_turn(
    gateway: ModelGateway,
    *,
    scenario: Scenario,
    turn: int,
    user: str,
    reply: str,
    addressed_targets: list[Target],
    history: list[TurnRecord],
    role: str = ROLE,
) -> TurnVerdict:
    """A scored verdict, or an unscored one with the reason and the raw reply."""
    variables = turn_variables(
        scenario=scenario,
        turn=turn,
        user=user,
        reply=reply,
        addressed_targets=addressed_targets,
        history=history,
    )
    result = await gateway.structured(
        role, TASK, variables, TurnJudgement, offline=offline_judge_turn
    )
    judge = f"{result.model}/{TASK}@{result.prompt_version}"
    return to_turn_verdict(
        result.value, result.raw, result.error, judge, scenario, reply, addressed_targets
    )


def turn_variables(
    *,
    scenario: Scenario,
    turn: int,
    user: str,
    reply: str,
    addressed_targets: list[Target],
    history: list[TurnRecord],
) -> dict[str, Any]:
    return {
        "scenario": scenario,
        "turn": turn,
        "user": user,
        "reply": reply,
        "addressed_targets": addressed_targets,
        "history": history[-HISTORY_WINDOW:],
        "labels": [m.value for m in FailureMode if m is not FailureMode.REGISTER_VIOLATION],
    }


def to_turn_verdict(
    value: TurnJudgement | None,
    raw: str | None,
    error: str | None,
    judge: str,
    scenario: Scenario,
    reply: str,
    addressed_targets: list[Target],
) -> TurnVerdict:
    """Keep what concerns the addressed targets; add the speech-level check."""
    if value is None:
        return TurnVerdict(scored=False, unscored_reason=error, raw_reply=raw, judge=judge)
    known = {t.id for t in addressed_targets}
    findings = [
        LabelFinding(
            label=f.label, rationale=f.rationale, target_ids=[i for i in f.target_ids if i in known]
        )
        for f in value.findings
    ]
    if scenario.speech_level:  # speech level is checked by morphology, not by the model
        findings += register_findings(reply, scenario.speech_level)
    updates = [
        TargetUpdate(target_id=u.target_id, status=u.status, reason=u.reason)
        for u in value.target_updates
        if u.target_id in known
    ]
    return TurnVerdict(findings=findings, target_updates=updates, raw_reply=raw, judge=judge)
