"""`assistant_error` is found by the engine (a failed exchange), never given by a judge nor hunted
by a strategy: it is absent from every judge's output schema and refused where a label is read."""

from __future__ import annotations

import json

import pytest

from icatest.contracts import FailureMode, StrategySpec
from icatest.contracts.labels import JUDGE_LABELS
from icatest.judges.final_turn import FinalJudgement
from icatest.judges.rubric import ConversationJudgement
from icatest.judges.schema import TurnJudgement


@pytest.mark.parametrize("model", [TurnJudgement, FinalJudgement, ConversationJudgement])
def test_no_judge_schema_offers_assistant_error(model: type) -> None:
    assert "assistant_error" not in json.dumps(model.model_json_schema())


def test_judges_cannot_give_it_and_strategies_cannot_hunt_it() -> None:
    assert FailureMode.ASSISTANT_ERROR not in JUDGE_LABELS
    assert not FailureMode.ASSISTANT_ERROR.judged and FailureMode.SAFETY_VIOLATION.judged
    with pytest.raises(ValueError, match="engine"):
        TurnJudgement.model_validate({"findings": [{"label": "assistant_error", "rationale": "x"}]})
    with pytest.raises(ValueError, match="engine"):
        StrategySpec(name="x", failure_mode="assistant_error", description="d",
                     max_consecutive=1, offline_templates=["t"])
    schema = json.dumps(StrategySpec.model_json_schema())  # `icatest schema strategy`
    assert "assistant_error" not in schema and "safety_violation" in schema
