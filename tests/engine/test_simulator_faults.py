"""Simulator faults are not the assistant's: each check fires on its plain case and not on a
driver's ordinary turns, and a conversation failing only on a faulted turn is `invalid`."""

from __future__ import annotations

from icatest.analysis.metrics import compute_metrics
from icatest.contracts import (
    ConversationVerdict,
    Decision,
    Dimension,
    DimensionScore,
    FailureMode,
    LabelFinding,
    TurnRecord,
    TurnVerdict,
)
from icatest.contracts.labels import SimulatorFaultKind, TargetStatus
from icatest.contracts.records import SimulatorFault, Target
from icatest.scoring.decision import decide
from icatest.simulator.faults import turn_faults
from icatest.simulator.schema import NewTarget, SimulatorTurn

MISSED = TurnVerdict(findings=[LabelFinding(label=FailureMode.CONSTRAINT_MISSED, rationale="x")])
LEAK = SimulatorFault(kind=SimulatorFaultKind.LEAKED_TERMS, detail="scrubbed: constraint_missed")
TARGETS = [
    Target(id="t1", description="Route to Garching", kind="navigate"),
    Target(id="t2", description="Find a cafe", status=TargetStatus.DROPPED),
]


def _turn(n: int, verdict: TurnVerdict, faults: list[SimulatorFault] | None = None) -> TurnRecord:
    return TurnRecord(turn_number=n, user="u", system="s", evaluation=verdict,
                      simulator_faults=faults or [])


def _verdict(score: int) -> ConversationVerdict:
    return ConversationVerdict(
        scores=[DimensionScore(dimension=d, score=score, rationale="") for d in Dimension]
    )


def test_failing_only_on_a_planted_fault_is_invalid() -> None:
    turns = [_turn(0, TurnVerdict()), _turn(1, MISSED, [LEAK])]
    out = decide(turns, _verdict(0), [0])
    assert out.decision is Decision.INVALID and out.success_score is None
    assert [(p.turn, p.role) for p in out.unscored] == [(1, "simulator")]
    assert "leaked_terms" in out.unscored[0].reason


def test_a_clean_failing_turn_keeps_the_failure() -> None:
    turns = [_turn(0, MISSED), _turn(1, MISSED, [LEAK])]
    assert decide(turns, _verdict(0), [0]).decision is Decision.FAIL
    # a fault on a turn without findings does not excuse a failure elsewhere
    turns = [_turn(0, MISSED), _turn(1, TurnVerdict(), [LEAK])]
    assert decide(turns, _verdict(0), [0]).decision is Decision.FAIL
    # a pass is a pass
    assert decide([_turn(0, TurnVerdict(), [LEAK])], _verdict(2), [1]).decision is Decision.PASS


def test_an_assistant_error_is_never_the_simulators() -> None:
    err = TurnVerdict(judge="engine",
                      findings=[LabelFinding(label=FailureMode.ASSISTANT_ERROR, rationale="500")])
    out = decide([_turn(0, err, [LEAK])], None, [0])
    assert out.decision is Decision.FAIL


def _faults(utterance: str, turn: int = 2, language: str = "en", **kw) -> list[str]:
    value = SimulatorTurn(utterance=utterance, **kw)
    history = [TurnRecord(turn_number=0, user="Take me to Garching please.", system="ok")]
    found = turn_faults(turn=turn, language=language, value=value, history=history,
                        targets=TARGETS)
    return [f.kind.value for f in found]


def test_each_check_on_its_plain_case() -> None:
    assert _faults("...") == ["empty"]
    assert _faults("가르힝으로 가는 길 알려줘") == ["wrong_language"]
    assert _faults("Drive me to Garching, please", language="ko") == ["wrong_language"]
    assert _faults("Any cafe on the way?", addressed_target_ids=["t2"]) == ["contradicted_goal"]
    assert _faults("Hello! Take me to Garching, please.") == ["restart"]
    assert _faults("Take me to Garching please") == ["restart"]  # the opening, word for word


def test_ordinary_driver_turns_have_no_fault() -> None:
    assert _faults("Again: take me to Garching, and avoid the highway.") == []
    assert _faults("Hello", turn=0) == []  # a greeting opens a conversation
    assert _faults("Forget the cafe.", addressed_target_ids=["t2"], dropped_target_ids=["t2"]) == []
    assert _faults("가르힝 Starbucks 근처로 가 주세요", language="ko") == []
    assert _faults("OK") == []  # too few letters to say anything about the language
    assert _faults("Hello! Still waiting: the cafe near the station?") == []  # a persona's manner
    assert _faults("Hello! again: take me to Garching, please.") == []  # a push, said as one
    new = [NewTarget(description="Take me to Garching please")]
    assert _faults("Again: Garching, please.", new_targets=new) == []  # a push, not a restart


