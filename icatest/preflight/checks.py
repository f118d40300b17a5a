"""Preflight: before a command starts work, every model it will call and the assistant answer once.

For each model role (ensemble members included): its credentials (litellm names the environment
variables a model needs), then the role's real request (icatest.preflight.role_probes: its prompt on
a tiny drive, its settings, its schema in its structured-output mode), whose reply must parse into
the role's output model. A role set to `structured_output: auto` falls back from a mode the server
refuses (a 4xx or 5xx to the structured request) to the next one (json_schema,
json_object_schema on OpenAI-compatible servers, json_object, prompt), and the mode that answered
is the role's mode for the run (`Preflight.settings`). A fallback and an optional parameter the
provider refused are each named in one line (`Preflight.notes`); the refused parameter goes into
the role's `drop_params`, so the run does not send it either. The assistant (a URL or a
--sut-config file) gets one utterance, as `icatest sut check` sends. The offline backend and the
built-in reference assistant need no check. The first problem raises PreflightError: one line
naming the role, the model or endpoint and the cause; the CLI prints it and exits 2 before any
run directory exists. `--no-preflight` skips all of it.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from icatest.contracts.labels import ModelErrorKind
from icatest.errors import IcatestError, clip
from icatest.llm.gateway import (
    GatewayConfig,
    ModelGateway,
    ModelSpec,
    OfflineHandler,
    Result,
    credentials_problem,
)
from icatest.llm.settings import RoleSettings, StructuredOutput, candidate_modes
from icatest.preflight.role_probes import Probe, probe_for
from icatest.sut.options import SutOptions

PROBE_TASK = "preflight"
PROBE_TIMEOUT_S = 60.0  # the role's real request: a judge's reply may take a while
PROBE_UTTERANCE = "Hello, can you hear me?"
# what a refused structured-output mode looks like: the server answered, but not this request
# (llama.cpp's server answers a json_schema it cannot read with a 500)
REFUSED = frozenset({ModelErrorKind.BAD_REQUEST, ModelErrorKind.SERVER})


class PreflightError(IcatestError):
    """A model or the assistant cannot be used: the command stops before starting work."""

    exit_code = 2


@dataclass
class Preflight:
    """What preflight learnt: per checked role its settings with `auto` resolved, and one line
    per fallback or refused parameter (for the CLI to print)."""

    settings: dict[str, RoleSettings] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


@dataclass
class Probed:
    """One role's probe: the mode the server took (None: it refused every one), the error (the
    reply may not parse in a mode the server took), the notes."""

    mode: StructuredOutput | None
    error: str | None = None
    error_kind: ModelErrorKind | None = None
    notes: list[str] = field(default_factory=list)
    dropped: frozenset[str] = frozenset()  # parameters the provider refused by name


@dataclass
class RecordingGateway(ModelGateway):
    """A gateway that keeps the Result of each structured call (a probe's verdict hides it)."""

    results: list[Result[Any]] = field(default_factory=list)

    async def structured(  # type: ignore[override]
        self,
        role: str,
        task: str,
        variables: dict[str, Any],
        output: type[BaseModel],
        *,
        offline: OfflineHandler,
    ) -> Result[Any]:
        result = await super().structured(role, task, variables, output, offline=offline)
        self.results.append(result)
        return result


def where(role: str, spec: ModelSpec) -> str:
    return f"{role} ({spec.label()}{f' at {spec.api_base}' if spec.api_base else ''})"


async def probe_role(
    role: str, spec: ModelSpec, probes: Mapping[str, Probe] | None = None
) -> Probed:
    """The role's real request in each candidate mode until one answers (`auto`), or in its
    own mode; never raises for a provider problem."""
    mode = spec.settings.structured_output
    modes = candidate_modes(spec.model, spec.api_base) if mode is StructuredOutput.AUTO else (mode,)
    refused: list[str] = []
    for i, candidate in enumerate(modes):
        settings = spec.settings.model_copy(update={"structured_output": candidate})
        gateway = RecordingGateway(
            roles={role: replace(spec, settings=settings)},
            config=GatewayConfig(timeout_s=PROBE_TIMEOUT_S, max_retries=1),
        )
        error, kind = await _run_probe(gateway, role, probes)
        if error is None:
            notes = []
            if refused:
                notes.append(
                    f"preflight: {where(role, spec)}: structured output {', '.join(refused)}; "
                    f"using {candidate.value}"
                )
            dropped = gateway.dropped.get(role, frozenset())
            if dropped:
                notes.append(
                    f"preflight: {where(role, spec)}: the provider refused "
                    f"{', '.join(sorted(dropped))}; not sent in this run"
                )
            return Probed(candidate, notes=notes, dropped=dropped)
        if kind not in REFUSED or i == len(modes) - 1:
            if refused:
                error += f" (structured output {', '.join(refused)})"
            return Probed(None if kind in REFUSED else candidate, error, kind)
        refused.append(f"{candidate.value} refused ({clip(error, 120)})")
    raise AssertionError("no structured-output mode to try")  # modes is never empty


async def _run_probe(
    gateway: RecordingGateway, role: str, probes: Mapping[str, Probe] | None
) -> tuple[str | None, ModelErrorKind | None]:
    probe = probe_for(role, probes)
    if probe is None:  # no structured task of its own: the reachability prompt
        result: Result[Any] = await gateway.text(role, PROBE_TASK, {}, offline=lambda _: "OK")
        return result.error, result.error_kind
    await probe(gateway, role)
    failed = [r for r in gateway.results if r.error is not None]
    if not failed:
        return None, None
    return failed[0].error, failed[0].error_kind


async def check_models(
    roles: Mapping[str, str],
    settings: Mapping[str, RoleSettings] | None = None,
    probes: Mapping[str, Probe] | None = None,
) -> Preflight:
    """Credentials, then the role's real request, for each non-offline model of each role
    (`probes`: the real requests of an extension's roles, by role)."""
    out = Preflight()
    for role, text in roles.items():
        own = (settings or {}).get(role) or RoleSettings()
        models = [m.strip() for m in text.split(",") if m.strip()]
        modes: set[StructuredOutput] = set()
        dropped: set[str] = set()
        for model in models:
            spec = ModelSpec.parse(model, settings=own)
            if spec.is_offline:
                continue
            missing = credentials_problem(spec)
            if missing is not None:
                raise PreflightError(f"preflight: {where(role, spec)}: {missing}")
            probed = await probe_role(role, spec, probes)
            if probed.mode is None or probed.error is not None:
                raise PreflightError(f"preflight: {where(role, spec)}: {probed.error}")
            out.notes += probed.notes
            modes.add(probed.mode)
            dropped |= probed.dropped
        if modes:  # ensemble members share their role's settings: one mode every member takes
            mode = modes.pop() if len(modes) == 1 else StructuredOutput.PROMPT
            if mode is StructuredOutput.PROMPT and modes:
                out.notes.append(
                    f"preflight: {role}: its members' servers take different structured-output "
                    "modes; using prompt for all"
                )
            # a refused parameter is not sent by the run either (RoleSettings.drop_params)
            not_sent = sorted({*own.drop_params, *dropped})
            out.settings[role] = own.model_copy(
                update={"structured_output": mode, "drop_params": not_sent}
            )
    return out


async def check_assistant(
    sut: str | None, sut_config: Path | None, options: SutOptions | None = None
) -> None:
    """One utterance to the assistant; the assistants icatest starts itself are not probed: the
    reference is not, and for a local llm: only the extra and the model file are checked."""
    from icatest.sut.local_llm import is_local_llm, model_file

    if sut_config is None and (sut is None or sut == "reference" or sut.startswith("reference:")):
        return
    if sut_config is None and is_local_llm(sut):
        model_file(str(sut))  # exits 2 with the install line when the extra is missing
        return
    from icatest.sut.adapters import open_assistant

    opts = (options or SutOptions()).merged(retries=1)
    async with open_assistant(sut, sut_config, options=opts) as assistant:
        session = assistant.session(f"preflight-{uuid.uuid4().hex[:8]}")
        try:
            reply = await session.send(PROBE_UTTERANCE)
        finally:
            await session.close()
    if reply.error is not None:
        raise PreflightError(f"preflight: assistant {assistant.name}: {reply.error}")


async def preflight(
    roles: Mapping[str, str],
    sut: str | None = None,
    sut_config: Path | None = None,
    settings: Mapping[str, RoleSettings] | None = None,
    options: SutOptions | None = None,
    probes: Mapping[str, Probe] | None = None,
) -> Preflight:
    """Everything a command will call, checked once; raises PreflightError on the first problem."""
    result = await check_models(roles, settings, probes)
    await check_assistant(sut, sut_config, options)
    return result
