"""Options shared by several commands, defined once."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from icatest.contracts.labels import Role
from icatest.errors import ConfigError

if TYPE_CHECKING:
    from icatest.preflight.role_probes import Probe
    from icatest.sut.options import SutOptions

SUT = typer.Option(
    None,
    "--sut",
    help="Assistant: an OpenAI-compatible URL, reference[:PROFILE] (the built-in one), "
    "llm:NAME_OR_GGUF (a local llama.cpp server, e.g. llm:smollm2; docs/local_llm.md), or "
    "python:MODULE:ATTRIBUTE (a callable, Runnable or LangGraph graph; docs/adapters.md).",
)
SUT_MODEL = typer.Option(
    None,
    "--sut-model",
    help="Model name sent to an OpenAI-compatible assistant (default: assistant).",
)
SUT_PARAM = typer.Option(
    [],
    "--sut-param",
    help="Chat body field sent to an OpenAI-compatible assistant, repeatable: KEY=VALUE with a "
    "YAML value, e.g. max_tokens=200, temperature=0.2, top_p=0.9.",
)
SUT_SYSTEM_MESSAGE = typer.Option(
    None,
    "--sut-system-message",
    help="System message of an OpenAI-compatible assistant: TEXT or @FILE ('' sends none); may "
    "use {{ language }} and {{ speech_level }}. llm: sends a packaged in-car prompt by default.",
)
SUT_TIMEOUT = typer.Option(
    None, "--sut-timeout", help="Seconds per call to the assistant (default 30; llm: 120)."
)
SUT_RETRIES = typer.Option(
    None, "--sut-retries", help="Extra attempts at a failed assistant call (default 3; llm: 1)."
)
SUT_CONFIG = typer.Option(
    None, "--sut-config", help="Assistant adapter YAML (kind: http | openai)."
)
SIMULATOR = typer.Option("offline", "--simulator", help="Model for the simulator role.")
TURN_JUDGE = typer.Option(
    "offline", "--turn-judge", help="Model for the turn judge role (odd comma list: ensemble)."
)
CONVERSATION_JUDGE = typer.Option(
    "offline", "--conversation-judge", help="Model for the conversation judge role."
)
MODEL_SETTING = typer.Option(
    [],
    "--model-setting",
    help="Per-role model setting, repeatable: ROLE.SETTING=VALUE, e.g. "
    "turn_judge.max_tokens=8000, conversation_judge.reasoning_effort=low, "
    "simulator.temperature=0.7, turn_judge.extra.top_p=0.9 (see docs/engine.md).",
)
DATA_DIR = typer.Option(
    None,
    "--data-dir",
    help="Folder with strategies/, personas/, seeds/, constraints.yaml: adds to the packaged "
    "data, an item of the same name replaces the packaged one (default: $ICATEST_DATA, else a "
    "project folder here; docs/data.md).",
)
ONLY_USER_DATA = typer.Option(
    False,
    "--only-user-data",
    help="Read the data folder alone, without the packaged strategies, personas and seeds.",
)
RNG_SEED = typer.Option(0, "--rng-seed", help="Seed for every random choice.")
CHANNEL = typer.Option(
    "text",
    "--channel",
    help="What the assistant hears: text (as typed), asr:clean|cabin|highway (a text model of "
    "recognition errors) or speech:SNR_DB (espeak-ng, cabin noise, pocketsphinx; English). "
    "asr and speech need pip install 'icatest[voice]'.",
)


def channel_spec(text: str) -> Any:
    """The parsed --channel value, its extra checked (ConfigError, exit 2, says what to install)."""
    from icatest.channel.deps import require
    from icatest.channel.spec import ChannelSpec

    try:
        spec = ChannelSpec.parse(text)
    except ValueError as exc:
        raise ConfigError("command line", str(exc), "--channel") from None
    require(spec)
    return spec
NO_PREFLIGHT = typer.Option(
    False,
    "--no-preflight",
    help="Skip the check that every model and the assistant answer before work starts.",
)


def sut_options(
    model: str | None,
    params: list[str],
    system_message: str | None,
    timeout_s: float | None,
    retries: int | None,
) -> SutOptions:
    """--sut-model, --sut-param, --sut-system-message, --sut-timeout, --sut-retries."""
    from pydantic import ValidationError

    from icatest.config.loading import format_validation_error
    from icatest.sut.options import FLAGS, SutOptions, parse_params, read_system_message

    try:
        return SutOptions(
            model=model,
            params=parse_params(params),
            system_message=read_system_message(system_message),
            timeout_s=timeout_s,
            retries=retries,
        )
    except ValidationError as exc:
        field, problem = format_validation_error(exc)
        flag = FLAGS.get((field or "").split(".")[0], field)
        raise ConfigError("command line", problem, flag) from None


def run_preflight(
    roles: Mapping[str, str],
    sut: str | None = None,
    sut_config: Path | None = None,
    *,
    skip: bool = False,
    settings: Mapping[str, Any] | None = None,
    options: SutOptions | None = None,
    probes: Mapping[str, Probe] | None = None,
) -> dict[str, Any]:
    """Check credentials and reachability of every model and the assistant
    (icatest.preflight.checks); a problem raises PreflightError, which the CLI prints as one line
    with exit code 2.

    Returns the role settings to run with: `settings` with every checked role's `auto`
    structured output resolved to the mode its server accepted and the parameters its provider
    refused in `drop_params` (unchanged when skipped). A fallback or a refused parameter is
    printed as one line on stderr. `probes`: the real requests of an extension's roles."""
    given = dict(settings or {})
    if skip:
        return given
    import asyncio

    from icatest.preflight.checks import preflight

    result = asyncio.run(
        preflight(roles, sut, sut_config, settings=settings, options=options, probes=probes)
    )
    for note in result.notes:
        typer.echo(note, err=True)
    return {**given, **result.settings}


