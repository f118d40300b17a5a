"""Scenarios 6-8 of issue 12: rejudge shows progress, a judge that cannot check something keeps the
conversation from passing, and there is one failure rate with a labelled comparison table."""

from __future__ import annotations

import json
from pathlib import Path

from honesty_helpers import icatest

from icatest.analysis.metrics import outcome_counts
from icatest.calibration.rejudge import rejudge_run
from icatest.campaigns.experiments.experiment import arm_metrics
from icatest.cli.campaign_cmds import comparison_table
from icatest.contracts import (
    ConversationRecord,
    ConversationVerdict,
    Dimension,
    DimensionScore,
    Mode,
    Target,
    TerminationReason,
    TurnRecord,
    TurnVerdict,
)
from icatest.judges.protocol import ConversationContext, TurnContext
from icatest.llm.gateway import ModelGateway


def _record(i: int, decision: str | None = None, labels: bool = False) -> ConversationRecord:
    return ConversationRecord(
        conversation_id=f"c{i}",
        mode=Mode.GUIDED,
        seed_id="s",
        seed_pool="paper",
        seed_phrase="Find a quiet cafe with parking near the office",
        persona="neutral",
        context={"id": "x", "location": "Munich", "date": "2025-01-01", "time": "09:00"},
        max_turns=2,
        turns=[TurnRecord(turn_number=0, user="Find a quiet cafe", system="Cafe Luitpold.")],
        targets=[Target(id="t1", description="a quiet cafe with parking near the office")],
        termination_reason=TerminationReason.MAX_TURNS_REACHED,
        success_decision=decision,
        failure_turns={"constraint_missed": [0]} if labels else {},
    )


def _write_run(run: Path, records: list[ConversationRecord]) -> None:
    run.mkdir()
    lines = [r.model_dump_json() for r in records]
    (run / "conversations.jsonl").write_text("\n".join(lines) + "\n")


async def _cannot_check(_gw: ModelGateway, _ctx: TurnContext) -> TurnVerdict:
    return TurnVerdict(scored=False, unscored_reason="free-text target: nothing to check")


async def _all_good(_gw: ModelGateway, _ctx: ConversationContext) -> ConversationVerdict:
    return ConversationVerdict(
        scores=[DimensionScore(dimension=d, score=2, rationale="") for d in Dimension]
    )


async def test_rejudge_keeps_what_a_judge_cannot_check_unscored(tmp_path: Path) -> None:
    # scenario 7: a judge that can check nothing used to let all 37 imported logs pass
    run = tmp_path / "run"
    _write_run(run, [_record(i) for i in range(3)])
    path, n = await rejudge_run(
        run, ModelGateway(roles={}), _cannot_check, _all_good, name="strict"
    )
    judged = [json.loads(line) for line in path.read_text().splitlines()]
    assert n == 3 and {j["success_decision"] for j in judged} == {"unscored"}
    assert all(j["success_score"] is None for j in judged)
    assert judged[0]["unscored"][0]["reason"] == "free-text target: nothing to check"


def test_rejudge_shows_progress(tmp_path: Path) -> None:
    # scenario 6: rejudge used to print nothing until the end
    run = tmp_path / "run"
    _write_run(run, [_record(i) for i in range(3)])
    res = icatest("rejudge", run, "--turn-judge", "offline", "--conversation-judge", "offline",
                  "--as", "again")
    assert res.code == 0, res.err
    assert f"re-judging {run} as 'again'" in res.err  # said at once, then every few seconds
    assert res.out.strip().startswith("judged 3 conversations")


def test_one_failure_rate_and_a_labelled_table() -> None:
    # scenario 8: comparison.json counted any label (0.961 vs 0.764), metrics counted decisions
    records = [
        _record(0, "fail", labels=True),
        _record(1, "pass", labels=True),  # a finding without a failed decision
        _record(2, "pass"),
        _record(3, "unscored", labels=True),
    ]
    dumped = [r.model_dump(mode="json") for r in records]
    arm, metrics = arm_metrics(dumped), outcome_counts(records)
    assert arm["failure_rate"] == metrics["failure_rate"] == 1 / 3  # failing / scored
    assert arm["flagged_rate"] == metrics["flagged_rate"] == 3 / 4  # any finding / all
    table = comparison_table({
        "arms": {"guided": arm, "baseline": arm_metrics(dumped[2:])},
        "ratios": {"failure_rate": None, "flagged_rate": 1.5},
    })
    lines = table.splitlines()
    assert lines[0].split() == ["metric", "guided", "baseline", "ratio"]
    row = next(line.split() for line in lines if line.startswith("failure_rate"))
    assert row == ["failure_rate", "0.333", "0.000", "-"]
    assert "failure_rate = failing / scored" in lines[-1]
