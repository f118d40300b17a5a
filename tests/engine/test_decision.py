"""The decision rule: pass only when every judgement is scored; fail only on scored evidence."""

from __future__ import annotations

from icatest.contracts import (
    ConversationVerdict,
    Decision,
    Dimension,
    DimensionScore,
    SutErrorKind,
    TurnRecord,
    TurnVerdict,
)
from icatest.scoring.decision import decide, describe_missing


def _turn(n: int, verdict: TurnVerdict | None, error: str | None = None) -> TurnRecord:
    return TurnRecord(
        turn_number=n,
        user="u",
        system=None if error else "s",
        sut_error=error,
        sut_error_kind=SutErrorKind.TIMEOUT if error else None,
        evaluation=verdict,
    )


def _conversation(score: int) -> ConversationVerdict:
    return ConversationVerdict(
        scores=[DimensionScore(dimension=d, score=score, rationale="") for d in Dimension]
    )


SCORED = TurnVerdict()
MISSING = TurnVerdict(scored=False, unscored_reason="model unavailable (timeout): no answer")


def test_all_scored_passes_or_fails_on_c() -> None:
    good = decide([_turn(0, SCORED), _turn(1, SCORED)], _conversation(2), [1])
    assert good.decision is Decision.PASS and good.success_score == 1.0 and not good.unscored
    bad = decide([_turn(0, SCORED)], _conversation(0), [0])
    assert bad.decision is Decision.FAIL and bad.success_score == 0.0


def test_an_unscored_turn_never_passes() -> None:
    out = decide([_turn(0, SCORED), _turn(1, MISSING)], _conversation(2), [1])
    assert out.decision is Decision.UNSCORED and out.success_score is None
    assert [(p.turn, p.role) for p in out.unscored] == [(1, "turn_judge")]
    assert "model unavailable" in out.unscored[0].reason


def test_scored_evidence_alone_can_prove_failure() -> None:
    # every dimension 0: even with every open target completed C = 1/5 < 0.75
    out = decide([_turn(0, MISSING)], _conversation(0), [0, 0])
    assert out.decision is Decision.FAIL and out.success_score == 0.0
    assert out.unscored and out.unscored[0].turn == 0  # still says what was not judged


def test_open_targets_could_still_have_been_completed() -> None:
    # dimensions all 1 (0.5 each): with the open target completed C = (2 + 1) / 5 = 0.6 < 0.75
    assert decide([_turn(0, MISSING)], _conversation(1), [0]).decision is Decision.FAIL
    # dimensions all 2: C could reach 1.0 if the unjudged turn completed the target
    assert decide([_turn(0, MISSING)], _conversation(2), [0]).decision is Decision.UNSCORED


def test_unscored_conversation_verdict_is_unscored() -> None:
    verdict = ConversationVerdict(scored=False, unscored_reason="unparseable output: scores")
    out = decide([_turn(0, SCORED)], verdict, [1])
    assert out.decision is Decision.UNSCORED
    assert out.unscored[-1].role == "conversation_judge"
    assert decide([_turn(0, SCORED)], None, [1]).decision is Decision.UNSCORED


def test_missing_assistant_reply_is_a_missing_judgement() -> None:
    turns = [_turn(0, SCORED), _turn(1, None, error="timeout: no reply within 30s")]
    out = decide(turns, _conversation(2), [1])
    assert out.decision is Decision.UNSCORED
    assert out.unscored[0].role == "assistant" and "timeout" in out.unscored[0].reason
    assert decide([], _conversation(2), []).decision is Decision.UNSCORED


def test_description_names_turns_and_roles() -> None:
    out = decide([_turn(i, MISSING) for i in range(5)], None, [0])
    text = describe_missing(out.unscored)
    assert text.startswith("turn 0 turn_judge: model unavailable") and text.endswith("3 more")


def test_an_abstention_is_missing_unless_the_target_was_completed_later() -> None:
    from icatest.contracts import UncertainTarget

    abstained = TurnVerdict(uncertain=[UncertainTarget(target_id="t1", reason="free text")])
    turns = [_turn(0, abstained), _turn(1, SCORED)]
    out = decide(turns, _conversation(2), [0])
    assert out.decision is Decision.UNSCORED
    assert out.unscored[0].reason == "t1 undecided: free text"
    done = decide(turns, _conversation(2), [1], completed={"t1"})
    assert done.decision is Decision.PASS and not done.unscored
