"""Tier one: label one assistant turn and update target statuses (one model call per turn)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NoReturn

from icatest.contracts.labels import JUDGE_LABELS, Role, TargetStatus
from icatest.contracts.records import (
    LabelFinding,
    TargetUpdate,
    TurnRecord,
    TurnVerdict,
    UncertainTarget,
    route_running_since,
)
from icatest.judges.protocol import TurnCheck, TurnContext
from icatest.judges.rules.judge import judge_context
from icatest.judges.schema import TurnJudgement
from icatest.llm.gateway import ModelGateway
from icatest.llm.spec import PromptVariables

ROLE = Role.TURN_JUDGE
TASK = "turn_judge"
HISTORY_WINDOW = 10  # turns shown verbatim; older ones as the driver's words only
REPLY_CAP = 2000  # characters of an earlier assistant reply shown to a judge
TRANSCRIPT_CAP = 40_000  # characters of a whole transcript (~10k tokens): long ones get less each
MIN_REPLY_CAP = 200


def reply_cap(turns: Sequence[TurnRecord]) -> int:
    """Characters per assistant reply so the transcript stays within TRANSCRIPT_CAP (never below
    MIN_REPLY_CAP): the start of a long prompt is what a small context window loses."""
    if not turns:
        return REPLY_CAP
    room = TRANSCRIPT_CAP - sum(len(t.user) for t in turns)
    return max(MIN_REPLY_CAP, min(REPLY_CAP, room // len(turns)))


@dataclass(frozen=True)
class ModelTurnJudge:
    """The turn judge bound to a gateway role (`turn_judge`, or an ensemble member's role);
    `checks` add their findings to every scored verdict."""

    role: str = ROLE
    checks: tuple[TurnCheck, ...] = ()

    async def __call__(self, gateway: ModelGateway, ctx: TurnContext) -> TurnVerdict:
        """A scored verdict, or an unscored one with the reason and the raw reply. A role bound
        to `offline` is judged by the rules judge (no model call)."""
        if gateway.spec(self.role).is_offline:
            return judge_context(ctx, self.checks)
        result = await gateway.structured(
            self.role, TASK, turn_variables(ctx), TurnJudgement, offline=_no_offline
        )
        judge = f"{result.model}/{TASK}@{result.prompt_version}"
        return to_turn_verdict(result.value, result.raw, result.error, judge, ctx, self.checks)


def _no_offline(variables: PromptVariables) -> NoReturn:
    raise AssertionError("an offline turn judge role is judged by the rules judge")


def turn_variables(ctx: TurnContext) -> PromptVariables:
    """The turn judge prompt's variables."""
    return {
        "scenario": ctx.scenario,
        "situation": ctx.scenario.context.situation(route_running_since(ctx.targets)),
        "turn": ctx.turn,
        "user": ctx.user,
        "heard": ctx.heard,  # set when the channel garbled the words (judge against `user`)
        "reply": ctx.reply,
        "addressed_targets": ctx.addressed_targets,
        "addressed_ids": {t.id for t in ctx.addressed_targets},
        "targets": ctx.targets,
        "history": ctx.history[-HISTORY_WINDOW:],
        "earlier": ctx.history[:-HISTORY_WINDOW],
        "reply_cap": reply_cap(ctx.history),
        "labels": [m.value for m in JUDGE_LABELS],
    }


def to_turn_verdict(
    value: TurnJudgement | None,
    raw: str | None,
    error: str | None,
    judge: str,
    ctx: TurnContext,
    checks: tuple[TurnCheck, ...] = (),
) -> TurnVerdict:
    """Keep what concerns the addressed targets; add the findings of the checks."""
    if value is None:
        return TurnVerdict(scored=False, unscored_reason=error, raw_reply=raw, judge=judge)
    known = {t.id for t in ctx.addressed_targets}
    open_ids = {t.id for t in ctx.targets if t.status == TargetStatus.OPEN} | known
    findings = [
        LabelFinding(
            label=f.label, rationale=f.rationale, target_ids=[i for i in f.target_ids if i in known]
        )
        for f in value.findings
    ]
    for check in checks:  # e.g. the speech level: checked by morphology, not by the model
        findings += check(ctx)
    updates = [
        TargetUpdate(target_id=u.target_id, status=u.status, reason=u.reason)
        for u in value.target_updates
        if u.target_id in open_ids  # an earlier goal may be completed by a later reply
    ]
    done = {u.target_id for u in updates}
    uncertain = [
        UncertainTarget(target_id=u.target_id, reason=u.reason)
        for u in value.uncertain
        if u.target_id in known and u.target_id not in done
    ]
    return TurnVerdict(
        findings=findings,
        target_updates=updates,
        uncertain=uncertain,
        raw_reply=raw,
        judge=judge,
    )