def role_models(simulator: str, turn_judge: str, conversation_judge: str) -> dict[str, str]:
    """Model strings per role (validated when bound: icatest.judges.setup.bind_roles)."""
    return {
        Role.SIMULATOR: simulator,
        Role.TURN_JUDGE: turn_judge,
        Role.CONVERSATION_JUDGE: conversation_judge,
    }


def role_settings(items: list[str]) -> dict[str, dict[str, Any]]:
    """`--model-setting` values -> `{role: {setting: value}}` (validated by RoleSettings)."""
    from icatest.llm.settings import merge_setting, parse_setting

    settings: dict[str, dict[str, Any]] = {}
    for item in items:
        try:
            role, key, value = parse_setting(item)
        except ValueError as exc:
            raise ConfigError("command line", str(exc), "--model-setting") from None
        merge_setting(settings, role, key, value)
    return settings


def checked_settings(items: list[str]) -> dict[str, Any]:
    """`--model-setting` values validated per role (for commands without a campaign config)."""
    from pydantic import ValidationError

    from icatest.campaigns.config import ROLES
    from icatest.config.loading import format_validation_error
    from icatest.llm.settings import RoleSettings

    out: dict[str, Any] = {}
    for role, values in role_settings(items).items():
        if role not in ROLES:
            known = ", ".join(ROLES)
            raise ConfigError("--model-setting", f"unknown role {role!r}; roles: {known}")
        try:
            out[role] = RoleSettings.model_validate(values)
        except ValidationError as exc:
            field, problem = format_validation_error(exc)
            raise ConfigError("--model-setting", problem, f"{role}.{field}") from None
    return out


def require_sut(sut: str | None, sut_config: Path | None) -> None:
    if not sut and not sut_config:
        raise ConfigError(
            "--sut",
            "name the assistant: --sut URL|reference[:PROFILE]|llm:NAME_OR_GGUF|python:MODULE:ATTR "
            "or --sut-config",
        )


OFFLINE_JUDGE_NOTICE = (
    "note: {roles} offline: a rule-and-embedding smoke-test judge (measured: micro F1 0.86 "
    "against the reference assistant's oracle, 0.61-0.81 on sealed sets of unseen replies, 0.37 "
    "against a published LLM judge on held-out logs, 4.0 % of competent human replies flagged; "
    "docs/offline_backend.md). For verdicts on "
    "{sut} you act on, bind a model: --turn-judge MODEL --conversation-judge MODEL."
)


def offline_judge_notice(
    roles: Mapping[str, str], sut: str | None, sut_config: Path | None
) -> None:
    """One stderr line when the offline judge judges an assistant other than the reference."""
    reference = sut_config is None and (sut is None or sut.split(":", 1)[0] == "reference")
    offline = [
        role
        for role in ("turn_judge", "conversation_judge")
        if any(m.strip().split(":", 1)[0] == "offline" for m in roles.get(role, "").split(","))
    ]
    if offline and not reference:
        names = " and ".join(r.replace("_", " ") for r in offline)
        verb = "are" if len(offline) > 1 else "is"
        what = str(sut_config) if sut_config is not None else str(sut)
        typer.echo(OFFLINE_JUDGE_NOTICE.format(roles=f"the {names} {verb}", sut=what), err=True)
