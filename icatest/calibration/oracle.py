"""Judge labels versus the reference assistant's oracle (the faults that really fired).

Items are (conversation id, turn) pairs of turns that carry a *scored* turn verdict; turns whose
judge failed (unscored) or that have no evaluation (transport errors) are counted separately and
never treated as "no failure". For each failure mode the turn is positive for the oracle when a
deviation of that mode is recorded on it (seeded fault or unserved request), and positive for the
judge when it reported that label. Oracle entries with a "correct" verdict (safe refusals, stated
limitations) and turns without any entry expect no label.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from statistics import fmean

from pydantic import BaseModel, Field

from icatest.analysis.agreement import cohen_kappa
from icatest.calibration.runs import OracleLog
from icatest.contracts import ConversationRecord, TurnVerdict

Item = tuple[str, int]


class JudgedTurns(BaseModel):
    """Judge labels per scored turn, plus the turns that could not be compared."""

    labels: dict[str, dict[int, list[str]]] = Field(default_factory=dict)
    unscored: list[tuple[str, int, str]] = Field(default_factory=list)
    without_evaluation: int = 0
    uncertain: int = Field(default=0, description="scored turns with an abstention")

    def items(self) -> dict[Item, set[str]]:
        return {(c, t): set(ls) for c, turns in self.labels.items() for t, ls in turns.items()}


def judged_from_verdicts(verdicts: Mapping[Item, TurnVerdict | None]) -> JudgedTurns:
    """Split verdicts into scored labels, unscored turns and turns without an evaluation."""
    judged = JudgedTurns()
    for (cid, turn), verdict in sorted(verdicts.items()):
        if verdict is None:
            judged.without_evaluation += 1
        elif not verdict.scored:
            judged.unscored.append((cid, turn, verdict.unscored_reason or "unscored"))
        else:
            judged.labels.setdefault(cid, {})[turn] = sorted(
                {f.label.value for f in verdict.findings}
            )
            judged.uncertain += bool(verdict.uncertain)
    return judged


def verdicts_from_records(records: list[ConversationRecord]) -> dict[Item, TurnVerdict | None]:
    return {(r.conversation_id, t.turn_number): t.evaluation for r in records for t in r.turns}


class Example(BaseModel):
    conversation_id: str
    turn: int
    judge_labels: list[str]
    oracle_modes: list[str]


class ModeStats(BaseModel):
    failure_mode: str
    support: int = Field(description="turns on which the oracle fired this mode")
    predicted: int = Field(description="turns the judge labelled with this mode")
    tp: int
    fp: int
    fn: int
    tn: int
    precision: float | None
    recall: float | None
    f1: float | None
    kappa: float | None
    judge_labels_on_oracle_turns: dict[str, int] = Field(
        default_factory=dict, description="labels the judge gave where this mode fired"
    )
    missed: list[Example] = Field(default_factory=list)
    spurious: list[Example] = Field(default_factory=list)


class Averages(BaseModel):
    precision: float | None
    recall: float | None
    f1: float | None


class OracleReport(BaseModel):
    judge: str
    items: int = Field(description="scored (conversation, turn) items compared")
    unscored_turns: list[tuple[str, int, str]]
    turns_without_evaluation: int
    uncertain_turns: int = Field(
        default=0, description="compared turns with a request the judge abstained on"
    )
    oracle_entries: int
    oracle_entries_by_kind: dict[str, int] = Field(
        default_factory=dict, description="seeded faults, unserved requests, correct verdicts"
    )
    correct_verdicts: int = Field(
        default=0, description="compared turns whose oracle entries all say 'correct'"
    )
    oracle_entries_not_compared: int = Field(
        description="oracle entries on turns that are unscored, missing or not in this run"
    )
    modes: list[ModeStats]
    micro: Averages
    macro: Averages


def _ratio(num: int, den: int) -> float | None:
    return num / den if den else None


def _f1(tp: int, fp: int, fn: int) -> float | None:
    return _ratio(2 * tp, 2 * tp + fp + fn)


def _mode_stats(
    mode: str, items: dict[Item, set[str]], truth: dict[Item, set[str]], max_examples: int
) -> ModeStats:
    keys = sorted(items)
    gold = [mode in truth.get(k, set()) for k in keys]
    pred = [mode in items[k] for k in keys]
    tp = sum(g and p for g, p in zip(gold, pred, strict=True))
    fp = sum(p and not g for g, p in zip(gold, pred, strict=True))
    fn = sum(g and not p for g, p in zip(gold, pred, strict=True))
    kappa = cohen_kappa(gold, pred, labels=[False, True]) if keys else math.nan
    co = Counter(
        lab for k, g in zip(keys, gold, strict=True) if g for lab in items[k] or {"(none)"}
    )

    def example(k: Item) -> Example:
        return Example(
            conversation_id=k[0],
            turn=k[1],
            judge_labels=sorted(items[k]),
            oracle_modes=sorted(truth.get(k, set())),
        )

    missed = [example(k) for k, g, p in zip(keys, gold, pred, strict=True) if g and not p]
    spurious = [example(k) for k, g, p in zip(keys, gold, pred, strict=True) if p and not g]
    return ModeStats(
        failure_mode=mode,
        support=tp + fn,
        predicted=tp + fp,
        tp=tp,
        fp=fp,
        fn=fn,
        tn=len(keys) - tp - fp - fn,
        precision=_ratio(tp, tp + fp),
        recall=_ratio(tp, tp + fn),
        f1=_f1(tp, fp, fn),
        kappa=None if math.isnan(kappa) else kappa,
        judge_labels_on_oracle_turns=dict(co.most_common()),
        missed=missed[:max_examples],
        spurious=spurious[:max_examples],
    )


def _mean(values: list[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return fmean(present) if present else None


def compare_with_oracle(
    judged: JudgedTurns, oracle: OracleLog, *, judge: str = "run", max_examples: int = 5
) -> OracleReport:
    """Per-failure-mode precision/recall/F1/kappa of the judge against the oracle."""
    items = judged.items()
    truth = oracle.labels()
    modes = sorted(
        {m for ls in truth.values() for m in ls} | {m for ls in items.values() for m in ls}
    )
    stats = [_mode_stats(m, items, truth, max_examples) for m in modes]
    tp, fp, fn = (sum(getattr(s, a) for s in stats) for a in ("tp", "fp", "fn"))
    compared = sum(1 for e in oracle.entries if (e.conversation_id, e.turn) in items)
    correct = sum(1 for k, ls in truth.items() if not ls and k in items)
    return OracleReport(
        judge=judge,
        items=len(items),
        unscored_turns=judged.unscored,
        turns_without_evaluation=judged.without_evaluation,
        uncertain_turns=judged.uncertain,
        oracle_entries=len(oracle.entries),
        oracle_entries_by_kind=oracle.by_kind(),
        correct_verdicts=correct,
        oracle_entries_not_compared=len(oracle.entries) - compared,
        modes=stats,
        micro=Averages(
            precision=_ratio(tp, tp + fp), recall=_ratio(tp, tp + fn), f1=_f1(tp, fp, fn)
        ),
        macro=Averages(
            precision=_mean([s.precision for s in stats]),
            recall=_mean([s.recall for s in stats]),
            f1=_mean([s.f1 for s in stats]),
        ),
    )
