"""Faults survived: campaigns against assistants and model providers that misbehave on purpose.

Each campaign must keep going, put each problem where it belongs (a `sut_error` turn with its
cause, or an unscored verdict with the raw model reply), and end with counts that add up.
"""

from __future__ import annotations

import itertools
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from reliability_helpers import (
    TALLY,
    check_run_accounts,
    fast_policy,
    run_cli,
    sut_error_kinds,
    sut_errors,
    write_yaml,
)

from icatest.sut.reference import start_background
from icatest.testing import FakeOpenAI, empty_choices, free_port, hang, malformed_body, status
from icatest.testing.fake_openai import Action

FUZZ = [
    "fuzz", "--concurrency", "4", "--turn-budgets", "4", "--quiet", "--rng-seed", "11",
    # these tests are about surviving faults during the run: no preflight, no circuit breaker,
    # exit 0 whatever share of conversations the faults left unscored
    "--no-preflight", "--outage-after", "1000", "--min-judged", "0",
]


def _fuzz(run: Path, *extra: str, n: int = 6) -> Any:
    return run_cli([*FUZZ, "--max-conversations", str(n), "--out", str(run), *extra])


@pytest.fixture
def faulty_reference(tmp_path: Path) -> Iterator[Any]:
    """The reference assistant with every transport fault at a noticeable rate, short hangs."""
    profile = write_yaml(tmp_path / "transport.yaml", {
        "name": "transport",
        "seed": 3,
        "transport": {"error_rate": 0.15, "timeout_rate": 0.15, "malformed_rate": 0.1,
                      "rate_limit_rate": 0.15, "hang_s": 1.0, "latency_ms": 5},
    })
    with start_background(profile=profile) as ref:
        yield ref


def test_reference_transport_faults_are_survived(faulty_reference: Any, tmp_path: Path) -> None:
    sut = write_yaml(tmp_path / "sut.yaml", {
        "kind": "http", "url": faulty_reference.base_url + "/api/converse",
        "body": {"session": "{{ session_id }}", "text": "{{ utterance }}",
                 "context": "{{ context }}"},
        **fast_policy(timeout_s=0.4),
    })
    result = _fuzz(tmp_path / "run", "--sut-config", str(sut), n=14)
    if result.code == 3:
        # a hang whose probe hung too reads as an outage: that conversation is interrupted, and
        # the run may not end `completed` while it waits; resume must then finish the job
        assert "still to redo" in result.err, result.err
        result = _fuzz(tmp_path / "run", "--sut-config", str(sut), "--resume", n=14)
    assert result.code == 0, result.err
    acc = check_run_accounts(tmp_path / "run")
    counts = faulty_reference.transport_counts
    injected = {k: v for k, v in counts.items() if k != "ok"}
    assert all(injected[k] > 0 for k in ("error", "hang", "malformed", "rate_limit")), counts
    for kind, n in injected.items():
        TALLY[f"assistant:{kind}"] += n
    errors = sut_errors(acc["records"])
    kinds = Counter(sut_error_kinds(acc["records"]))
    # a fault that outlived the retry shows up as a sut_error turn naming its cause
    assert set(kinds) <= {
        "http_status", "unavailable", "timeout", "malformed", "connection", "empty"
    }, kinds
    assert errors, "no fault outlived its retry: rates too low to test anything"
    for rec in acc["records"]:
        for turn in rec["turns"]:
            if turn["sut_error"]:
                # the assistant was up (it answered other exchanges): its failure, found by the
                # engine from the adapter's kind, never by a judge
                assert turn["system"] is None and turn["evaluation"]["judge"] == "engine"
                assert [f["label"] for f in turn["evaluation"]["findings"]] == ["assistant_error"]
                assert turn["sut_error_kind"] in turn["evaluation"]["findings"][0]["rationale"]
                assert ":" in turn["sut_error"]  # `kind: cause`
        if rec["termination_reason"] == "sut_error":  # decided, counted as judged
            assert rec["success_decision"] == "fail" and "assistant_error" in rec["failure_turns"]
        assert set(rec["discovered_failures"]) >= set(rec["failure_turns"])


def _assistant_script(counter: Counter[str]) -> Any:
    """Cycle through every way an OpenAI-compatible assistant can fail, then answer."""
    cycle = itertools.cycle([
        ("status_500", status(500)),
        ("ok", "Route to Munich Airport: 38 km, 34 min via A9."),
        ("hang", hang(1.5)),
        ("ok", "I found Cafe Luitpold (cafe), 1.2 km away."),
        ("malformed", malformed_body()),
        ("empty_body", malformed_body("")),
        ("ok", "Setting the temperature to 21 degrees."),
        ("empty_choices", empty_choices()),
        ("rate_limit", status(429, retry_after=0.05)),
        ("ok", "Which station do you mean: Hauptbahnhof, Ostbahnhof or Pasing?"),
    ])
    lock = threading.Lock()

    def script(_: list[dict[str, Any]]) -> Action | str:
        with lock:
            kind, action = next(cycle)
            counter[kind] += 1
        return action

    return script


