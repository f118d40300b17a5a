"""The role binder: one place turns model strings into gateway roles and judges."""

from __future__ import annotations

import subprocess
import sys

import pytest

from icatest.errors import ConfigError
from icatest.judges import (
    EnsembleConversationJudge,
    EnsembleTurnJudge,
    ModelConversationJudge,
    ModelFinalTurnJudge,
    ModelTurnJudge,
    RulesTurnJudge,
    bind_roles,
)

THREE = "offline,offline:strict,offline:lenient"


@pytest.mark.parametrize(
    ("turn", "conversation", "combine", "turn_type", "conversation_type", "final"),
    [
        ("offline", "offline", True, RulesTurnJudge, ModelConversationJudge, True),
        ("offline", "offline", False, RulesTurnJudge, ModelConversationJudge, False),
        ("offline", "offline:strict", True, RulesTurnJudge, ModelConversationJudge, False),
        ("openai/m", "offline", False, ModelTurnJudge, ModelConversationJudge, False),
        (THREE, "offline", True, EnsembleTurnJudge, ModelConversationJudge, False),
        ("offline", THREE, True, RulesTurnJudge, EnsembleConversationJudge, False),
        (THREE, THREE, True, EnsembleTurnJudge, EnsembleConversationJudge, False),
    ],
)
def test_binder_picks_judges_and_the_combined_final_turn(
    turn: str,
    conversation: str,
    combine: bool,
    turn_type: type,
    conversation_type: type,
    final: bool,
) -> None:
    binding = bind_roles(
        {"simulator": "offline", "turn_judge": turn, "conversation_judge": conversation},
        combine_final_turn=combine,
    )
    assert isinstance(binding.judges.turn, turn_type)
    assert isinstance(binding.judges.conversation, conversation_type)
    assert isinstance(binding.judges.final_turn, ModelFinalTurnJudge) is final
    assert (binding.judges.final_turn is None) is not final


def test_ensemble_members_get_their_own_roles() -> None:
    binding = bind_roles({"turn_judge": THREE, "conversation_judge": "offline"})
    assert sorted(binding.roles) == ["conversation_judge", *(f"turn_judge.{i}" for i in (1, 2, 3))]
    assert binding.roles["turn_judge.2"].model == "offline:strict"
    ensemble = binding.judges.turn
    assert isinstance(ensemble, EnsembleTurnJudge)
    assert [m.role for m in ensemble.members] == ["turn_judge.1", "turn_judge.2", "turn_judge.3"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("role", "text", "message"),
    [
        ("turn_judge", "offline,offline", "odd number"),
        ("conversation_judge", "", "empty model string"),
        ("simulator", "@http://x", "empty model string"),
    ],
)
def test_bad_model_strings_name_the_option(role: str, text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message) as info:
        bind_roles({role: text})
    assert f"--{role.replace('_', '-')}" in str(info.value)


def test_binding_an_ensemble_does_not_load_the_analysis_stack() -> None:
    code = (
        "import sys; from icatest.judges import bind_roles; import icatest.engine.run;"
        f"bind_roles({{'turn_judge': {THREE!r}}});"
        "print(sorted(m for m in ('pandas', 'scipy') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"
