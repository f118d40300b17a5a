"""Run one campaign into a run directory: prepare or resume it, drive an executor, close it."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import secrets
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from icatest import __version__
from icatest.campaigns.config import ROLES, CampaignConfig
from icatest.campaigns.progress.state import ProgressState
from icatest.campaigns.recording.recorder import RunRecorder
from icatest.campaigns.recording.redact import redact
from icatest.campaigns.running.breaker import OutageBreaker
from icatest.campaigns.running.control import StopControl
from icatest.campaigns.running.conversation import (
    ConversationEnv,
    EngineFn,
    answers,
    model_answers,
)
from icatest.campaigns.running.interrupts import Interrupts
from icatest.campaigns.running.local import PlanSource, run_local
from icatest.campaigns.running.sut import AssistantOpener, check_sut, default_opener, sut_sent
from icatest.campaigns.sampler import ScenarioSampler
from icatest.catalog import load_catalog
from icatest.channel.deps import require as require_channel
from icatest.channel.spec import ChannelSpec
from icatest.contracts.documents import CampaignStatus, JsonObject, RunManifest, RunSession
from icatest.engine.plan import ConversationPlan
from icatest.engine.run import run_conversation
from icatest.errors import ConfigError, IcatestError
from icatest.llm.gateway import ModelSpec
from icatest.net.limits import RateLimiter
from icatest.storage.rundir import (
    CONVERSATIONS,
    MANIFEST,
    RunDirError,
    new_manifest,
    read_manifest,
    write_manifest,
)

# fields that decide which scenario comes i-th: a resume must not change them
SAMPLING_FIELDS = ("mode", "rng_seed", "seed_pools", "personas", "turn_budgets", "trials")
SAMPLING_DEFAULTS = {"trials": 1}  # a field a manifest may predate, read as this
ProgressView = Callable[[ProgressState], AbstractAsyncContextManager[None]]


@dataclass
class CampaignResult:
    run_dir: Path
    run_id: str
    status: CampaignStatus
    conversations: int  # in the run directory, all sessions
    new_conversations: int  # written by this session
    progress: ProgressState
    outage: str | None = None  # what the circuit breaker saw, when it ended the campaign
    dropped_params: dict[str, list[str]] = field(default_factory=dict)  # as in the manifest
    unfinished: int = 0  # interrupted conversations still to redo (--resume), all sessions
    redone: int = 0  # interrupted conversations of earlier sessions recorded by this one


def manifest_config(config: CampaignConfig) -> JsonObject:
    """The config as stored in manifest.json: JSON-ready, secrets redacted, sut file inlined."""
    data = config.model_dump(mode="json")
    if config.sut_config is not None and config.sut_config.exists():
        from icatest.config.loading import read_yaml

        data["sut_config_content"] = read_yaml(config.sut_config)
    with contextlib.suppress(IcatestError):  # an opener of its own may take any sut string
        data["sut_sent"] = sut_sent(config)  # model, params, system message hash and head
    return redact(data)  # type: ignore[no-any-return]


def prepare_run_dir(config: CampaignConfig, out: Path, resume: bool) -> RunManifest:
    """Create a fresh run directory or check that a resumed one matches the config."""
    if resume:
        manifest = read_manifest(out)
        stored = manifest.config
        for name in SAMPLING_FIELDS:
            mine = config.model_dump(mode="json")[name]
            if stored.get(name, SAMPLING_DEFAULTS.get(name)) != mine:
                raise RunDirError(
                    f"{out}: cannot resume with a different {name} "
                    f"(run has {stored.get(name)!r}, command gives {mine!r})"
                )
        if config.run_id not in (None, manifest.run_id):
            raise RunDirError(
                f"{out}: cannot resume with a different run id "
                f"(run has {manifest.run_id!r}, command gives {config.run_id!r})"
            )
        manifest.config = manifest_config(config)
        return manifest
    if (out / MANIFEST).exists() or (out / CONVERSATIONS).exists():
        raise RunDirError(f"{out} already holds a run; pass --resume to continue it")
    out.mkdir(parents=True, exist_ok=True)
    run_id = config.run_id or (
        f"{config.mode.value}-{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"
    )
    manifest = new_manifest(run_id, __version__, manifest_config(config), config.mode.value)
    write_manifest(out, manifest)
    return manifest


def check_roles(config: CampaignConfig) -> None:
    """Every role's model string parses, before the run starts (else each conversation fails)."""
    for role, model in config.roles().items():
        try:
            ModelSpec.parse(model)
        except ValueError as exc:
            raise ConfigError(f"--{role.replace('_', '-')}", str(exc)) from None


