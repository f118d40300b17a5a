"""The `offline` turn judge: the engine's targets turned into plain requests for the judge core
(`icatest.offline.judge`), its per-request verdicts turned back into labels, completed targets
and uncertain ones. Limits: see docs/offline_backend.md.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from icatest.contracts.labels import FailureMode
from icatest.contracts.records import Target, TurnRecord
from icatest.contracts.scenario import Context
from icatest.judges.schema import Abstention, Finding, StatusUpdate, TurnJudgement
from icatest.offline import acts
from icatest.offline.judge import Outcome, Request, Situation, TurnInput, judge_turn_input


def offline_judge_turn(variables: dict[str, Any]) -> TurnJudgement:
    turn = turn_input(variables)
    out = judgement(variables["addressed_targets"], judge_turn_input(turn))
    if not turn.requests and acts.is_fallback(turn.reply) and not acts.is_closing(turn.user):
        # the driver asked for something no target records; "couldn't fetch that" fails it
        why = "generic fallback instead of an answer to the utterance"
        out.findings.append(Finding(label=FailureMode.FALLBACK_RESPONSE, rationale=why))
    return out


def turn_input(variables: dict[str, Any]) -> TurnInput:
    """The judge core's input: the turn judge's variables as plain requests and texts."""
    targets: list[Target] = variables["addressed_targets"]
    history: list[TurnRecord] = variables.get("history", [])
    return TurnInput(
        user=variables["user"],
        reply=variables["reply"],
        requests=tuple(to_request(t, variables["turn"]) for t in targets),
        history_users=tuple(h.user for h in history),
        history_replies=tuple(h.system or "" for h in history),
        situation=situation(variables["scenario"].context),
    )


def judgement(targets: list[Target], verdicts: list[Any]) -> TurnJudgement:
    issues: dict[FailureMode, list[tuple[str, str]]] = defaultdict(list)
    done: list[StatusUpdate] = []
    uncertain: list[Abstention] = []
    for t, v in zip(targets, verdicts, strict=True):
        for label, why in v.findings:
            issues[label].append((t.id, why))
        if v.outcome is Outcome.COMPLETED:
            done.append(StatusUpdate(target_id=t.id, status=1, reason=v.reason or "answered"))
        elif v.outcome is Outcome.UNCERTAIN:
            uncertain.append(Abstention(target_id=t.id, reason=v.reason))
    findings = [
        Finding(
            label=label,
            rationale="; ".join(why for _, why in items),
            target_ids=[i for i, _ in items],
        )
        for label, items in issues.items()
    ]
    return TurnJudgement(findings=findings, target_updates=done, uncertain=uncertain)


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


def situation(context: Context) -> Situation:
    """The clock and the speed the assistant was told (the context): the offline rules hold an
    assistant only to the vehicle state it knows. A model judge's situation also says when a
    route started (`Context.situation`)."""
    return Situation(time=context.time or None, speed_kmh=context.speed_now())
