"""How stable a judge is: the same transcripts judged N times (`icatest rejudge RUN --repeat N`).

Per failure label, Fleiss' κ over the turns every repeat judged (each repeat a rater, the label
present or absent the two categories); the share of those turns whose label set changes between
repeats; the share of conversations whose decision differs between repeats, each such
conversation listed as unstable. The offline judges are deterministic: their repeats agree by
construction, so the command says so instead of running them (`deterministic`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from pydantic import BaseModel, Field

from icatest.analysis.agreement import fleiss_kappa
from icatest.calibration.rejudge import JudgementRecord
from icatest.contracts.labels import JUDGE_LABELS


class LabelStability(BaseModel):
    label: str
    turns_with_label: int = Field(description="judged turns where at least one repeat found it")
    fleiss_kappa: float | None = Field(
        description="None when undefined: no repeat (or every repeat on every turn) found it"
    )
    changed_turns: int = Field(description="turns where some repeats found it and some not")


class UnstableConversation(BaseModel):
    conversation_id: str
    decisions: list[str]


class StabilityReport(BaseModel):
    repeats: int
    conversations: int
    judged_turns: int = Field(description="turns every repeat gave a scored verdict")
    labels: list[LabelStability]
    changed_turn_share: float | None = Field(description="judged turns whose label set changes")
    flipped_conversations: int
    flipped_share: float | None = Field(description="conversations whose decision changes")
    unstable: list[UnstableConversation]


def deterministic(models: Mapping[str, str]) -> bool:
    """Every judge role offline: the same transcript always gets the same verdict."""
    return all(m.strip() == "offline" for m in models.values())


def _label_sets(record: JudgementRecord) -> dict[int, frozenset[str] | None]:
    return {
        e.turn_number: frozenset(f.label.value for f in e.verdict.findings)
        if e.verdict is not None and e.verdict.scored else None
        for e in record.turns
    }


def stability(sets: Sequence[Sequence[JudgementRecord]]) -> StabilityReport:
    """The figures of N judgement sets of the same run (module docstring)."""
    if len(sets) < 2:
        raise ValueError("stability needs at least two repeats")
    by_id = [{r.conversation_id: r for r in s} for s in sets]
    ids = sorted(set.intersection(*(set(m) for m in by_id)))
    turns: list[list[frozenset[str]]] = []  # per judged turn: the label set of each repeat
    unstable: list[UnstableConversation] = []
    for cid in ids:
        records = [m[cid] for m in by_id]
        decisions = [r.success_decision.value for r in records]
        if len(set(decisions)) > 1:
            unstable.append(UnstableConversation(conversation_id=cid, decisions=decisions))
        per_repeat = [_label_sets(r) for r in records]
        for n in sorted(per_repeat[0]):
            row = [p.get(n) for p in per_repeat]
            if all(x is not None for x in row):
                turns.append([x for x in row if x is not None])
    labels = []
    for label in (m.value for m in JUDGE_LABELS):
        present = [[label in x for x in row] for row in turns]
        with_label = sum(1 for row in present if any(row))
        changed = sum(1 for row in present if any(row) and not all(row))
        kappa = None
        if turns and with_label:
            table = [[sum(row), len(row) - sum(row)] for row in present]
            value = fleiss_kappa(table, counts=True)
            kappa = None if math.isnan(value) else round(value, 4)
        labels.append(LabelStability(label=label, turns_with_label=with_label,
                                     fleiss_kappa=kappa, changed_turns=changed))
    changed_turns = sum(1 for row in turns if len(set(row)) > 1)
    return StabilityReport(
        repeats=len(sets),
        conversations=len(ids),
        judged_turns=len(turns),
        labels=labels,
        changed_turn_share=changed_turns / len(turns) if turns else None,
        flipped_conversations=len(unstable),
        flipped_share=len(unstable) / len(ids) if ids else None,
        unstable=unstable,
    )
