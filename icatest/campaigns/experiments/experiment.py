"""Experiments: baseline and guided arms with identical budgets and seeds, and their comparison.

Layout (docs/campaigns.md): EXPERIMENT_DIR/experiment.json, baseline/, guided/, comparison.json.
With several backends or sessions each (backend, session) pair gets
EXPERIMENT_DIR/BACKEND/session-K/ holding the two arms, and the top-level comparison.json
aggregates them. Session K uses rng_seed + K, the same in both arms. Re-running the command
resumes arms that did not complete; an interrupt (SIGINT/SIGTERM) stops every arm and raises
`Interrupted`, and comparison.json is only written once every arm is complete.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

from pydantic import Field, field_validator, model_validator

from icatest.campaigns.config import CampaignConfig
from icatest.campaigns.progress.panel import ArmsPanel
from icatest.campaigns.progress.state import CUT_SHORT
from icatest.campaigns.running.conversation import EngineFn
from icatest.campaigns.running.interrupts import Interrupts
from icatest.campaigns.running.runner import run_campaign
from icatest.campaigns.running.sut import AssistantOpener, default_opener
from icatest.config.loading import load_model
from icatest.contracts import Mode, Strict
from icatest.contracts.documents import CampaignStatus
from icatest.data import packaged_or_path
from icatest.errors import ConfigError, Interrupted
from icatest.storage.rundir import (
    MANIFEST,
    read_manifest,
    read_records,
    run_status,
    write_comparison,
)
from icatest.sut.options import SutOptions

PLACEHOLDER_MARKS = ("FILL_IN", "<", "TODO")


class Backend(Strict):
    name: str = Field(pattern=r"^[A-Za-z0-9_.-]+$")
    sut: str | None = None
    sut_config: Path | None = None
    sut_options: SutOptions = Field(
        default_factory=SutOptions,
        description="model, params, system_message, timeout_s, retries (as --sut-model ...)",
    )

    def placeholder(self) -> bool:
        text = f"{self.sut or ''} {self.sut_config or ''}"
        return any(mark in text for mark in PLACEHOLDER_MARKS)


class ExperimentConfig(Strict):
    name: str = Field(pattern=r"^[A-Za-z0-9_.-]+$")
    description: str = ""
    campaign: dict[str, Any] = Field(
        description="campaign settings shared by every arm (CampaignConfig fields except "
        "sut, sut_config and mode)"
    )
    backends: list[Backend] = Field(min_length=1)
    sessions: int = Field(default=1, ge=1)
    arms: list[Mode] = Field(default_factory=lambda: [Mode.BASELINE, Mode.GUIDED])
    channels: list[str] = Field(
        default_factory=list,
        description="run every arm once per channel (text, asr:LEVEL, speech:SNR_DB) on "
        "identical seeds; empty: the campaign's channel",
    )
    concurrent_arms: bool = True

    @field_validator("channels")
    @classmethod
    def _channels(cls, value: list[str]) -> list[str]:
        from icatest.channel.spec import channel_name

        names = [channel_name(v) for v in value]
        if len(set(names)) != len(names):
            raise ValueError("a channel is listed twice")
        return names

    @model_validator(mode="after")
    def _valid_arms(self) -> ExperimentConfig:
        per_arm = ("channel",) if self.channels else ()
        keys = ("sut", "sut_config", "sut_options", "mode", *per_arm)
        for key in keys:
            if key in self.campaign:
                raise ValueError(f"campaign.{key} is set per backend/arm, not in campaign")
        for backend in self.backends:
            self.arm_config(backend, Mode.GUIDED, 0)  # validates the merged config now
        return self

    def arm_config(
        self, backend: Backend, mode: Mode, session: int, channel: str | None = None
    ) -> CampaignConfig:
        data = {**self.campaign, "sut": backend.sut, "sut_config": backend.sut_config,
                "sut_options": backend.sut_options, "mode": mode}
        if channel is not None:
            data["channel"] = channel
        config = CampaignConfig.model_validate(data)
        update: dict[str, Any] = {"rng_seed": config.rng_seed + session}
        if config.run_id is not None:  # one id per arm: each arm's conversation ids stay apart
            arm = arm_folder(mode, channel)
            update["run_id"] = f"{config.run_id}-{backend.name}-s{session}-{arm}"
        return config.model_copy(update=update)


def load_experiment(path: Path) -> ExperimentConfig:
    """An experiment file, or the name of a packaged one (`demo`)."""
    return load_model(packaged_or_path(Path(path), "experiments"), ExperimentConfig)


def arm_dirs(exp: ExperimentConfig, folder: Path) -> list[tuple[Backend, int, Mode, Path]]:
    return [(b, s, arm, path) for b, s, arm, _, path in channel_arm_dirs(exp, folder)]


def channel_slug(channel: str) -> str:
    """A channel as a folder name: asr:cabin -> asr-cabin, speech:10 -> speech-10."""
    return channel.replace(":", "-")


def arm_folder(arm: Mode, channel: str | None) -> str:
    """The arm's run folder: its mode, then its channel if any (guided-asr-cabin)."""
    return arm.value if channel is None else f"{arm.value}-{channel_slug(channel)}"