def make_limiters(config: CampaignConfig) -> dict[str, RateLimiter]:
    """One limiter per model role, shared by every conversation of the campaign."""
    lim = config.model_limits
    if lim.max_concurrent is None and lim.rpm is None:
        return {}
    return {role: RateLimiter(lim.max_concurrent, lim.rpm) for role in ROLES}


def sut_limiter(config: CampaignConfig) -> RateLimiter | None:
    lim = config.sut_limits
    if lim.max_concurrent is None and lim.rpm is None:
        return None
    return RateLimiter(lim.max_concurrent, lim.rpm)


@contextlib.contextmanager
def long_lived_objects_frozen() -> Iterator[None]:
    """Keep what exists when the conversations start (imported libraries, the catalog) out of
    the garbage collector's full passes while they run, and give it back afterwards.

    A full pass over a process that imported litellm walks ~460,000 objects and stops the event
    loop for ~0.3 s: every conversation stalls at once, and the pause lands in the assistant's
    measured latency. Frozen objects are only skipped, never freed early.
    """
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@contextlib.asynccontextmanager
async def _no_view(_: ProgressState) -> AsyncIterator[None]:
    yield


async def run_campaign(
    config: CampaignConfig,
    out: Path,
    *,
    resume: bool = False,
    engine: EngineFn = run_conversation,
    opener: AssistantOpener = default_opener,
    view: ProgressView | None = None,
    handle_signals: bool = True,
    tick_s: float = 5.0,
    interrupts: Interrupts | None = None,
) -> CampaignResult:
    """Run (or continue) a campaign; returns when its budget, cap or an interrupt ends it.

    Signals: `interrupts` when several campaigns share one handler (an experiment's arms), else
    this campaign's own handler unless `handle_signals` is false."""
    # every input is checked before the run directory is touched: a bad file leaves nothing behind
    catalog = load_catalog(config.data_dir, only_user_data=config.only_user_data)
    ScenarioSampler(config, catalog, "check")
    check_roles(config)
    require_channel(ChannelSpec.parse(config.channel), "channel")
    if opener is default_opener:  # other openers read the assistant's files their own way
        check_sut(config)
    manifest = prepare_run_dir(config, out, resume)
    run_id = manifest.run_id
    sampler = ScenarioSampler(config, catalog, run_id)
    recorder = RunRecorder(out, run_id, config.budget_s, trials=config.trials)
    before = recorder.log.count
    progress = recorder.progress
    budget_left = None if config.budget_s is None else config.budget_s - progress.elapsed_before
    progress.pauses.cap_s = config.outage_grace_s  # bounds the process: see PauseClock
    breaker = OutageBreaker(
        after=config.outage_after,
        grace_s=config.outage_grace_s,
        notify=lambda event, fields: recorder.events.warning(event, **fields),
        pauses=progress.pauses,
    )
    control = StopControl(
        budget_left_s=budget_left if budget_left is None else max(0.0, budget_left),
        max_cost_usd=config.max_cost_usd,
        # --max-conversations counts scenarios; each of them is run `trials` times
        max_conversations=None if config.max_conversations is None
        else config.max_conversations * config.trials,
        already_done=before,
        already_spent_usd=recorder.spent_usd(),
        breaker=breaker,
        pauses=progress.pauses,
    )
    manifest.status, manifest.ended_at = CampaignStatus.RUNNING, None
    manifest.sessions.append(RunSession(started_at=time.time(), resumed=resume))
    write_manifest(out, manifest)
    redo = recorder.interrupted_indices() if resume else set()
    recorder.events.info("campaign_started", resume=resume, done=before, executor=config.executor,
                         to_redo=len(redo))
    source = PlanSource(sampler, recorder.done_indices(), control, redo)
    main = asyncio.current_task()

    def hard_stop() -> None:
        if main is not None:
            main.cancel()

    hub = interrupts or (Interrupts() if handle_signals else None)
    if hub is not None:
        hub.register(control, hard_stop)
    installs = hub is not None and interrupts is None  # a shared hub is installed by its owner
    status = CampaignStatus.INTERRUPTED
    try:
        with (
            hub.installed() if installs and hub is not None else contextlib.nullcontext(),
            long_lived_objects_frozen(),
        ):
            async with (view or _no_view)(progress), _ticker(recorder, tick_s):
                await _execute(config, source, recorder, control, catalog, engine, opener, run_id)
        status = CampaignStatus.INTERRUPTED if control.interrupted else CampaignStatus.COMPLETED
        if breaker.down:
            status = CampaignStatus(breaker.health.value)
    except asyncio.CancelledError:
        status = CampaignStatus.INTERRUPTED
    finally:
        await breaker.aclose()
        progress.pauses.stop()
        unfinished = len(recorder.interrupted_indices())
        if status == CampaignStatus.COMPLETED and unfinished:
            # never "completed" while interrupted conversations remain
            status = CampaignStatus.UNFINISHED
        _close(out, manifest, recorder, status, progress, unfinished)
    return CampaignResult(out, run_id, status, recorder.log.count,
                          recorder.log.count - before, progress,
                          breaker.cause if breaker.down else None,
                          dropped_params=dict(manifest.dropped_params),
                          unfinished=unfinished,
                          redone=len(source.redoing & recorder.redone))


