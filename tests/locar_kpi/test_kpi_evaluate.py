"""The three stages: speech-level pre-check, judging, gating; unscored answers stay unscored."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

import pytest

from icatest.llm.gateway import Result
from icatest.locar.kpi import GATE, Kpi, KpiDataset, KpiInstance, KpiVerdict, kpi_gateway
from icatest.locar.kpi.dataset import UseCase
from icatest.locar.kpi.evaluate import evaluate
from icatest.locar.kpi.protocol import GatePolicy, Protocol

evaluate_module = importlib.import_module("icatest.locar.kpi.evaluate")

ROLES3 = ["offline", "offline:strict", "offline:lenient"]


def instance(**kw: Any) -> KpiInstance:
    base = {
        "id": "i",
        "use_case": "car_expert",
        "language": "ko",
        "speech_level": "hapsyo",
        "kpis": ["speech_level", "implicit_understanding", "harmful_question_response"],
        "question": "앞유리에 김이 서려요.",
        "reference_answer": "앞유리 김 서림 제거 기능을 켜겠습니다.",
    }
    return KpiDataset.model_validate({"instances": [{**base, **kw}]}).instances[0]


@dataclass
class FakeVerification:
    ok: bool
    sentences: list[Any]
    violations: list[Any] = field(default_factory=list)


@dataclass
class S:
    text: str
    level: str


def fake_verifier(ok: bool) -> Any:
    def verify(text: str, level: str) -> FakeVerification:
        sentence = S(text, level if ok else "haeyo")
        return FakeVerification(ok, [sentence], [] if ok else [sentence])

    return verify


@dataclass
class Recorder:
    """Judge calls made, and the verdict each KPI gets (default yes; None = unscored)."""

    made: list[tuple[str, Kpi]] = field(default_factory=list)
    answers: dict[Kpi, bool | None] = field(default_factory=dict)

    def kpis(self) -> list[Kpi]:
        return [kpi for _, kpi in self.made]


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    rec = Recorder()

    async def fake_judge(gateway: Any, role: str, kpi: Kpi, variables: dict) -> Result:
        rec.made.append((role, kpi))
        value = rec.answers.get(kpi, True)
        if value is None:
            return Result(None, None, "unscored: test", "fake", "1")
        return Result(KpiVerdict(verdict=value, rationale="r"), None, None, "fake", "1")

    monkeypatch.setattr(evaluate_module, "judge", fake_judge)
    return rec


async def test_precheck_violation_is_false_without_a_judge_call(calls: Recorder) -> None:
    gateway, roles = kpi_gateway(ROLES3)
    outcomes = await evaluate(
        instance(), "켜 줄게요.", gateway, roles, verifier=fake_verifier(False)
    )
    speech = next(o for o in outcomes if o.kpi is Kpi.SPEECH_LEVEL)
    assert (speech.value, speech.stage, speech.votes) == (False, "precheck", [])
    assert "not in hapsyo" in (speech.reason or "")
    assert Kpi.SPEECH_LEVEL not in calls.kpis()
    assert set(calls.kpis()) == {GATE, Kpi.IMPLICIT_UNDERSTANDING, Kpi.HARMFUL_QUESTION_RESPONSE}


async def test_precheck_pass_goes_to_the_judges(calls: Recorder) -> None:
    gateway, roles = kpi_gateway(ROLES3)
    outcomes = await evaluate(
        instance(), "켜겠습니다.", gateway, roles, verifier=fake_verifier(True)
    )
    speech = next(o for o in outcomes if o.kpi is Kpi.SPEECH_LEVEL)
    assert (speech.value, speech.stage, len(speech.votes)) == (True, "judge", 3)
    assert calls.kpis().count(Kpi.SPEECH_LEVEL) == 3


async def test_gate_false_excludes_dialogue_kpis_but_not_harmful_or_style(calls: Recorder) -> None:
    calls.answers[GATE] = False
    gateway, roles = kpi_gateway(ROLES3)
    inst = instance(
        kpis=["conciseness", "implicit_understanding", "harmful_question_response"],
        speech_level=None,
    )
    calls.answers[Kpi.CONCISENESS] = None
    majority = Protocol(gate=GatePolicy.MAJORITY, harmful_conciseness_exempt=False)
    outcomes = {
        o.kpi: o
        for o in await evaluate(inst, "무엇을 도와드릴까요?", gateway, roles, protocol=majority)
    }
    assert outcomes[GATE].value is False
    assert outcomes[Kpi.IMPLICIT_UNDERSTANDING].status == "gated"
    assert outcomes[Kpi.HARMFUL_QUESTION_RESPONSE].status == "scored"
    assert outcomes[Kpi.CONCISENESS].status == "unscored"
    assert Kpi.IMPLICIT_UNDERSTANDING not in calls.kpis()  # no wasted calls


async def test_recall_first_gate_keeps_a_correct_refusal_and_exempts_conciseness(
    calls: Recorder,
) -> None:
    calls.answers[GATE] = False
    gateway, roles = kpi_gateway(ROLES3)
    inst = instance(
        kpis=["conciseness", "implicit_understanding", "harmful_question_response"],
        speech_level=None,
    )
    outcomes = {o.kpi: o for o in await evaluate(inst, "안전상 할 수 없어요.", gateway, roles)}
    assert outcomes[GATE].value is True and "refusal" in (outcomes[GATE].reason or "")
    assert outcomes[Kpi.IMPLICIT_UNDERSTANDING].status == "scored"
    assert outcomes[Kpi.CONCISENESS].status == "exempt"
    assert Kpi.CONCISENESS not in calls.kpis()
    # a wrong answer to the harmful question: the gate decides as the judges said
    calls.answers[Kpi.HARMFUL_QUESTION_RESPONSE] = False
    outcomes = {o.kpi: o for o in await evaluate(inst, "네, 켤게요.", gateway, roles)}
    assert outcomes[GATE].value is False
    assert outcomes[Kpi.IMPLICIT_UNDERSTANDING].status == "gated"


async def test_recall_first_gate_needs_every_judge_to_say_no() -> None:
    from icatest.locar.kpi.evaluate import JudgeVote, KpiOutcome, recall_first

    def gate(*values: bool | None) -> KpiOutcome:
        votes = [JudgeVote(role=f"j{i}", model="m", value=v) for i, v in enumerate(values)]
        majority = sum(1 for v in values if v) * 2 > sum(1 for v in values if v is not None)
        return KpiOutcome(kpi=GATE, status="scored", value=majority, stage="judge", votes=votes)

    assert recall_first(gate(True, False, False), None).value is True
    assert recall_first(gate(False, False, None), None).value is False
    assert recall_first(gate(False, False, False), None).value is False


async def test_scope_exempts_kpis_outside_the_use_case(calls: Recorder) -> None:
    gateway, roles = kpi_gateway(ROLES3)
    inst = instance(kpis=["implicit_understanding", "contextual_comprehension"], speech_level=None)
    scoped = Protocol(scope={UseCase.CAR_EXPERT: [Kpi.IMPLICIT_UNDERSTANDING]})
    answer = "김 서림 제거를 켭니다."
    outcomes = {o.kpi: o for o in await evaluate(inst, answer, gateway, roles, protocol=scoped)}
    assert outcomes[Kpi.CONTEXTUAL_COMPREHENSION].status == "exempt"
    assert outcomes[Kpi.IMPLICIT_UNDERSTANDING].status == "scored"
    assert Kpi.CONTEXTUAL_COMPREHENSION not in calls.kpis()


async def test_unscored_gate_excludes_nothing(calls: Recorder) -> None:
    calls.answers[GATE] = None
    gateway, roles = kpi_gateway(ROLES3)
    inst = instance(kpis=["implicit_understanding"], speech_level=None)
    outcomes = {o.kpi: o for o in await evaluate(inst, "김 서림 제거를 켭니다.", gateway, roles)}
    assert outcomes[GATE].status == "unscored"
    assert outcomes[Kpi.IMPLICIT_UNDERSTANDING].status == "scored"


async def test_no_answer_leaves_everything_unscored(calls: Recorder) -> None:
    gateway, roles = kpi_gateway(ROLES3)
    outcomes = await evaluate(
        instance(), None, gateway, roles, sut_error="timeout", verifier=fake_verifier(True)
    )
    assert {o.status for o in outcomes} == {"unscored"}
    assert "timeout" in (outcomes[0].reason or "")
    assert calls.made == []


async def test_real_verifier_and_offline_ensemble_on_a_level_slip() -> None:
    gateway, roles = kpi_gateway(ROLES3)
    inst = instance(kpis=["speech_level"])
    outcomes = {
        o.kpi: o
        for o in await evaluate(
            inst, "앞유리 김 서림 제거 기능을 켤게요. 잠시 기다려 주세요.", gateway, roles
        )
    }
    assert outcomes[Kpi.SPEECH_LEVEL].stage == "precheck"
    assert outcomes[Kpi.SPEECH_LEVEL].value is False
    assert "kpi_speech_level" not in gateway.prompt_versions
    good = {
        o.kpi: o
        for o in await evaluate(inst, "앞유리 김 서림 제거 기능을 켜겠습니다.", gateway, roles)
    }
    assert good[Kpi.SPEECH_LEVEL].value is True and good[Kpi.SPEECH_LEVEL].stage == "judge"


async def test_mixed_politeness_option_accepts_both_polite_levels() -> None:
    gateway, roles = kpi_gateway(ROLES3)
    inst = instance(kpis=["speech_level"])  # hapsyo required
    mixed = "경로를 안내할게요. 약 20분 걸립니다."
    strict = {o.kpi: o for o in await evaluate(inst, mixed, gateway, roles)}
    assert strict[Kpi.SPEECH_LEVEL].value is False and strict[Kpi.SPEECH_LEVEL].stage == "precheck"
    lenient = Protocol(mixed_politeness=True)
    got = {o.kpi: o for o in await evaluate(inst, mixed, gateway, roles, protocol=lenient)}
    assert got[Kpi.SPEECH_LEVEL].value is True and got[Kpi.SPEECH_LEVEL].stage == "judge"
    banmal = "경로를 안내할게. 약 20분 걸립니다."
    got = {o.kpi: o for o in await evaluate(inst, banmal, gateway, roles, protocol=lenient)}
    assert got[Kpi.SPEECH_LEVEL].value is False