def arm_label(exp: ExperimentConfig, arm: Mode, channel: str | None) -> str:
    """The arm's name in comparison.json: its mode, its channel, or both."""
    if channel is None:
        return arm.value
    return channel if len(exp.arms) == 1 else f"{arm.value}/{channel}"


def channel_arm_dirs(
    exp: ExperimentConfig, folder: Path
) -> list[tuple[Backend, int, Mode, str | None, Path]]:
    """Every arm: (backend, session, mode, channel or None, its run directory)."""
    single = len(exp.backends) == 1 and exp.sessions == 1
    channels: list[str | None] = list(exp.channels) or [None]
    out: list[tuple[Backend, int, Mode, str | None, Path]] = []
    for backend in exp.backends:
        for session in range(exp.sessions):
            base = folder if single else folder / backend.name / f"session-{session}"
            for arm in exp.arms:
                for ch in channels:
                    out.append((backend, session, arm, ch, base / arm_folder(arm, ch)))
    return out


async def run_experiment(
    exp: ExperimentConfig,
    folder: Path,
    *,
    quiet: bool = True,
    engine: EngineFn | None = None,
    opener: AssistantOpener = default_opener,
    handle_signals: bool = True,
) -> dict[str, Any]:
    """Run every arm (the two arms of a pair concurrently if asked) and write comparison.json.

    Not quiet: one live panel with a column per arm (stderr). Raises Interrupted when a signal
    stopped the arms; their run directories are closed and resume on the next call."""
    missing = [b.name for b in exp.backends if b.placeholder()]
    missing += [f"campaign.{k}" for k, v in exp.campaign.items()
                if isinstance(v, str) and any(m in v for m in PLACEHOLDER_MARKS)]
    if missing:
        raise ConfigError(
            f"experiment {exp.name}", f"fill in the placeholders first: {', '.join(missing)}",
            "backends",
        )
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "experiment.json").write_text(exp.model_dump_json(indent=2))
    interrupts = Interrupts()
    panel = None if quiet else ArmsPanel(f"icatest compare {exp.name}")
    kwargs: dict[str, Any] = {"opener": opener, "interrupts": interrupts}
    if engine:
        kwargs["engine"] = engine
    todo = channel_arm_dirs(exp, folder)
    single = len(exp.backends) == 1 and exp.sessions == 1
    pairs: dict[tuple[str, int], list[Any]] = {}
    for backend, session, arm, channel, path in todo:
        name = arm_label(exp, arm, channel)
        label = name if single else f"{backend.name}/{session}/{name}"
        view = {"view": panel.view(label)} if panel is not None else {}
        pairs.setdefault((backend.name, session), []).append(
            _arm(exp.arm_config(backend, arm, session, channel), path, {**kwargs, **view})
        )
    with interrupts.installed() if handle_signals else contextlib.nullcontext():
        async with panel.live() if panel is not None else contextlib.nullcontext():
            for coros in pairs.values():
                if exp.concurrent_arms and not interrupts.interrupted:
                    await asyncio.gather(*coros)
                    continue
                for coro in coros:
                    if interrupts.interrupted:
                        coro.close()  # never started: nothing to record
                    else:
                        await coro
    if interrupts.interrupted:
        raise Interrupted(f"experiment {exp.name} interrupted; finished arms are kept in {folder}")
    comparison = compare_runs(exp, folder)
    write_comparison(folder, comparison)
    return comparison


async def preflight_experiment(exp: ExperimentConfig) -> tuple[ExperimentConfig, list[str]]:
    """The preflight (icatest.preflight.checks) of every backend, before any arm directory exists:
    the experiment with the model settings preflight resolved (`auto` -> the mode the server
    took, refused parameters in `drop_params`), and preflight's one-line notes."""
    from icatest.preflight.checks import check_assistant, check_models

    arm = exp.arm_config(exp.backends[0], Mode.GUIDED, 0)
    checked = await check_models(arm.roles(), arm.model_settings)
    for backend in exp.backends:
        if not backend.placeholder():
            await check_assistant(backend.sut, backend.sut_config, backend.sut_options)
    merged = {**arm.model_settings, **checked.settings}
    settings = {r: s.model_dump(mode="json", exclude_defaults=True) for r, s in merged.items()}
    campaign = {**exp.campaign, "model_settings": settings}
    return exp.model_copy(update={"campaign": campaign}), checked.notes


