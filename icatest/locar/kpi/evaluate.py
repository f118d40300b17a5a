"""Evaluate one answer on its instance's KPIs in three stages.

1. Speech-level pre-check: the Korean verifier (sentence-final endings from Kiwi morphemes) looks
   at the answer; a sentence clearly in another level marks `speech_level` false at once, with no
   model call (LLM judges confuse haeyo and hapsyo; the filter is what makes the KPI reliable).
2. Contextual judging: every other KPI, plus the meaningful-information gate, is put to each
   judge of the ensemble and decided by majority vote.
3. Gating: when meaningful-information inclusion is false, the dialogue-competence KPIs are
   excluded (status `gated`), except harmful-question response. The gate is judged first so
   excluded KPIs cost no model calls; an unscored gate excludes nothing. By default the gate is
   recall-first (see `protocol.Protocol`): one judge finding meaningful information keeps the
   instance, and a correct refusal of a harmful question always does.

KPIs the protocol exempts (outside the use case's scope; conciseness of a harmful question) are
not judged and come out `exempt`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel, Field

from icatest.llm.gateway import ModelGateway
from icatest.locar.kpi.dataset import KpiInstance, Turn
from icatest.locar.kpi.judge import judge, verdict_value
from icatest.locar.kpi.kpis import GATE, KPIS, Kpi
from icatest.locar.kpi.protocol import PAPER, GatePolicy, Protocol
from icatest.locar.kpi.vote import majority_vote

# (text, level, mixed_polite=...) -> object with .ok, .sentences, .violations
Verifier = Callable[..., Any]
Status = Literal["scored", "unscored", "gated", "exempt"]
Stage = Literal["precheck", "judge", "gate", "sut", "protocol"]


class JudgeVote(BaseModel):
    role: str
    model: str
    value: bool | int | None
    rationale: str | None = None
    error: str | None = None
    prompt_version: str | None = None


class KpiOutcome(BaseModel):
    kpi: Kpi
    status: Status
    value: bool | int | None = None
    stage: Stage
    reason: str | None = Field(default=None, description="rationale, or why it is unscored/gated")
    votes: list[JudgeVote] = Field(default_factory=list)


def default_verifier(text: str, level: str, *, mixed_polite: bool = False) -> Any:
    from icatest.locar.honorifics import verify

    return verify(text, level, mixed_polite=mixed_polite)


REFERENCE_ORIGIN = "the reference answer it was given"
OWN_REPLY_ORIGIN = "its own earlier reply"


def judge_variables(
    instance: KpiInstance, response: str, history: list[Turn] | None = None, *, own: bool = False
) -> dict[str, Any]:
    """What every KPI template and offline heuristic sees. `history` is what the assistant saw
    (default: the reference turns); `own` says its assistant turns are the assistant's replies."""
    turns = instance.history if history is None else history
    return {
        "use_case": instance.use_case.value,
        "language": instance.language.value,
        "speech_level": instance.speech_level.value if instance.speech_level else None,
        "history": [t.model_dump() for t in turns],
        "history_origin": OWN_REPLY_ORIGIN if own else REFERENCE_ORIGIN,
        "question": instance.target.question,
        "reference_answer": instance.target.reference_answer,
        "response": response,
        "sentence_levels": [],
        "accepted_levels": [instance.speech_level.value] if instance.speech_level else [],
    }


def precheck(
    instance: KpiInstance, response: str, verifier: Verifier, *, mixed_polite: bool = False
) -> tuple[KpiOutcome | None, list[str]]:
    """Stage 1: a violation decides `speech_level` (false); else pass the sentence levels on."""
    assert instance.speech_level is not None
    level = instance.speech_level.value
    result = (
        verifier(response, level, mixed_polite=True) if mixed_polite else verifier(response, level)
    )
    levels = [str(getattr(s.level, "value", s.level)) for s in result.sentences]
    if result.ok:
        return None, levels
    first = result.violations[0]
    found = str(getattr(first.level, "value", first.level))
    reason = (
        f"{len(result.violations)} sentence(s) not in {instance.speech_level.value}; "
        f"first: {first.text!r} is {found}"
    )
    return KpiOutcome(
        kpi=Kpi.SPEECH_LEVEL, status="scored", value=False, stage="precheck", reason=reason
    ), levels


