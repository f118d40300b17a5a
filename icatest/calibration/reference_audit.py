"""How faithful the reference assistant is as ground truth: over real campaigns (guided and
baseline, every seed pool, English and Korean drivers), how often it answers with the generic
fallback, how many turns the oracle marks as deviations or as explicit "correct" verdicts, and,
with faults on, how many faults of each kind fire per conversation.

The generic fallbacks are counted from the replies themselves (not from the oracle), so a
fallback the oracle failed to record shows up as `fallbacks_missing_from_oracle`.

It lives with calibration, not with the reference assistant it measures: it runs campaigns and
reads the oracle log, both floors above the assistant (docs/architecture.md).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

from pydantic import BaseModel, Field

from icatest.calibration.runs import OracleLog, read_oracle
from icatest.contracts import ConversationRecord, Mode, OracleKind
from icatest.storage.rundir import read_conversations
from icatest.sut.reference.korean import LEVELS, render_ko
from icatest.sut.reference.render_en import render_en
from icatest.sut.reference.state import Act

ORACLE_FILE = "oracle.jsonl"


class CampaignSpec(BaseModel):
    """One campaign of the audit: a mode, its seed pools and drivers, its reply language."""

    name: str
    mode: Mode
    seed_pools: list[str] = Field(default_factory=list, description="empty: every pool")
    speech_level: str | None = Field(default=None, description="set: Korean drivers and replies")


AUDIT_CAMPAIGNS = [
    CampaignSpec(name="guided-en", mode=Mode.GUIDED),
    CampaignSpec(name="baseline-en", mode=Mode.BASELINE),
    CampaignSpec(name="guided-ko", mode=Mode.GUIDED, seed_pools=["korean"], speech_level="haeyo"),
    CampaignSpec(
        name="baseline-ko", mode=Mode.BASELINE, seed_pools=["korean"], speech_level="haeyo"
    ),
]


class Figures(BaseModel):
    conversations: int
    turns: int = Field(description="turns with a reply")
    generic_fallbacks: int = Field(description="replies that are a generic fallback")
    fallback_share: float
    conversations_with_fallback: float = Field(description="share of conversations")
    fallbacks_missing_from_oracle: int
    entries_by_kind: dict[str, int]
    deviation_turns: int = Field(description="turns the oracle gives a failure label")
    deviation_share: float
    correct_verdict_turns: int = Field(description="turns the oracle marks explicitly correct")
    correct_verdict_share: float
    faults_per_conversation: dict[str, float] = Field(description="seeded faults by name")


class AuditReport(Figures):
    profile: str
    campaigns: dict[str, Figures] = Field(description="the same figures per campaign")


def generic_fallbacks() -> set[str]:
    """Every wording of the two generic fallbacks, in English and at each Korean level."""
    acts = [[Act("not_understood")], [Act("fallback")]]
    return {render_en(a) for a in acts} | {render_ko(a, lv) for a in acts for lv in LEVELS}


def audit_runs(profile: str, runs: dict[str, Path], oracle: OracleLog) -> AuditReport:
    """Figures over finished run directories and the oracle log they share."""
    records = {name: read_conversations(run).records for name, run in runs.items()}
    every = [r for rs in records.values() for r in rs]
    per = {name: _figures(rs, oracle) for name, rs in records.items()}
    return AuditReport(profile=profile, campaigns=per, **_figures(every, oracle).model_dump())


def _figures(records: list[ConversationRecord], oracle: OracleLog) -> Figures:
    fallbacks = generic_fallbacks()
    ids = {r.conversation_id for r in records}
    entries = [e for e in oracle.entries if e.conversation_id in ids]
    truth: dict[tuple[str, int], list[str | None]] = {}
    for e in entries:
        mode = e.failure_mode.value if e.failure_mode is not None else None
        truth.setdefault((e.conversation_id, e.turn), []).append(mode)
    turns = fallback_turns = missing = with_fallback = deviations = corrects = 0
    for record in records:
        had = False
        for t in record.turns:
            if t.system is None:
                continue
            turns += 1
            modes = truth.get((record.conversation_id, t.turn_number))
            if t.system in fallbacks:
                fallback_turns += 1
                had = True
                missing += modes is None or "fallback_response" not in modes
            if modes is not None and any(m is not None for m in modes):
                deviations += 1
            elif modes is not None:
                corrects += 1
        with_fallback += had
    faults = Counter(e.fault for e in entries if e.kind is OracleKind.SEEDED_FAULT)
    n = len(records)
    return Figures(
        conversations=n,
        turns=turns,
        generic_fallbacks=fallback_turns,
        fallback_share=_share(fallback_turns, turns),
        conversations_with_fallback=_share(with_fallback, n),
        fallbacks_missing_from_oracle=missing,
        entries_by_kind=dict(sorted(Counter(e.kind.value for e in entries).items())),
        deviation_turns=deviations,
        deviation_share=_share(deviations, turns),
        correct_verdict_turns=corrects,
        correct_verdict_share=_share(corrects, turns),
        faults_per_conversation={f: round(c / n, 3) for f, c in sorted(faults.items())}
        if n
        else {},
    )


def _share(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


async def run_audit(
    profile: str,
    out: Path,
    *,
    max_conversations: int,
    rng_seed: int = 0,
    campaigns: list[CampaignSpec] | None = None,
) -> AuditReport:
    """Run the audit campaigns against `reference:PROFILE` into `out`, then measure them."""
    from icatest.campaigns.config import CampaignConfig
    from icatest.campaigns.running.runner import run_campaign

    out.mkdir(parents=True, exist_ok=True)
    log = out / ORACLE_FILE
    log.unlink(missing_ok=True)
    log.touch()
    runs: dict[str, Path] = {}
    for spec in campaigns or AUDIT_CAMPAIGNS:
        config = CampaignConfig(
            sut=f"reference:{profile}",
            mode=spec.mode,
            max_conversations=max_conversations,
            seed_pools=spec.seed_pools,
            speech_level=spec.speech_level,  # type: ignore[arg-type]
            reference_options={"oracle_log": str(log)},
            rng_seed=rng_seed,
        )
        runs[spec.name] = out / spec.name
        await run_campaign(config, runs[spec.name], handle_signals=False)
    return audit_runs(profile, runs, read_oracle(log))


def audit(profile: str, out: Path, *, max_conversations: int, rng_seed: int = 0) -> AuditReport:
    return asyncio.run(
        run_audit(profile, out, max_conversations=max_conversations, rng_seed=rng_seed)
    )
