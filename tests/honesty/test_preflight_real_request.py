"""Preflight sends each role's real request: its prompt on a tiny drive, its settings, its strict
schema in its structured-output mode; `auto` falls back from a mode the server refuses and says
so in one line; a refused optional parameter is named; a rejected request stops the command
with one line naming the role (exit 2)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from honesty_helpers import icatest

from icatest.preflight.checks import check_models
from icatest.testing import FakeOpenAI, status
from icatest.testing.fake_openai import Action, reply
from icatest.testing.strict_mode import violations

ROLES = ("simulator", "turn_judge", "conversation_judge")
# each role's output model, named in its response_format
OUTPUTS = {
    "simulator": "SimulatorTurn",
    "turn_judge": "TurnJudgement",
    "conversation_judge": "ConversationJudgement",
}
FINDINGS = json.dumps({"findings": [], "target_updates": [], "uncertain": []})


@pytest.mark.parametrize("role", ROLES)
def test_each_role_sends_its_strict_schema_and_a_refusal_names_the_role(role: str) -> None:
    with FakeOpenAI(default=status(400)) as srv:
        model = f"openai/gpt-5-mini@{srv.base_url}/v1"
        res = icatest(
            "converse", "--sut", "reference", f"--{role.replace('_', '-')}", model,
            "--max-turns", "1", "--quiet",
        )  # fmt: skip
        bodies = [r.body for r in srv.requests]
    assert res.code == 2
    lines = [ln for ln in res.err.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith(f"error: preflight: {role} (openai/gpt-5-mini")
    first = bodies[0]
    assert "A charging stop on the way" in first["messages"][1]["content"]  # the probe's drive
    fmt = first["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["strict"] is True
    assert fmt["json_schema"]["name"] == OUTPUTS[role]
    assert violations(fmt["json_schema"]["schema"]) == []
    assert "max_completion_tokens" in bodies[-1] or "max_tokens" in bodies[-1]


def _refusing(refused: set[str]) -> FakeOpenAI:
    srv = FakeOpenAI(default=reply(FINDINGS))
    plain = srv._respond

    def respond(action: Action, body: dict[str, Any]) -> Any:
        fmt = body.get("response_format") or {}
        kind = fmt.get("type", "none") + ("_schema" if "schema" in fmt else "")
        return plain(status(500) if kind in refused else action, body)

    srv._respond = respond  # type: ignore[method-assign]
    return srv


async def test_auto_falls_back_from_a_refused_json_schema_and_says_so() -> None:
    with _refusing({"json_schema", "json_object_schema"}) as srv:
        model = f"openai/local@{srv.base_url}/v1"
        result = await check_models({"turn_judge": model})
        kinds = [(r.body.get("response_format") or {}).get("type") for r in srv.requests]
    assert result.settings["turn_judge"].structured_output == "json_object"
    assert kinds[0] == "json_schema" and kinds[-1] == "json_object"
    assert len(result.notes) == 1
    note = result.notes[0]
    assert note.startswith("preflight: turn_judge (openai/local at ")
    assert "json_schema refused" in note and "json_object_schema refused" in note
    assert note.endswith("using json_object")


def test_the_resolved_mode_is_the_run_s_mode(tmp_path: Any) -> None:
    out = tmp_path / "record.json"
    with _refusing({"json_schema"}) as srv:
        model = f"openai/local@{srv.base_url}/v1"
        res = icatest(
            "converse", "--sut", "reference", "--turn-judge", model, "--max-turns", "1",
            "--quiet", "--out", out,
        )  # fmt: skip
        kinds = [(r.body.get("response_format") or {}) for r in srv.requests]
    assert "structured output json_schema refused" in res.err
    assert "using json_object_schema" in res.err
    # the refused json_schema (tried again once: a 500 may pass), then preflight's request and
    # every call of the run in the mode that answered
    switch = next(i for i, k in enumerate(kinds) if k["type"] != "json_schema")
    assert switch == 2 and len(kinds) >= switch + 2
    assert all(k["type"] == "json_object" and "schema" in k for k in kinds[switch:]), kinds
    assert json.loads(out.read_text())["turns"][0]["evaluation"]["scored"]


async def test_a_refused_parameter_is_named_once() -> None:
    with FakeOpenAI(default=reply(FINDINGS), strict_models=["strict"]) as srv:
        result = await check_models({"turn_judge": f"openai/strict@{srv.base_url}/v1"})
    assert result.settings["turn_judge"].structured_output == "json_schema"
    assert [n for n in result.notes if "refused" in n] == [
        f"preflight: turn_judge (openai/strict at {srv.base_url}/v1): the provider refused "
        "max_tokens, temperature; not sent in this run"
    ]
    assert result.settings["turn_judge"].drop_params == ["max_tokens", "temperature"]


async def test_a_reply_that_does_not_parse_fails_preflight() -> None:
    from icatest.preflight.checks import PreflightError

    with FakeOpenAI(default=reply("I think the reply was fine.")) as srv:
        with pytest.raises(PreflightError, match=r"^preflight: turn_judge .*unparseable"):
            await check_models({"turn_judge": f"openai/local@{srv.base_url}/v1"})


async def test_ensemble_members_on_servers_that_differ_share_the_prompt_mode() -> None:
    with _refusing({"json_schema"}) as local, FakeOpenAI(default=reply(FINDINGS)) as other:
        members = f"openai/a@{local.base_url}/v1,openai/b@{other.base_url}/v1"
        result = await check_models({"turn_judge": members})
    assert result.settings["turn_judge"].structured_output == "prompt"
    assert result.notes[-1] == (
        "preflight: turn_judge: its members' servers take different structured-output modes; "
        "using prompt for all"
    )
