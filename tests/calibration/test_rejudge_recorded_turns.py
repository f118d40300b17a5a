"""`rejudge` judges each turn of an engine run as the run did: the targets the utterance pushed
(as recorded) with the constraints known at that turn, not the ones the driver added later."""

from __future__ import annotations

import asyncio

from icatest.calibration.rejudge import rejudge_record
from icatest.contracts import (
    ConversationRecord,
    ConversationVerdict,
    Mode,
    Target,
    TerminationReason,
    TurnRecord,
    TurnVerdict,
)
from icatest.judges.protocol import ConversationContext, TurnContext
from icatest.llm.gateway import ModelGateway

SEEN: list[tuple[int, list[str], list[list[str]]]] = []


async def _spy(_gw: ModelGateway, ctx: TurnContext) -> TurnVerdict:
    SEEN.append((ctx.turn, [t.id for t in ctx.addressed_targets],
                 [list(t.constraints) for t in ctx.addressed_targets]))  # fmt: skip
    return TurnVerdict()


async def _conversation(_gw: ModelGateway, _ctx: ConversationContext) -> ConversationVerdict:
    return ConversationVerdict(scored=False, unscored_reason="not under test")


def test_each_turn_sees_its_own_targets_and_constraints() -> None:
    cafe = Target(id="t1", description="Find a cafe", constraints=["cheap", "parking"])
    route = Target(id="t2", description="Route to Ulm", introduced_turn=1)
    record = ConversationRecord(
        conversation_id="c", mode=Mode.GUIDED, seed_id="s", seed_pool="p", seed_phrase="x",
        persona="neutral", context={"id": "x", "location": "Ulm", "date": "2025-01-01"},
        max_turns=3,
        turns=[
            TurnRecord(turn_number=0, user="Find a cheap cafe", system="Café Lotte, 3 euros.",
                       addressed_targets=["t1"]),
            TurnRecord(turn_number=1, user="Route to Ulm. For the cafe, with parking too.",
                       system="Route to Ulm: 40 min.", addressed_targets=["t2", "t1"],
                       added_constraints={"t1": ["parking"]}),
        ],
        targets=[cafe, route],
        termination_reason=TerminationReason.MAX_TURNS_REACHED,
    )  # fmt: skip
    SEEN.clear()
    asyncio.run(rejudge_record(record, ModelGateway(roles={}), _spy, _conversation, name="x"))
    assert SEEN == [(0, ["t1"], [["cheap"]]), (1, ["t1", "t2"], [["cheap", "parking"], []])]


def test_the_engines_assistant_error_survives_a_rejudge() -> None:
    from icatest.contracts import FailureMode, LabelFinding, SutErrorKind

    finding = LabelFinding(label=FailureMode.ASSISTANT_ERROR, rationale="no usable reply (x)")
    record = ConversationRecord(
        conversation_id="c", mode=Mode.GUIDED, seed_id="s", seed_pool="p", seed_phrase="x",
        persona="neutral", context={"id": "x", "location": "Ulm", "date": "2025-01-01"},
        max_turns=3,
        turns=[
            TurnRecord(turn_number=0, user="Find a cafe", system="Café Lotte.",
                       addressed_targets=["t1"]),
            TurnRecord(turn_number=1, user="Route to Ulm", system=None,
                       sut_error="malformed: body is not JSON",
                       sut_error_kind=SutErrorKind.MALFORMED,
                       evaluation=TurnVerdict(findings=[finding], judge="engine")),
        ],
        targets=[Target(id="t1", description="Find a cafe")],
        termination_reason=TerminationReason.SUT_ERROR,
    )  # fmt: skip
    SEEN.clear()
    judged = asyncio.run(
        rejudge_record(record, ModelGateway(roles={}), _spy, _conversation, name="x")
    )
    assert [turn for turn, _, _ in SEEN] == [0]  # the failed exchange is not sent to a judge
    assert judged.turns[1].verdict is not None
    assert judged.turns[1].verdict.labels == [FailureMode.ASSISTANT_ERROR]
    assert judged.success_decision == "fail"
