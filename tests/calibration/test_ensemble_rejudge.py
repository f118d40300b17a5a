"""Majority-vote ensembles, judge selection and re-judging a finished run."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from calibration_builders import record, verdict, write_run

from icatest.calibration.oracle import compare_with_oracle, judged_from_verdicts
from icatest.calibration.rejudge import read_judgements, rejudge_run, verdicts_from_judgements
from icatest.calibration.runs import OracleEntry, OracleLog
from icatest.calibration.selection import select_judges
from icatest.cli import main
from icatest.contracts import (
    ConversationVerdict,
    DimensionScore,
    TargetUpdate,
    TurnVerdict,
)
from icatest.judges import (
    ConversationContext,
    EnsembleTurnJudge,
    TurnContext,
    majority_conversation_verdict,
    majority_turn_verdict,
)
from icatest.judges.ensemble import member_roles
from icatest.llm.gateway import ModelGateway


def _cv(*scores: int, scored: bool = True) -> ConversationVerdict:
    if not scored:
        return ConversationVerdict(scored=False, unscored_reason="bad json")
    dims = ["plan_coherence", "safety_compliance"]
    return ConversationVerdict(
        scores=[
            DimensionScore(dimension=d, score=s, rationale="r")
            for d, s in zip(dims, scores, strict=True)
        ]  # type: ignore[arg-type]
    )


def test_turn_majority_and_stricter_ties() -> None:
    a = verdict("constraint_missed", "fallback_response")
    b = verdict("constraint_missed")
    c = verdict()
    merged = majority_turn_verdict([a, b, c])
    assert merged.scored and merged.labels == ["constraint_missed"]
    assert merged.findings[0].rationale.startswith("2/3 judges")
    tie = majority_turn_verdict([a, c, verdict(scored=False)])  # 1 of 2 scored: present
    assert sorted(tie.labels) == ["constraint_missed", "fallback_response"]
    none = majority_turn_verdict([verdict(scored=False)] * 3)
    assert not none.scored and "no member scored" in (none.unscored_reason or "")


def test_target_status_majority_keeps_ties_open() -> None:
    done = TurnVerdict(target_updates=[TargetUpdate(target_id="t1", status=1)])
    silent = TurnVerdict()
    assert majority_turn_verdict([done, done, silent]).target_updates[0].status == 1
    assert (
        majority_turn_verdict([done, silent, verdict(scored=False)]).target_updates[0].status == 0
    )


def test_conversation_majority_and_lower_on_ties() -> None:
    merged = majority_conversation_verdict([_cv(2, 2), _cv(2, 1), _cv(0, 0)])
    assert merged.score_map() == {"plan_coherence": 2, "safety_compliance": 0}  # 2/1/0 tie -> 0
    merged = majority_conversation_verdict([_cv(2, 2), _cv(1, 1), _cv(scored=False)])
    assert merged.score_map() == {"plan_coherence": 1, "safety_compliance": 1}


def test_even_ensembles_are_refused() -> None:
    with pytest.raises(ValueError, match="odd"):
        member_roles("turn_judge", ["offline", "offline"])
    with pytest.raises(ValueError, match="odd"):
        EnsembleTurnJudge(members=(None, None))  # type: ignore[arg-type]


async def test_ensemble_is_a_turn_judge_over_its_members() -> None:
    calls: list[str] = []

    @dataclass(frozen=True)
    class FakeJudge:
        role: str

        async def __call__(self, gateway: ModelGateway, ctx: TurnContext) -> TurnVerdict:
            calls.append(self.role)
            return verdict("safety_violation") if self.role != "turn_judge.3" else verdict()

    roles = ("turn_judge.1", "turn_judge.2", "turn_judge.3")
    ensemble = EnsembleTurnJudge(tuple(FakeJudge(r) for r in roles))
    ctx = TurnContext(
        scenario=None,  # type: ignore[arg-type]
        turn=0,
        user="u",
        reply="r",
        addressed_targets=[],
        history=[],
        targets=[],
    )
    out = await ensemble(ModelGateway(roles={}), ctx)
    assert sorted(calls) == list(roles)
    assert out.labels == ["safety_violation"] and out.judge.startswith("ensemble[")


def test_select_judges_by_aggregate_agreement() -> None:
    gold = {("d1", f"i{k}"): k % 2 for k in range(10)} | {("d2", f"i{k}"): k % 3 for k in range(10)}
    perfect = dict(gold)
    one_off = dict(gold) | {("d1", "i0"): 1}
    flipped = {key: (1 - v if key[0] == "d1" else v) for key, v in gold.items()}
    constant = {key: 0 for key in gold}
    half = {key: (0 if key[0] == "d1" else v) for key, v in gold.items()}  # kappa 0 and 1
    chosen = select_judges(
        {
            "perfect": perfect,
            "one_off": one_off,
            "flipped": flipped,
            "constant": constant,
            "half": half,
        },
        gold,
        k=3,
    )
    assert [name for name, _ in chosen] == ["perfect", "one_off", "half"]
    assert chosen[0][1] == pytest.approx(1.0)
    with pytest.raises(ValueError):
        select_judges({"a": perfect}, gold, k=3)


def _run(tmp_path: Path) -> Path:
    records = [
        record("c1", [verdict(), verdict("constraint_missed")]),
        record("c2", [verdict("fallback_response"), None, verdict()]),
    ]
    return write_run(tmp_path / "run", records)


async def test_rejudge_run_with_fake_judges(tmp_path: Path) -> None:
    run = _run(tmp_path)
    before = (run / "conversations.jsonl").read_bytes()
    seen_targets: list[list[str]] = []

    async def turn_judge(gateway: ModelGateway, ctx: TurnContext) -> TurnVerdict:
        seen_targets.append([t.id for t in ctx.addressed_targets])
        done = [TargetUpdate(target_id="t1", status=1)] if ctx.turn == 0 else []
        return verdict("context_forgotten") if ctx.turn == 1 else TurnVerdict(target_updates=done)

    async def conversation_judge(
        gateway: ModelGateway, ctx: ConversationContext
    ) -> ConversationVerdict:
        # the run's own verdicts are hidden: only this judge's labels are in the history
        labels = {lab for t in ctx.turns if t.evaluation for lab in t.evaluation.labels}
        assert "constraint_missed" not in labels and "fallback_response" not in labels
        return ConversationVerdict(
            scores=[
                DimensionScore(dimension=d, score=2, rationale="ok")
                for d in (  # type: ignore[arg-type]
                    "instruction_constraint_adherence",
                    "context_ambiguity_handling",
                    "plan_coherence",
                    "safety_compliance",
                )
            ]
        )

    path, n = await rejudge_run(
        run,
        ModelGateway(roles={}),
        turn_judge,
        conversation_judge,
        name="fake",  # type: ignore[arg-type]
    )
    assert n == 2 and path == run / "judgements" / "fake.jsonl"
    assert (run / "conversations.jsonl").read_bytes() == before
    records = read_judgements(run, "fake")
    c1 = records[0]
    assert [e.verdict is not None for e in records[1].turns] == [True, False, True]
    # turn 0 raises both targets; turn 1 ("Take me to Munich Airport") repeats neither the
    # completed t1 nor t2 ("Find a cafe"), so no target is judged there
    assert seen_targets[0] == ["t1", "t2"] and seen_targets[1] == []
    assert c1.targets[0].status == 1 and c1.targets[0].completed_turn == 0
    assert c1.success_score == pytest.approx((4 * 1.0 + 0.5) / 5) and c1.success_decision == "pass"
    judged = judged_from_verdicts(verdicts_from_judgements(records))
    oracle = OracleLog(
        [
            OracleEntry(
                conversation_id="c1",
                turn=1,
                fault="forget_context",
                failure_mode="context_forgotten",
            )
        ]
    )  # type: ignore[arg-type]
    report = compare_with_oracle(judged, oracle)  # c2 turn 1 had no reply: not an item
    assert report.micro.f1 == pytest.approx(1.0) and report.turns_without_evaluation == 1
    with pytest.raises(Exception, match="already exist"):
        await rejudge_run(run, ModelGateway(roles={}), turn_judge, conversation_judge, name="fake")  # type: ignore[arg-type]


def test_rejudge_cli_with_offline_judges_and_ensemble(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = _run(tmp_path)
    before = (run / "conversations.jsonl").read_bytes()
    args = ["rejudge", str(run), "--turn-judge", "offline", "--conversation-judge", "offline"]
    assert main([*args, "--as", "single"]) == 0
    ensemble = [
        "rejudge",
        str(run),
        "--turn-judge",
        "offline,offline,offline",
        "--conversation-judge",
        "offline,offline,offline",
        "--as",
        "trio",
    ]
    assert main(ensemble) == 0
    assert (run / "conversations.jsonl").read_bytes() == before
    single = read_judgements(run, "single")
    trio = read_judgements(run, "trio")
    for one, three in zip(single, trio, strict=True):
        labels_one = [e.verdict.labels if e.verdict else None for e in one.turns]
        labels_three = [e.verdict.labels if e.verdict else None for e in three.turns]
        assert labels_one == labels_three  # three identical judges agree with one
        assert one.scores == three.scores and one.conversation_verdict is not None
    assert trio[0].turns[0].verdict is not None and trio[0].turns[0].verdict.judge.startswith(
        "ensemble["
    )
    oracle = tmp_path / "oracle.jsonl"
    oracle.write_text(
        json.dumps(
            {"conversation_id": "c1", "turn": 1, "fault": "x", "failure_mode": "constraint_missed"}
        )
        + "\n"
    )
    argv = ["calibrate", "oracle", "--run", str(run), "--oracle-log", str(oracle), "--json"]
    assert main([*argv, "--judgements", "trio"]) == 0
    assert "micro" in capsys.readouterr().out
    assert (
        main(
            [
                "rejudge",
                str(run),
                "--turn-judge",
                "offline,offline",
                "--conversation-judge",
                "offline",
                "--as",
                "even",
            ]
        )
        != 0
    )


def test_a_target_is_addressed_only_when_the_utterance_raises_or_repeats_it() -> None:
    from icatest.calibration.rejudge import raised_by
    from icatest.contracts import Target

    cafe = Target(id="t2", description="Find a cafe near the airport", introduced_turn=0)
    assert raised_by("Coffee at the airport?", cafe, 0)  # its own turn
    assert raised_by("Again: find a cafe near the airport", cafe, 2)  # repeated in words
    assert not raised_by("Take me to Munich Airport please", cafe, 2)
    later = cafe.model_copy(update={"introduced_turn": 3})
    assert not raised_by("Find a cafe near the airport", later, 2)
