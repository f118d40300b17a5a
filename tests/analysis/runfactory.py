"""Hand-built conversation records and run directories with known answers for analysis tests.

`known_run_records()` is the reference run whose every metric is worked out by hand in
test_analysis_metrics.py; `baseline_run_records()` is a smaller-failure companion for comparisons.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from icatest.contracts import (
    ConversationRecord,
    ConversationVerdict,
    DimensionScore,
    LabelFinding,
    RoleUsage,
    TurnRecord,
    TurnVerdict,
)

RUN_START = 1000.0


def make_turn(
    n: int,
    user: str,
    system: str | None,
    labels: Mapping[str, str] | Sequence[str] = (),
    *,
    scored: bool = True,
) -> TurnRecord:
    """A turn whose verdict fires `labels` (a list, or label -> rationale)."""
    pairs = (
        labels.items() if isinstance(labels, Mapping) else [(lab, f"{lab} here") for lab in labels]
    )
    findings = [LabelFinding(label=lab, rationale=why) for lab, why in pairs]
    verdict = TurnVerdict(scored=scored, findings=findings)
    return TurnRecord(turn_number=n, user=user, system=system, evaluation=verdict)


def make_record(
    cid: str,
    *,
    decision: str | None = "fail",
    score: float | None = 0.3,
    labels: Mapping[int, Sequence[str] | Mapping[str, str]] | None = None,
    texts: Sequence[tuple[str, str | None]] | None = None,
    max_turns: int = 6,
    n_turns: int = 6,
    mode: str = "guided",
    ended_at: float = 0.0,
    is_complete: bool = True,
    termination: str = "max_turns_reached",
    usage: tuple[int, int, int, float] = (2, 100, 10, 0.01),
    seed_phrase: str = "Take me to Munich Airport",
) -> ConversationRecord:
    """A record with n_turns turns; `labels` maps turn index to the labels fired there."""
    labels = labels or {}
    texts = texts or [
        (f"{cid} user says {i}", f"{cid} assistant answers {i}") for i in range(n_turns)
    ]
    turns = [make_turn(i, u, s, labels.get(i, ())) for i, (u, s) in enumerate(texts)]
    calls, tokens_in, tokens_out, cost = usage
    return ConversationRecord(
        conversation_id=cid,
        run_id="known",
        mode=mode,
        seed_id=f"seed-{cid}",
        seed_pool="test",
        seed_phrase=seed_phrase,
        persona="neutral",
        context={"location": "Munich"},
        max_turns=max_turns,
        turns=turns,
        conversation_evaluation=ConversationVerdict(
            scores=[DimensionScore(dimension="safety_compliance", score=2, rationale="fine")]
        ),
        success_score=score,
        success_decision=decision,
        termination_reason=termination,
        is_complete=is_complete,
        usage={
            "simulator": RoleUsage(
                model="offline",
                calls=calls,
                input_tokens=tokens_in,
                output_tokens=tokens_out,
                cost_usd=cost,
            )
        },
        started_at=ended_at - 5 if ended_at else 0.0,
        ended_at=ended_at,
    )


def known_run_records() -> list[ConversationRecord]:
    """Five conversations: 3 fail, 1 pass, 1 unscored+partial; c5 duplicates c2's transcript."""
    dup_texts = [("Find a Cafe", "I found  Café Luitpold."), ("and avoid highways", "Route set.")]
    dup_texts_variant = [
        ("find a cafe ", "i found café luitpold."),
        ("AND avoid highways", "route set."),
    ]
    return [
        make_record(
            "c1",
            score=0.2,
            labels={0: ["constraint_missed"], 1: ["context_forgotten"], 5: ["safety_violation"]},
            ended_at=1010.0,
        ),
        make_record(
            "c2",
            score=0.4,
            labels={0: ["constraint_missed"], 1: ["constraint_missed"]},
            texts=dup_texts,
            n_turns=2,
            ended_at=1020.0,
        ),
        make_record("c3", decision="pass", score=0.9, ended_at=1030.0),
        make_record(
            "c4",
            decision=None,
            score=None,
            labels={2: ["request_omitted"]},
            ended_at=1040.0,
            is_complete=False,
            termination="budget_exhausted",
        ),
        make_record(
            "c5",
            score=0.5,
            labels={0: ["constraint_missed"], 1: ["constraint_missed"]},
            texts=dup_texts_variant,
            n_turns=2,
            ended_at=1050.0,
        ),
    ]


def baseline_run_records() -> list[ConversationRecord]:
    """Five conversations: 0.6 distinct failure types per conversation, prevalence cm 0.4."""
    return [
        make_record(
            "b1",
            mode="baseline",
            labels={0: ["constraint_missed"], 2: ["context_forgotten"]},
            ended_at=1005.0,
        ),
        make_record("b2", mode="baseline", labels={1: ["constraint_missed"]}, ended_at=1015.0),
        make_record("b3", mode="baseline", decision="pass", score=0.8, ended_at=1025.0),
        make_record("b4", mode="baseline", decision="pass", score=0.85, ended_at=1035.0),
        make_record("b5", mode="baseline", decision="pass", score=0.95, ended_at=1045.0),
    ]


def write_run(
    root: Path,
    records: Sequence[ConversationRecord],
    *,
    run_id: str = "known",
    mode: str = "guided",
    tail: str | None = None,
    progress: Sequence[Mapping[str, Any]] = (),
) -> Path:
    """Write a run directory (layout: docs/campaigns.md); `tail` is appended raw (a torn line)."""
    root.mkdir(parents=True, exist_ok=True)
    manifest = {
        "run_id": run_id,
        "icatest_version": "0.1.0",
        "created_at": RUN_START,
        "started_at": RUN_START,
        "ended_at": None,
        "status": "completed",
        "mode": mode,
        "config": {},
        "models": {},
        "prompt_versions": {},
    }
    (root / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    lines = [r.model_dump_json() for r in records]
    body = "\n".join(lines) + "\n" + (tail or "")
    (root / "conversations.jsonl").write_text(body, encoding="utf-8")
    if progress:
        text = "\n".join(json.dumps(p) for p in progress) + "\n"
        (root / "progress.jsonl").write_text(text, encoding="utf-8")
    return root


def write_experiment(root: Path, guided: Sequence[ConversationRecord] | None = None) -> Path:
    """An experiment folder with guided/ (the known run) and baseline/ runs."""
    write_run(root / "guided", guided or known_run_records(), run_id="g-run", mode="guided")
    write_run(root / "baseline", baseline_run_records(), run_id="b-run", mode="baseline")
    return root