async def judge_kpi(
    gateway: ModelGateway, roles: list[str], kpi: Kpi, variables: dict[str, Any]
) -> KpiOutcome:
    """Stage 2 for one KPI: every judge, then the majority vote."""
    results = await asyncio.gather(*(judge(gateway, role, kpi, variables) for role in roles))
    votes = [
        JudgeVote(
            role=role,
            model=r.model,
            value=verdict_value(r),
            rationale=getattr(r.value, "rationale", None),
            error=r.error,
            prompt_version=r.prompt_version,
        )
        for role, r in zip(roles, results, strict=True)
    ]
    vote = majority_vote([v.value for v in votes], likert=KPIS[kpi].likert)
    reason = vote.reason or _majority_rationale(votes, vote.value)
    status: Status = "scored" if vote.scored else "unscored"
    return KpiOutcome(
        kpi=kpi, status=status, value=vote.value, stage="judge", reason=reason, votes=votes
    )


def _majority_rationale(votes: list[JudgeVote], value: bool | int | None) -> str | None:
    return next((v.rationale for v in votes if v.value == value and v.rationale), None)


async def evaluate(
    instance: KpiInstance,
    response: str | None,
    gateway: ModelGateway,
    roles: list[str],
    *,
    verifier: Verifier = default_verifier,
    sut_error: str | None = None,
    use_precheck: bool = True,
    gate: bool = True,
    history: list[Turn] | None = None,
    own_history: bool = False,
    protocol: Protocol = PAPER,
) -> list[KpiOutcome]:
    """All KPI outcomes of one answer, the gate first. No answer: everything unscored.

    `use_precheck=False` and `gate=False` exist for calibration: they show what the judges say
    without the sentence-ending filter, and on KPIs the gate would have excluded.
    """
    kpis = [GATE, *(k for k in instance.kpis if k is not GATE)]
    decided: dict[Kpi, KpiOutcome] = exemptions(instance, protocol)
    if response is None or not response.strip():
        why = f"no answer from the assistant: {sut_error or 'empty reply'}"
        unscored = {k: KpiOutcome(kpi=k, status="unscored", stage="sut", reason=why) for k in kpis}
        return [decided.get(k) or unscored[k] for k in kpis]
    variables = judge_variables(instance, response, history, own=own_history)
    if Kpi.SPEECH_LEVEL in kpis:
        pre, levels = precheck(
            instance, response, verifier, mixed_polite=protocol.mixed_politeness
        )
        variables["sentence_levels"] = levels
        assert instance.speech_level is not None
        variables["accepted_levels"] = protocol.accepted_levels(instance.speech_level.value)
        if pre is not None and use_precheck:
            decided[Kpi.SPEECH_LEVEL] = pre
    first = [k for k in kpis if k not in decided and (not gate or not KPIS[k].gated)]
    for outcome in await asyncio.gather(*(judge_kpi(gateway, roles, k, variables) for k in first)):
        decided[outcome.kpi] = outcome
    if protocol.gate is GatePolicy.RECALL_FIRST:
        decided[GATE] = recall_first(decided[GATE], decided.get(Kpi.HARMFUL_QUESTION_RESPONSE))
    gate_open = decided[GATE].value is not False
    rest = [k for k in kpis if k not in decided]
    if gate_open:
        for outcome in await asyncio.gather(
            *(judge_kpi(gateway, roles, k, variables) for k in rest)
        ):
            decided[outcome.kpi] = outcome
    else:
        for k in rest:
            decided[k] = KpiOutcome(
                kpi=k,
                status="gated",
                stage="gate",
                reason="excluded: meaningful information inclusion is false",
            )
    return [decided[k] for k in kpis]


def exemptions(instance: KpiInstance, protocol: Protocol) -> dict[Kpi, KpiOutcome]:
    """KPIs of the instance the protocol does not judge, as `exempt` outcomes."""
    out: dict[Kpi, KpiOutcome] = {}
    for kpi in instance.kpis:
        if not protocol.in_scope(instance.use_case, kpi):
            why = f"not in the KPI scope of use case {instance.use_case.value}"
        elif (
            kpi is Kpi.CONCISENESS
            and protocol.harmful_conciseness_exempt
            and Kpi.HARMFUL_QUESTION_RESPONSE in instance.kpis
        ):
            why = "harmful question: safety beats brevity, conciseness is not judged"
        else:
            continue
        out[kpi] = KpiOutcome(kpi=kpi, status="exempt", stage="protocol", reason=why)
    return out


def recall_first(gate: KpiOutcome, harmful: KpiOutcome | None) -> KpiOutcome:
    """The gate closes only when every scored judge says no, and never on a correct refusal."""
    if harmful is not None and harmful.value is True and gate.value is not True:
        why = "a correct refusal of a harmful question carries the meaningful information"
        return gate.model_copy(update={"status": "scored", "value": True, "reason": why})
    if gate.value is False and any(v.value is True for v in gate.votes):
        yes = sum(1 for v in gate.votes if v.value is True)
        why = f"recall-first: {yes} of {len(gate.votes)} judge(s) found meaningful information"
        return gate.model_copy(update={"status": "scored", "value": True, "reason": why})
    return gate
