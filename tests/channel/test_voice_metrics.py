"""Voice figures: failure rate by channel, recovery rate, failures against WER; the channel
arms of an experiment (the packaged `voice` experiment) on identical seeds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from icatest.analysis.voice import voice_metrics, voice_section
from icatest.campaigns.experiments.experiment import (
    ExperimentConfig,
    channel_arm_dirs,
    load_experiment,
    run_experiment,
)
from icatest.cli.campaign_cmds import comparison_table


def _turn(wer: float, hearing: str | None, finding: bool) -> dict[str, object]:
    findings = [{"label": "request_omitted", "rationale": "r"}] if finding else []
    return {"wer": wer, "hearing": hearing, "evaluation": {"scored": True, "findings": findings}}


def test_voice_metrics_count_what_the_channel_did() -> None:
    records = [
        {"channel": "asr:highway", "success_decision": "fail",
         "turns": [_turn(0.3, "misheard", True), _turn(0.1, "recovered", False),
                   _turn(0, None, False)]},
        {"channel": "asr:highway", "success_decision": "pass",
         "turns": [_turn(0.05, "tolerated", False)]},
        {"channel": "text", "success_decision": "pass", "turns": [_turn(0, None, True)]},
    ]  # fmt: skip
    v = voice_metrics(records)
    assert v["failure_rate_by_channel"] == {"asr:highway": 0.5, "text": 0.0}
    assert (v["turns"], v["garbled_turns"]) == (5, 3)
    assert v["recovery_rate"] == pytest.approx(1 / 3)
    assert v["misheard_rate"] == pytest.approx(1 / 3)
    assert v["failures_by_wer"]["0"] == {"turns": 2, "with_finding": 1, "rate": 0.5}
    assert v["failures_by_wer"]["≤0.4"]["with_finding"] == 1
    html = voice_section({"run": {"voice": v}})
    assert "Failures against word error rate" in html and "recovery rate" in html


def test_text_runs_have_no_recovery_rate() -> None:
    v = voice_metrics([{"channel": "text", "turns": [_turn(0, None, False)]}])
    assert v["garbled_turns"] == 0 and v["recovery_rate"] is None


def test_the_packaged_voice_experiment() -> None:
    exp = load_experiment(Path("voice"))
    assert exp.channels == ["text", "asr:cabin", "asr:highway"]
    dirs = channel_arm_dirs(exp, Path("out"))
    assert [(d[3], d[4].name) for d in dirs] == [
        ("text", "baseline-text"), ("asr:cabin", "baseline-asr-cabin"),
        ("asr:highway", "baseline-asr-highway"),
    ]  # fmt: skip
    configs = [exp.arm_config(b, arm, s, ch) for b, s, arm, ch, _ in dirs]
    assert [c.channel for c in configs] == exp.channels
    assert len({c.rng_seed for c in configs}) == 1  # identical seeds


def test_a_channel_is_set_per_arm_not_in_campaign() -> None:
    with pytest.raises(ValueError, match="campaign.channel"):
        ExperimentConfig.model_validate({
            "name": "v", "backends": [{"name": "r", "sut": "reference"}], "channels": ["text"],
            "campaign": {"max_conversations": 1, "channel": "asr:cabin"},
        })  # fmt: skip


@pytest.mark.voice
@pytest.mark.slow
async def test_channel_arms_compare_on_identical_seeds(tmp_path: Path) -> None:
    exp = ExperimentConfig.model_validate({
        "name": "v", "backends": [{"name": "ref", "sut": "reference"}], "arms": ["baseline"],
        "channels": ["text", "asr:highway"],
        "campaign": {"max_conversations": 3, "rng_seed": 5, "concurrency": 3},
    })  # fmt: skip
    comparison = await run_experiment(exp, tmp_path / "exp")
    arms = comparison["arms"]
    assert list(arms) == ["text", "asr:highway"]
    assert arms["asr:highway"]["mean_wer"] > 0 and "mean_wer" not in arms["text"]
    seeds = {}
    for name in ("baseline-text", "baseline-asr-highway"):
        lines = (tmp_path / "exp" / name / "conversations.jsonl").read_text().splitlines()
        seeds[name] = sorted((json.loads(x)["scenario_index"], json.loads(x)["seed_id"])
                             for x in lines)  # fmt: skip
    assert seeds["baseline-text"] == seeds["baseline-asr-highway"]
    table = comparison_table(comparison)
    assert "recovery_rate" in table and table.index("text") < table.index("asr:highway")
