"""What preflight learns is what the run does: every command that checks a model runs in the
structured-output mode preflight resolved, does not send a parameter the provider refused at
preflight (named there, once), and the KPI judge is probed with its real request."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from honesty_helpers import icatest

from icatest.data import PACKAGED
from icatest.testing import FakeOpenAI, status
from icatest.testing.fake_openai import Action, reply
from icatest.testing.strict_mode import violations

FINDINGS = json.dumps({"findings": [], "target_updates": [], "uncertain": []})
KPI_SAMPLE = PACKAGED / "datasets" / "locar_sample.yaml"


def _kind(body: dict[str, Any]) -> str:
    fmt = body.get("response_format") or {}
    return fmt.get("type", "none") + ("_schema" if "schema" in fmt else "")


def _server(refused: set[str], answer: Any = None, **kwargs: Any) -> FakeOpenAI:
    """A server that answers a 500 to the structured-output kinds in `refused`; `answer(body)`
    gives the reply text of every other request (default: an empty turn verdict)."""
    srv = FakeOpenAI(default=reply(FINDINGS), **kwargs)
    plain = srv._respond

    def respond(action: Action, body: dict[str, Any]) -> Any:
        if _kind(body) in refused:
            return plain(status(500), body)
        return plain(reply(answer(body)) if answer else action, body)

    srv._respond = respond  # type: ignore[method-assign]
    return srv


def _kpi_answer(body: dict[str, Any]) -> str:
    text = json.dumps(body.get("messages"))
    if "likert" in text.lower():
        return json.dumps({"rationale": "Short and to the point.", "likert": 3})
    return json.dumps({"rationale": "It answers the question.", "verdict": True})


def test_fuzz_does_not_send_a_parameter_refused_at_preflight(tmp_path: Path) -> None:
    out = tmp_path / "run"
    with FakeOpenAI(default=reply(FINDINGS), strict_models={"my-reasoner"}) as srv:
        res = icatest(
            "fuzz", "--sut", "reference", "--out", out, "--max-conversations", "2",
            "--turn-budgets", "2", "--concurrency", "1", "--quiet",
            "--turn-judge", f"openai/my-reasoner@{srv.base_url}/v1",
        )  # fmt: skip
        bodies = [r.body for r in srv.requests]
    assert res.code == 0, res.err
    named = [ln for ln in res.err.splitlines() if "temperature" in ln]
    assert len(named) == 1 and named[0].startswith("preflight: turn_judge (openai/my-reasoner")
    # only preflight's first request carried them; the run never sent them
    assert sum("temperature" in b for b in bodies) == 1
    run_bodies = [b for b in bodies if "A charging stop on the way" not in json.dumps(b)]
    assert run_bodies and not any("temperature" in b or "max_tokens" in b for b in run_bodies)
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["dropped_params"] == {"turn_judge": ["max_tokens", "temperature"]}
    settings = manifest["config"]["model_settings"]["turn_judge"]
    assert settings["drop_params"] == ["max_tokens", "temperature"]


def test_kpi_preflight_sends_the_kpi_judges_strict_request(tmp_path: Path) -> None:
    with FakeOpenAI(default=status(400)) as srv:
        res = icatest(
            "kpi", "run", "--dataset", KPI_SAMPLE, "--sut", "reference", "--out", tmp_path,
            "--judges", f"openai/gpt-5-mini@{srv.base_url}/v1",
        )  # fmt: skip
        bodies = [r.body for r in srv.requests]
    assert res.code == 2
    lines = [ln for ln in res.err.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: preflight: kpi_judge (openai/gpt-5-mini")
    fmt = bodies[0]["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["strict"] is True
    assert fmt["json_schema"]["name"] in ("KpiVerdict", "LikertVerdict")
    assert violations(fmt["json_schema"]["schema"]) == []
    assert "charging station" in json.dumps(bodies[0]["messages"])  # the probe's instance


def test_kpi_run_judges_in_the_mode_preflight_resolved(tmp_path: Path) -> None:
    with _server({"json_schema"}, _kpi_answer) as srv:
        res = icatest(
            "kpi", "run", "--dataset", KPI_SAMPLE, "--sut", "reference", "--out", tmp_path,
            "--judges", f"openai/local@{srv.base_url}/v1", "--concurrency", "1",
        )  # fmt: skip
        kinds = [_kind(r.body) for r in srv.requests]
    assert res.code == 0, res.err
    assert "using json_object_schema" in res.err
    switch = kinds.index("json_object_schema")
    assert len(kinds) > switch + 2  # preflight's two KPIs, then the run's judgements
    assert set(kinds[switch:]) == {"json_object_schema"}, kinds
    results = json.loads((tmp_path / "results.json").read_text())
    statuses = [k["status"] for i in results["instances"] for k in i["outcomes"]]
    assert "scored" in statuses


def test_rejudge_judges_in_the_mode_preflight_resolved(tmp_path: Path) -> None:
    run = tmp_path / "run"
    made = icatest(
        "fuzz", "--sut", "reference", "--out", run, "--max-conversations", "1",
        "--turn-budgets", "2", "--quiet",
    )  # fmt: skip
    assert made.code == 0, made.err
    with _server({"json_schema"}) as srv:
        res = icatest(
            "rejudge", run, "--turn-judge", f"openai/local@{srv.base_url}/v1",
            "--conversation-judge", "offline", "--as", "local",
        )  # fmt: skip
        kinds = [_kind(r.body) for r in srv.requests]
    assert res.code == 0, res.err
    switch = kinds.index("json_object_schema")
    assert len(kinds) > switch + 1 and set(kinds[switch:]) == {"json_object_schema"}, kinds


@pytest.mark.asyncio
async def test_an_experiment_runs_in_the_settings_preflight_resolved() -> None:
    from icatest.campaigns.experiments.experiment import ExperimentConfig, preflight_experiment
    from icatest.contracts import Mode

    with _server({"json_schema"}, strict_models={"local"}) as srv:
        exp = ExperimentConfig.model_validate(
            {
                "name": "x",
                "campaign": {"turn_judge": f"openai/local@{srv.base_url}/v1", "budget_s": "5s"},
                "backends": [{"name": "reference", "sut": "reference"}],
            }
        )
        checked, notes = await preflight_experiment(exp)
    for mode in (Mode.GUIDED, Mode.BASELINE):
        settings = checked.arm_config(checked.backends[0], mode, 0).model_settings["turn_judge"]
        assert settings.structured_output == "json_object_schema"
        assert settings.drop_params == ["max_tokens", "temperature"]
    assert any("using json_object_schema" in n for n in notes)
    assert any("refused max_tokens, temperature" in n for n in notes)
