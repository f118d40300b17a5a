"""Judging against intent: confirming garbled input is correct, acting on a wrong reading is a
finding with the cause misheard (any turn judge's verdict goes through this step)."""

from __future__ import annotations

from icatest.contracts import FailureMode, LabelFinding, TurnVerdict
from icatest.contracts.labels import FindingCause, HearingOutcome
from icatest.judges.hearing import asks_to_confirm, judge_hearing, lost_words

SPOKEN = "Take me to Freising by fifteen thirty."
HEARD = "Take me to Fraising by fifty thirty."
CARRIERS = ["Route to Freising by 15:30 Freising arrive_by:15:30 fifteen thirty"]


def _verdict(*labels: FailureMode) -> TurnVerdict:
    return TurnVerdict(findings=[LabelFinding(label=lb, rationale="r") for lb in labels])


def test_a_confirmation_question_is_correct() -> None:
    reply = "Sorry, did you say Fraising? Should I route there?"
    verdict, outcome = judge_hearing(
        _verdict(FailureMode.REQUEST_OMITTED, FailureMode.SAFETY_VIOLATION), 0.33, reply,
        spoken=SPOKEN, heard=HEARD, carriers=CARRIERS,
    )  # fmt: skip
    assert outcome is HearingOutcome.RECOVERED
    assert verdict.labels == [FailureMode.SAFETY_VIOLATION]  # only the question's charge goes


def test_acting_on_a_wrong_reading_is_misheard() -> None:
    reply = "Starting route to Fraising, arriving 16:50."
    verdict, outcome = judge_hearing(
        _verdict(FailureMode.IRRELEVANT_RESPONSE, FailureMode.SAFETY_VIOLATION), 0.33, reply,
        spoken=SPOKEN, heard=HEARD, carriers=CARRIERS,
    )  # fmt: skip
    assert outcome is HearingOutcome.MISHEARD
    causes = {f.label: f.cause for f in verdict.findings}
    assert causes[FailureMode.IRRELEVANT_RESPONSE] is FindingCause.MISHEARD
    assert causes[FailureMode.SAFETY_VIOLATION] is None


def test_a_garbled_filler_word_is_not_a_misheard_request() -> None:
    verdict, outcome = judge_hearing(
        _verdict(FailureMode.REQUEST_OMITTED), 0.1, "Here is the weather.",
        spoken="Ugh, take me to Freising.", heard="Uh, take me to Freising.", carriers=CARRIERS,
    )  # fmt: skip
    assert outcome is HearingOutcome.TOLERATED
    assert verdict.findings[0].cause is None


def test_clean_turns_are_left_alone() -> None:
    verdict = _verdict(FailureMode.REQUEST_OMITTED)
    assert judge_hearing(verdict, 0.0, "Did you say Freising?") == (verdict, None)


def test_confirmation_questions() -> None:
    assert asks_to_confirm("Did you mean Freising?")
    assert asks_to_confirm("I didn't catch that. Could you repeat it?")
    assert asks_to_confirm("프라이징 말씀하신 게 맞나요?")
    assert not asks_to_confirm("Starting route to Freising. Anything else?")
    assert not asks_to_confirm("Did you mean Freising.")  # no question asked


def test_lost_words_are_the_request_carrying_ones() -> None:
    assert lost_words(SPOKEN, HEARD, CARRIERS) == {"freising", "fifteen"}
    assert lost_words("Ugh, take me to Freising.", "Uh, take me to Freising.", CARRIERS) == set()


def test_model_judges_see_what_was_meant_and_what_was_heard(tmp_path) -> None:
    from icatest.catalog.scenarios import make_scenario
    from icatest.judges.protocol import TurnContext
    from icatest.judges.turn_judge import turn_variables
    from icatest.llm.prompts import load_prompt
    from tests.engine.helpers import make_catalog

    scenario = make_scenario(make_catalog(tmp_path), seed_pool="test", seed_id="garching")
    base = dict(scenario=scenario, turn=0, user=SPOKEN, reply="Routing to Fraising.",
                addressed_targets=[], history=[], targets=[])  # fmt: skip
    for name in ("turn_judge", "final_turn_judge"):
        prompt = load_prompt(name)
        extra = {"turns": [], "output_schema": {}, "schema_in_prompt": False,
                 "schema_enforced": True}  # fmt: skip
        garbled = prompt.render({**turn_variables(TurnContext(**base, heard=HEARD)), **extra})
        clean = prompt.render({**turn_variables(TurnContext(**base)), **extra})
        assert "The assistant heard (speech recognition)" in garbled[1]["content"]
        assert HEARD in garbled[1]["content"]
        assert "heard (speech recognition)" not in clean[1]["content"]
        assert "Misheard input" in garbled[0]["content"]  # the rubric's rule
