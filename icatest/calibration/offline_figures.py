"""The offline judge's figures on data nobody here wrote (docs/offline_backend.md): the share of
competent human KVRET replies it flags, and its agreement with the published logs' labels.
Tests and the docs' numbers come from these functions."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from pydantic import BaseModel

from icatest.catalog.kvret import dialogue_turns
from icatest.judges.turn_cases import CaseResult, HistoryTurn, TurnCase, judge_cases
from icatest.llm.gateway import ModelGateway, ModelSpec


def offline_gateway() -> ModelGateway:
    return ModelGateway(roles={"turn_judge": ModelSpec.parse("offline")})


def kvret_cases(path: Path, limit: int | None = None) -> list[TurnCase]:
    """Every (driver, assistant) turn of a KVRET split as a case; the utterance is the request."""
    dialogues = json.loads(path.read_text(encoding="utf-8"))
    cases: list[TurnCase] = []
    for d, dialogue in enumerate(dialogues):
        for t, (history, user, reply) in enumerate(dialogue_turns(dialogue)):
            cases.append(
                TurnCase(
                    id=f"{path.stem}-{d:04d}-{t}",
                    history=[HistoryTurn(user=u, assistant=a) for u, a in history],
                    user=user,
                    reply=reply,
                )
            )
    return cases[:limit] if limit else cases


class FlagRate(BaseModel):
    turns: int
    flagged: int
    uncertain: int
    labels: dict[str, int]

    @property
    def flagged_share(self) -> float:
        return self.flagged / self.turns if self.turns else 0.0

    @property
    def uncertain_share(self) -> float:
        return self.uncertain / self.turns if self.turns else 0.0


def flag_rate(results: list[CaseResult]) -> FlagRate:
    labels: dict[str, int] = {}
    for r in results:
        for label in r.labels:
            labels[label] = labels.get(label, 0) + 1
    return FlagRate(
        turns=len(results),
        flagged=sum(1 for r in results if r.labels),
        uncertain=sum(1 for r in results if r.uncertain),
        labels=dict(sorted(labels.items())),
    )


def judge_offline(cases: list[TurnCase]) -> list[CaseResult]:
    return asyncio.run(judge_cases(offline_gateway(), cases))


class LabelAgreement(BaseModel):
    """Turn labels of a judge against reference labels (the published judge's)."""

    turns: int
    micro_precision: float | None
    micro_recall: float | None
    micro_f1: float | None
    any_failure_kappa: float | None
    uncertain_turns: int
    per_label_f1: dict[str, float | None]
    per_label_precision: dict[str, float | None] = {}
    passes: int
    conversations: int


def paper_log_agreement(root: Path, names: list[str]) -> LabelAgreement:
    """Re-judge the published logs `names` (conv_NN) offline, as `rejudge` does, and compare
    each turn's labels with the published ones."""
    from icatest.analysis.agreement import cohen_kappa
    from icatest.analysis.paper_logs import convert_log
    from icatest.calibration.rejudge import rejudge_record
    from icatest.contracts.labels import JUDGE_LABELS, Role
    from icatest.judges.setup import bind_roles

    binding = bind_roles(
        {Role.TURN_JUDGE: "offline", Role.CONVERSATION_JUDGE: "offline"},
        combine_final_turn=False,
    )
    gateway = ModelGateway(roles=binding.roles)
    pairs: list[tuple[set[str], set[str]]] = []
    uncertain = passes = 0
    for name in names:
        record = convert_log(
            json.loads((root / f"{name}.json").read_text("utf-8")), seed_id=name, seed_pool="p"
        )
        judged = asyncio.run(
            rejudge_record(record, gateway, binding.judges.turn, binding.judges.conversation,
                           name="offline")
        )
        passes += judged.success_decision == "pass"
        mine = {e.turn_number: e.verdict for e in judged.turns}
        for turn in record.turns:
            verdict = mine.get(turn.turn_number)
            if verdict is None or not verdict.scored or turn.evaluation is None:
                continue
            uncertain += bool(verdict.uncertain)
            pairs.append(({f.label.value for f in turn.evaluation.findings},
                          {f.label.value for f in verdict.findings}))
    labels = [m.value for m in JUDGE_LABELS]
    tp = sum(len(g & p) for g, p in pairs)
    fp = sum(len(p - g) for g, p in pairs)
    fn = sum(len(g - p) for g, p in pairs)
    per: dict[str, float | None] = {}
    precision: dict[str, float | None] = {}
    for label in labels:
        ltp = sum(1 for g, p in pairs if label in g and label in p)
        lfp = sum(1 for g, p in pairs if label not in g and label in p)
        lfn = sum(1 for g, p in pairs if label in g and label not in p)
        per[label] = _ratio(2 * ltp, 2 * ltp + lfp + lfn)
        precision[label] = _ratio(ltp, ltp + lfp)  # None: the judge never emitted it
    gold_any = [int(bool(g)) for g, _ in pairs]
    judge_any = [int(bool(p)) for _, p in pairs]
    return LabelAgreement(
        turns=len(pairs),
        micro_precision=_ratio(tp, tp + fp),
        micro_recall=_ratio(tp, tp + fn),
        micro_f1=_ratio(2 * tp, 2 * tp + fp + fn),
        any_failure_kappa=cohen_kappa(gold_any, judge_any) if pairs else None,
        uncertain_turns=uncertain,
        per_label_f1=per,
        per_label_precision=precision,
        passes=passes,
        conversations=len(names),
    )


def _ratio(num: int, den: int) -> float | None:
    return num / den if den else None


DEV_LOGS = [f"conv_{i:02d}" for i in range(1, 19)]
HELD_OUT_LOGS = [f"conv_{i:02d}" for i in range(19, 38)]
