"""The rules judge: the offline turn judge as a judge of its own. It reads the `TurnContext`,
runs the rule table (`table.py`) over the requests the utterance raised and returns the turn
verdict, tagged with the table's hash. No model and no gateway call; the model string
`offline` binds the turn judge role to it (`icatest.judges.setup`). Limits: see
docs/offline_backend.md."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from icatest.contracts.labels import FailureMode, TargetStatus
from icatest.contracts.records import (
    LabelFinding,
    Target,
    TargetUpdate,
    TurnVerdict,
    UncertainTarget,
)
from icatest.contracts.vehicle import TEXT
from icatest.judges.protocol import TurnCheck, TurnContext
from icatest.judges.rules.table import TAG, judge_turn_input
from icatest.judges.rules.text import plain
from icatest.judges.rules.turn import Request, Situation, TurnInput
from icatest.judges.rules.turn_rules import Judging
from icatest.judges.rules.verdicts import Finding, Outcome
from icatest.llm.gateway import ModelGateway

HISTORY = 10  # earlier turns read: those a model turn judge is shown verbatim


@dataclass(frozen=True)
class RulesTurnJudge:
    """`role` names the gateway role it stands for (an ensemble member's, say); `checks` add
    their findings to every verdict, as they do to a model judge's."""

    role: str = "turn_judge"
    checks: tuple[TurnCheck, ...] = ()

    async def __call__(self, gateway: ModelGateway, ctx: TurnContext) -> TurnVerdict:
        return judge_context(ctx, self.checks)


def judge_context(ctx: TurnContext, checks: tuple[TurnCheck, ...] = ()) -> TurnVerdict:
    turn = turn_input(ctx)
    verdict = to_verdict(ctx.addressed_targets, judge_turn_input(turn))
    for check in checks:  # e.g. the speech level: checked by morphology
        verdict.findings += check(ctx)
    return verdict


def turn_input(ctx: TurnContext) -> TurnInput:
    """The rules' plain input: the addressed targets as requests, the talk and the situation
    the assistant was told (the rules hold it only to the vehicle state it knows)."""
    context = ctx.scenario.context
    history = ctx.history[-HISTORY:]
    return TurnInput(
        user=ctx.user,
        reply=plain(ctx.reply),
        requests=tuple(to_request(t, ctx.turn) for t in ctx.addressed_targets),
        history_users=tuple(h.user for h in history),
        history_replies=tuple(plain(h.system or "") for h in history),
        situation=Situation(time=context.time or None, speed_kmh=context.speed_now(),
                            location=context.location or "",
                            conditions=str(context.vehicle.get(TEXT, ""))),
    )


def to_request(t: Target, turn: int) -> Request:
    return Request(
        description=t.description,
        constraints=tuple(t.constraints),
        kind=t.kind if t.kind != "other" else "",
        slots=tuple(sorted(t.slots.items())),
        ambiguous=t.ambiguous,
        unsafe=t.unsafe,
        later_turn=t.introduced_turn < turn,
        simulated=t.pushes > 0,  # imported logs and `judge turns` requests are never pushed
    )


def rationale(f: Finding) -> str:
    return f"{f.why} (rule {f.rule})"


def to_verdict(targets: list[Target], j: Judging) -> TurnVerdict:
    issues: dict[FailureMode, list[tuple[str | None, Finding]]] = defaultdict(list)
    done: list[TargetUpdate] = []
    uncertain: list[UncertainTarget] = []
    for t, v in zip(targets, j.verdicts, strict=True):
        for f in v.findings:
            if f.label is not None:
                issues[f.label].append((t.id, f))
        if v.outcome is Outcome.COMPLETED:
            done.append(TargetUpdate(target_id=t.id, status=TargetStatus.COMPLETED,
                                     reason=v.reason or "answered"))
        elif v.outcome is Outcome.UNCERTAIN:
            uncertain.append(UncertainTarget(target_id=t.id, reason=v.reason))
    for f in j.loose:
        if f.label is not None:
            issues[f.label].append((None, f))
    findings = [
        LabelFinding(
            label=label,
            rationale="; ".join(rationale(f) for _, f in items),
            target_ids=[i for i, _ in items if i is not None],
        )
        for label, items in issues.items()
    ]
    return TurnVerdict(findings=findings, target_updates=done, uncertain=uncertain, judge=TAG)