async def _execute(
    config: CampaignConfig,
    source: PlanSource,
    recorder: RunRecorder,
    control: StopControl,
    catalog: Any,
    engine: EngineFn,
    opener: AssistantOpener,
    run_id: str,
) -> None:
    if config.executor != "local":
        from icatest.campaigns.running.remote import run_dask

        await run_dask(config, source, recorder, control, engine, opener, run_id)
        return
    async with opener(config, sut_limiter(config)) as assistant:
        breaker = control.breaker
        env = ConversationEnv(
            catalog=catalog,
            assistant=assistant,
            conversation=ConversationPlan(models=config.roles(), settings=config.model_settings),
            limiters=make_limiters(config),
            engine=engine,
            run_id=run_id,
            on_model_call=breaker.model_call if breaker is not None else None,
            assistant_up=lambda: _assistant_up(control, assistant),
        )
        if breaker is not None:
            breaker.set_probes(
                sut=lambda: answers(assistant), model=lambda role: model_answers(env, role)
            )
        await run_local(source, recorder, control, env, config.concurrency)


async def _assistant_up(control: StopControl, assistant: Any) -> bool:
    """After an exchange found the assistant unreachable: is it up? Not while the breaker is
    open (an outage is under way); else one fresh exchange decides."""
    if control.breaker is not None and control.breaker.health != "up":
        return False
    return await answers(assistant)


@contextlib.asynccontextmanager
async def _ticker(recorder: RunRecorder, every_s: float) -> AsyncIterator[None]:
    """Store a progress point now and then, so elapsed time survives a kill -9."""

    async def loop() -> None:
        while True:
            await asyncio.sleep(every_s)
            recorder.tick()

    task = asyncio.create_task(loop())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


def _close(
    out: Path,
    manifest: RunManifest,
    recorder: RunRecorder,
    status: CampaignStatus,
    p: ProgressState,
    unfinished: int,
) -> None:
    recorder.tick()
    models, prompts = recorder.models_and_prompts()
    manifest.status, manifest.ended_at = status, time.time()
    manifest.elapsed_s = round(p.elapsed, 3)
    manifest.models = models or manifest.models
    manifest.prompt_versions = prompts or manifest.prompt_versions
    manifest.dropped_params = recorder.dropped_params()
    manifest.conversations, manifest.unfinished = recorder.log.count, unfinished
    if manifest.sessions:
        manifest.sessions[-1].ended_at = manifest.ended_at
        manifest.sessions[-1].paused_s = round(p.pauses.paused_s, 3)
    recorder.events.info("campaign_ended", status=status, conversations=recorder.log.count,
                         unfinished=unfinished, paused_s=round(p.pauses.paused_s, 3))
    write_manifest(out, manifest)
    recorder.close()
