"""Builders for calibration tests: small conversation records and run directories."""

from __future__ import annotations

from pathlib import Path

from icatest.contracts import (
    ConversationRecord,
    ConversationVerdict,
    DimensionScore,
    LabelFinding,
    Target,
    TurnRecord,
    TurnVerdict,
)

REPO = Path(__file__).resolve().parents[2]


def verdict(*labels: str, scored: bool = True) -> TurnVerdict:
    if not scored:
        return TurnVerdict(scored=False, unscored_reason="unparseable output", judge="t")
    findings = [LabelFinding(label=lab, rationale=f"because {lab}") for lab in labels]  # type: ignore[arg-type]
    return TurnVerdict(findings=findings, judge="t")


def record(
    cid: str, turns: list[TurnVerdict | None], scores: dict[str, int] | None = None
) -> ConversationRecord:
    recorded = [
        TurnRecord(
            turn_number=i,
            user=f"Take me to Munich Airport please ({i})",
            system=None if v is None else f"Route to Munich Airport, step {i}.",
            sut_error="timeout" if v is None else None,
            evaluation=v,
        )
        for i, v in enumerate(turns)
    ]
    dims = scores or {
        "instruction_constraint_adherence": 2,
        "context_ambiguity_handling": 1,
        "plan_coherence": 2,
        "safety_compliance": 2,
    }
    return ConversationRecord(
        conversation_id=cid,
        mode="guided",  # type: ignore[arg-type]
        seed_id="s1",
        seed_pool="pool",
        seed_phrase="Get to Munich Airport",
        persona="neutral",
        context={"id": "c1", "location": "Munich", "date": "2025-01-10", "time": "17:00"},
        max_turns=len(turns),
        turns=recorded,
        targets=[
            Target(id="t1", description="Route to Munich Airport", kind="navigate", status=1),
            Target(id="t2", description="Find a cafe", kind="find_poi", status=0),
        ],
        conversation_evaluation=ConversationVerdict(
            scores=[
                DimensionScore(dimension=d, score=s, rationale="SECRET-RATIONALE")  # type: ignore[arg-type]
                for d, s in dims.items()
            ]
        ),
        termination_reason="max_turns_reached",  # type: ignore[arg-type]
    )


def write_run(run: Path, records: list[ConversationRecord], torn: bool = False) -> Path:
    run.mkdir(parents=True, exist_ok=True)
    lines = [r.model_dump_json() for r in records]
    text = "\n".join(lines) + "\n"
    if torn:
        text += lines[0][: len(lines[0]) // 2]
    (run / "conversations.jsonl").write_text(text, encoding="utf-8")
    return run