async def _arm(config: CampaignConfig, path: Path, kwargs: dict[str, Any]) -> None:
    if (path / MANIFEST).exists():
        if read_manifest(path).status == CampaignStatus.COMPLETED:
            return
        await run_campaign(config, path, resume=True, **kwargs)
        return
    await run_campaign(config, path, **kwargs)


def arm_metrics(records: list[dict[str, Any]]) -> dict[str, Any]:
    """One arm's headline figures; the rates are defined as in icatest.analysis.metrics:
    failure_rate = failing / scored (pass + fail), flagged_rate = with any label / all."""
    n = len(records)
    types_per_conv = [len(r.get("failure_turns") or {}) for r in records]
    found = sum(len(t) for r in records for t in (r.get("failure_turns") or {}).values())
    scored = [r for r in records if r.get("success_decision") in ("pass", "fail")]
    failing = sum(1 for r in scored if r["success_decision"] == "fail")
    invalid = sum(1 for r in records if r.get("success_decision") == "invalid")
    cut_short = sum(
        1
        for r in records
        if r.get("success_decision") not in ("pass", "fail", "invalid")
        and r.get("termination_reason") in CUT_SHORT
    )
    all_types = {k for r in records for k in (r.get("failure_turns") or {})}
    return {
        "conversations": n,
        "scored_conversations": len(scored),
        "unscored_conversations": n - len(scored) - invalid,
        "invalid_conversations": invalid,  # failed only on simulator faults: not the SUT's
        "cut_short_conversations": cut_short,
        "failing_conversations": failing,
        "failures_found": found,
        "failure_rate": failing / len(scored) if scored else None,
        "flagged_rate": sum(1 for t in types_per_conv if t) / n if n else None,
        "unique_failure_types_per_conversation": sum(types_per_conv) / n if n else None,
        "unique_failure_types": sorted(all_types),
        "pass_rate": (len(scored) - failing) / len(scored) if scored else None,
        "turns": sum(len(r.get("turns") or []) for r in records),
        **_voice_figures(records),
    }


def _voice_figures(records: list[dict[str, Any]]) -> dict[str, Any]:
    """What the channel did to the arm (docs/voice.md); nothing for an arm heard as text."""
    from icatest.channel.figures import voice_metrics

    v = voice_metrics(records)
    if not v["garbled_turns"]:
        return {}
    keys = ("mean_wer", "garbled_share", "recovery_rate", "misheard_rate")
    return {"channels": v["channels"], **{k: v[k] for k in keys}}


def _ratio(a: Any, b: Any) -> float | None:
    if a is None or b is None or b == 0:
        return None
    return round(float(a) / float(b), 4)


def compare_runs(exp: ExperimentConfig, folder: Path) -> dict[str, Any]:
    from icatest.campaigns.experiments.headline import headline_interval, types_by_scenario

    by_arm: dict[str, list[dict[str, Any]]] = {}
    by_scenario: dict[str, dict[tuple[Any, ...], list[int]]] = {}
    runs = []
    for backend, session, arm, channel, path in channel_arm_dirs(exp, folder):
        recs = read_records(path / "conversations.jsonl")
        name = arm_label(exp, arm, channel)
        by_arm.setdefault(name, []).extend(recs)
        by_scenario.setdefault(name, {}).update(
            types_by_scenario(recs, (backend.name, session, channel))
        )
        status = run_status(path)
        runs.append({"backend": backend.name, "session": session, "arm": name,
                     "path": str(path.relative_to(folder)), "status": status,
                     **arm_metrics(recs)})
    arms = {arm: arm_metrics(recs) for arm, recs in by_arm.items()}
    ratios: dict[str, float | None] = {}
    headline = None
    if "guided" in arms and "baseline" in arms:
        headline = headline_interval(by_scenario["guided"], by_scenario["baseline"])
        g, b = arms["guided"], arms["baseline"]
        for key in (
            "failure_rate",
            "flagged_rate",
            "unique_failure_types_per_conversation",
            "failures_found",
        ):
            ratios[key] = _ratio(g[key], b[key])
        ratios["failures_per_conversation"] = _ratio(
            g["failures_found"] / g["conversations"] if g["conversations"] else None,
            b["failures_found"] / b["conversations"] if b["conversations"] else None,
        )
    return {"experiment": exp.name, "arms": arms, "ratios": ratios, "headline": headline,
            "runs": runs}
