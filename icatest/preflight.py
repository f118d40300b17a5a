"""Preflight: before a command starts work, every model it will call and the assistant answer once.

For each distinct model string (ensemble members included): its credentials (litellm names the
environment variables a model needs) and one tiny call. The assistant (a URL or a --sut-config
file) gets one utterance, as `icatest sut check` sends. The offline backend and the built-in
reference assistant need no check. The first problem raises PreflightError: one line naming the
role, the model or endpoint and the cause; the CLI prints it and exits 2 before any run directory
exists. `--no-preflight` skips all of it.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from icatest.errors import IcatestError
from icatest.llm.gateway import GatewayConfig, ModelGateway, ModelSpec, credentials_problem
from icatest.sut.options import SutOptions

PROBE_TASK = "preflight"
PROBE_TIMEOUT_S = 20.0
PROBE_UTTERANCE = "Hello, can you hear me?"


class PreflightError(IcatestError):
    """A model or the assistant cannot be used: the command stops before starting work."""

    exit_code = 2


def distinct_models(roles: Mapping[str, str]) -> dict[str, str]:
    """{model string: first role using it}; ensembles ('a,b,c') are split, offline dropped."""
    out: dict[str, str] = {}
    for role, text in roles.items():
        for model in (m.strip() for m in text.split(",")):
            if model and not ModelSpec.parse(model).is_offline:
                out.setdefault(model, role)
    return out


async def check_models(roles: Mapping[str, str]) -> None:
    """Credentials, then one tiny call, for each distinct non-offline model."""
    for model, role in distinct_models(roles).items():
        parsed = ModelSpec.parse(model)
        spec = replace(parsed, settings=parsed.settings.model_copy(update={"max_tokens": 16}))
        where = f"{role} ({spec.label()}{f' at {spec.api_base}' if spec.api_base else ''})"
        missing = credentials_problem(spec)
        if missing is not None:
            raise PreflightError(f"preflight: {where}: {missing}")
        gateway = ModelGateway(
            roles={role: spec}, config=GatewayConfig(timeout_s=PROBE_TIMEOUT_S, max_retries=1)
        )
        result = await gateway.text(role, PROBE_TASK, {}, offline=lambda _: "OK")
        if result.error is not None:
            raise PreflightError(f"preflight: {where}: {result.error}")


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
    options: SutOptions | None = None,
) -> None:
    """Everything a command will call, checked once; raises PreflightError on the first problem."""
    await check_models(roles)
    await check_assistant(sut, sut_config, options)