def test_invalid_is_counted_apart_and_out_of_the_failure_rate() -> None:
    from tests.analysis.runfactory import make_record

    failing = make_record("f", decision="fail")
    invalid = make_record("i", decision="invalid", score=None)
    invalid.turns[1].simulator_faults = [LEAK]
    m = compute_metrics([failing, make_record("p", decision="pass", score=0.9), invalid])
    assert m["invalid_conversations"] == 1 and m["unscored_conversations"] == 0
    assert m["failure_rate"] == 0.5 and m["failing_conversations"] == 1
    assert m["simulator_fault_turns"] == 1 and m["simulator_fault_kinds"] == {"leaked_terms": 1}
    assert [c["conversation_id"] for c in m["invalid_conversation_list"]] == ["i"]


def test_the_report_lists_invalid_conversations(tmp_path) -> None:
    from icatest.analysis import load_run
    from icatest.analysis.report import render_report
    from tests.analysis.runfactory import make_record, write_run

    invalid = make_record("planted", decision="invalid", score=None)
    invalid.turns[2].simulator_faults = [LEAK]
    run = load_run(write_run(tmp_path / "r", [invalid, make_record("ok", decision="pass")]))
    html = render_report([run], {run.name: compute_metrics(run.records)})
    section = html[html.index('id="simulator-faults"'):]
    assert "planted" in section and "turn 2" in section and "leaked_terms" in section


def test_invalid_conversations_are_named_in_the_final_line_and_exit_reason() -> None:
    from types import SimpleNamespace

    from icatest.campaigns.outcome import unusable_reason
    from icatest.campaigns.progress.state import ProgressState
    from icatest.cli.campaign_cmds import summary_line

    p = ProgressState()
    for decision in ("pass", "fail", "invalid", "invalid"):
        p.add({"success_decision": decision, "termination_reason": "max_turns_reached"})
    assert (p.scored, p.invalid, p.unscored) == (2, 2, 0)
    result = SimpleNamespace(progress=p, status="completed", conversations=4,
                             new_conversations=4, run_dir="runs/x")
    assert "2 scored, 0 unscored, 2 invalid (simulator faults)" in summary_line(result)
    assert "2 invalid: they failed only on simulator faults" in (
        unusable_reason("completed", p, 0.9) or "")


async def test_a_planted_fault_through_the_engine_makes_the_conversation_invalid(tmp_path):
    """A model simulator (the loopback fake) that answers an English driver's turn in Korean:
    every turn is marked, the assistant's generic answers fail, and the conversation is
    invalid rather than failing."""
    import json

    from icatest.catalog.scenarios import make_scenario
    from icatest.contracts import Mode
    from icatest.engine import Runtime, run_conversation
    from icatest.llm import GatewayConfig, ModelGateway, ModelSpec
    from icatest.testing.fake_openai import FakeOpenAI
    from tests.engine.helpers import ScriptedSession, always, make_catalog

    catalog = make_catalog(tmp_path, strategies=False)
    said = "가르힝으로 가는 길 좀 알려 주세요"
    korean = json.dumps({"utterance": said, "addressed_target_ids": []})
    with FakeOpenAI(lambda messages: korean) as server:
        spec = ModelSpec.parse(f"openai/fake@{server.base_url}/v1")
        gateway = ModelGateway(roles={"simulator": spec}, config=GatewayConfig(timeout_s=5.0))
        scenario = make_scenario(catalog, seed_pool="test", seed_id="garching", max_turns=2,
                                 mode=Mode.GUIDED)
        runtime = Runtime(session=ScriptedSession(always("Sorry, I can't help with that.")),
                          gateway=gateway, catalog=catalog)
        record = await run_conversation(scenario, runtime)
    assert record.turns and all(
        "wrong_language" in {f.kind.value for f in t.simulator_faults} for t in record.turns)
    assert any(t.evaluation and t.evaluation.findings for t in record.turns)
    assert record.success_decision == "invalid" and record.success_score is None
    assert {p.role for p in record.unscored} == {"simulator"}