def test_openai_assistant_faults_are_survived(tmp_path: Path) -> None:
    served: Counter[str] = Counter()
    with FakeOpenAI(_assistant_script(served)) as fake:
        sut = write_yaml(tmp_path / "sut.yaml", {
            "kind": "openai", "url": fake.base_url + "/v1", **fast_policy(timeout_s=0.4),
        })
        result = _fuzz(tmp_path / "run", "--sut-config", str(sut))
    assert result.code == 0, result.err
    acc = check_run_accounts(tmp_path / "run")
    for kind in ("status_500", "hang", "malformed", "empty_body", "empty_choices", "rate_limit"):
        assert served[kind] > 0, served
        TALLY[f"assistant:{kind}"] += served[kind]
    kinds = Counter(sut_error_kinds(acc["records"]))
    assert {"http_status", "timeout", "malformed", "empty"} & set(kinds), kinds
    answered = [t for r in acc["records"] for t in r["turns"] if t["system"]]
    assert answered and all(t["evaluation"] is not None for t in answered)


def test_refused_connection_ends_conversations_as_unreachable(tmp_path: Path) -> None:
    sut = write_yaml(tmp_path / "sut.yaml", {
        "kind": "http", "url": f"http://127.0.0.1:{free_port()}/api/converse", **fast_policy(),
    })
    result = _fuzz(tmp_path / "run", "--sut-config", str(sut))
    # never "completed" (nor exit 0) while interrupted conversations remain to redo
    assert result.code == 3, result.err
    assert result.out.startswith("unfinished: 0 conversations")
    assert "6 conversation(s) interrupted by an outage are still to redo" in result.err
    acc = check_run_accounts(tmp_path / "run")
    # conversations the assistant never answered are interrupted, not results: --resume redoes them
    assert acc["records"] == [] and len(acc["interrupted"]) == 6
    TALLY["assistant:refused"] += sum(len(r["turns"]) for r in acc["interrupted"])
    for rec in acc["interrupted"]:
        assert rec["termination_reason"] == "sut_unreachable"
        assert rec["turns"] and all(t["sut_error_kind"] == "connection" for t in rec["turns"])
        assert rec["discovered_failures"] == []  # the assistant failed nobody: it was absent
        assert rec["success_decision"] != "pass"


# -- model provider faults ---------------------------------------------------------------------

VALID_JUDGEMENT = '{"findings": [], "target_updates": []}'
SCHEMA_VIOLATION = '{"findings": [{"label": "not_a_label", "rationale": 3}]}'


def _judge_script(counter: Counter[str]) -> Any:
    cycle = itertools.cycle([
        ("ok", VALID_JUDGEMENT),
        ("rate_limit", status(429, retry_after=0.02)),
        ("ok", VALID_JUDGEMENT),
        ("malformed_json", '{"findings": [ {"label": '),
        ("schema_violation", SCHEMA_VIOLATION),
        ("status_500", status(500)),
        ("ok", VALID_JUDGEMENT),
        ("empty_choices", empty_choices()),
        ("timeout", hang(1.2)),
        ("schema_violation", "I think the reply was fine, no JSON for you."),
    ])
    lock = threading.Lock()

    def script(_: list[dict[str, Any]]) -> Action | str:
        with lock:
            kind, action = next(cycle)
            counter[kind] += 1
        return action

    return script


@pytest.fixture
def fast_gateway(monkeypatch: pytest.MonkeyPatch) -> None:
    """Gateways with a 0.5 s model timeout and one retry (the defaults wait a minute)."""
    from icatest.campaigns.running import conversation
    from icatest.llm.gateway import GatewayConfig, ModelGateway

    original = conversation.make_gateway

    def make_gateway(*args: Any, **kwargs: Any) -> ModelGateway:
        gateway = original(*args, **kwargs)
        gateway.config = GatewayConfig(timeout_s=0.5, max_retries=1, backoff_base_s=0.01,
                                       backoff_max_s=0.05)
        return gateway

    monkeypatch.setattr(conversation, "make_gateway", make_gateway)


@pytest.mark.slow
def test_model_provider_faults_give_unscored_verdicts(tmp_path: Path, fast_gateway: None) -> None:
    served: Counter[str] = Counter()
    with FakeOpenAI(_judge_script(served)) as judge:
        model = f"openai/fake@{judge.base_url}/v1"
        result = _fuzz(tmp_path / "run", "--sut", "reference:none", "--turn-judge", model)
        n_requests = len(judge.requests)
    assert result.code == 0, result.err
    acc = check_run_accounts(tmp_path / "run")
    kinds = ("rate_limit", "malformed_json", "schema_violation", "status_500", "empty_choices",
             "timeout")
    assert all(served[k] > 0 for k in kinds), served
    for kind in kinds:
        TALLY[f"model:{kind}"] += served[kind]
    verdicts = [t["evaluation"] for r in acc["records"] for t in r["turns"] if t["evaluation"]]
    assert len(verdicts) <= n_requests
    unscored = [v for v in verdicts if not v["scored"]]
    scored = [v for v in verdicts if v["scored"]]
    assert unscored and scored
    for v in unscored:
        # the judge failed, not the assistant: no labels, a reason, and the raw reply if any
        assert v["findings"] == [] and v["unscored_reason"]
        if v["unscored_reason"].startswith("unparseable output"):
            assert v["raw_reply"]
    assert any(v["unscored_reason"].startswith("unparseable") for v in unscored)
    for rec in acc["records"]:
        usage = rec["usage"]["turn_judge"]
        assert usage["model"] == "openai/fake"
        assert rec["termination_reason"] not in {"internal_error"}
