"""The campaign configuration: one strict model used by `icatest fuzz` and by experiment YAMLs.

Every budget (time, conversations, cost), every rate limit and every model role of a run lives
here, so a run directory's manifest says exactly how the run was made.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from icatest.campaigns.running.breaker import DEFAULT_AFTER, DEFAULT_GRACE_S
from icatest.contracts import BASELINE_MAX_TURNS, CONVERSATION_ROLES, Mode, Strict
from icatest.engine.plan import AssistantLanguage
from icatest.errors import ConfigError
from icatest.llm.settings import RoleSettings
from icatest.sut.options import SutOptions

ExecutorName = Literal["local", "local-dask", "dask"]
ROLES = CONVERSATION_ROLES
NEUTRAL_PERSONA = "neutral"

_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|min|h|d)?\s*$")
_UNIT_S = {"ms": 0.001, "s": 1.0, "m": 60.0, "min": 60.0, "h": 3600.0, "d": 86400.0, None: 1.0}


def parse_duration(text: str | float | int) -> float:
    """'4h' -> 14400.0, '15m' -> 900.0, '90s' or 90 -> 90.0 (seconds)."""
    if isinstance(text, int | float):
        seconds = float(text)
    else:
        match = _DURATION.match(text)
        if not match:
            raise ValueError(f"not a duration: {text!r} (use e.g. 4h, 15m, 90s)")
        seconds = float(match.group(1)) * _UNIT_S[match.group(2)]
    if seconds <= 0:
        raise ValueError("a duration must be positive")
    return seconds


# problems that name several fields: error type -> message, with one {slot} per field it names
# (filled with the field's name in a config file, with its flag on the command line)
CROSS_FIELD = {
    "sut_choice": "give exactly one of {sut} (URL, reference, python:...) and {sut_config}",
    "budget_missing": "set a time budget ({budget_s}) or {max_conversations}",
    "scheduler_missing": "{executor} dask needs {scheduler} (tcp://HOST:PORT)",
}


def _cross_field(kind: str, *fields: str) -> PydanticCustomError:
    return PydanticCustomError(kind, CROSS_FIELD[kind], {f: f for f in fields})


class Limits(Strict):
    """Per-endpoint limits; None means unlimited."""

    max_concurrent: int | None = Field(default=None, ge=1)
    rpm: float | None = Field(default=None, gt=0, description="requests per minute")


RUN_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,79}")  # a file name and an id prefix

class CampaignConfig(Strict):
    """Everything that defines one campaign run."""

    sut: str | None = Field(
        default=None,
        description="assistant: an http(s) URL, `reference[:PROFILE]`, `llm:NAME_OR_GGUF` or "
        "`python:MODULE:ATTRIBUTE`",
    )
    sut_config: Path | None = Field(default=None, description="adapter config file (YAML)")
    sut_options: SutOptions = Field(
        default_factory=SutOptions,
        description="what the assistant is sent besides the conversation: model, params, "
        "system_message (OpenAI-compatible endpoints), timeout_s, retries",
    )
    reference_options: dict[str, Any] = Field(
        default_factory=dict,
        description="options of the reference assistant (latency_ms, error rates, ...)",
    )
    mode: Mode = Mode.GUIDED
    budget_s: float | None = Field(default=None, description="wall-clock budget in seconds")
    max_conversations: int | None = Field(
        default=None, ge=1, description="scenarios to run (each `trials` times): records = "
        "max_conversations x trials"
    )
    trials: int = Field(
        default=1,
        ge=1,
        le=100,
        description="runs of every scenario (same seed, persona, context and turn budget; "
        "only the conversation id, which keys every random draw, differs): pass^k",
    )
    max_cost_usd: float | None = Field(default=None, gt=0)
    concurrency: int = Field(default=4, ge=1, le=1024)
    simulator: str = "offline"
    turn_judge: str = "offline"
    conversation_judge: str = "offline"
    model_settings: dict[str, RoleSettings] = Field(
        default_factory=dict,
        description="per role (simulator, turn_judge, conversation_judge): temperature, "
        "max_tokens, reasoning_effort, seed, context_window, structured_output, extra",
    )
    seed_pools: list[str] = Field(default_factory=list, description="empty: every pool")
    personas: list[str] = Field(default_factory=list, description="empty: every persona")
    turn_budgets: list[int] = Field(default_factory=lambda: [6, 10])
    rng_seed: int = 0
    run_id: str | None = Field(
        default=None,
        description="a fixed run id instead of <mode>-<time>-<random>: conversation ids are "
        "<run_id>-NNNNN, so an assistant that keys on them (the reference assistant's fault dice) "
        "answers a repeated run the same way; two runs with one id cannot be merged",
    )
    sut_limits: Limits = Field(default_factory=Limits)
    model_limits: Limits = Field(default_factory=Limits, description="applied to each model role")
    executor: ExecutorName = "local"
    workers: int = Field(default=2, ge=1, description="local-dask worker processes")
    scheduler: str | None = Field(default=None, description="tcp://HOST:PORT for executor dask")
    data_dir: Path | None = Field(
        default=None, description="folder with seeds/, personas/, ...: adds to the packaged data"
    )
    only_user_data: bool = Field(
        default=False, description="read data_dir alone, without the packaged data"
    )
    outage_after: int = Field(
        default=DEFAULT_AFTER,
        ge=1,
        description="circuit breaker: conversations ending unreachable (or model calls failing) "
        "in a row before new conversations stop and the endpoint is probed",
    )
    outage_grace_s: float = Field(
        default=DEFAULT_GRACE_S,
        ge=0,
        description="how long a tripped breaker probes before the campaign ends sut_down or "
        "model_down",
    )
    min_judged: float = Field(
        default=0.9,
        ge=0,
        le=1,
        description="exit code 0 needs at least this share of conversations scored (else 3)",
    )
    speech_level: Literal["hae", "haeyo", "hapsyo"] | None = Field(
        default=None,
        description="Korean speech level every reply must keep (judged as register_violation); "
        "the reference assistant is then started in Korean at this level",
    )

    channel: str = Field(
        default="text",
        description="what the assistant hears: text (as typed), asr:clean|cabin|highway (a "
        "text model of recognition errors) or speech:SNR_DB (espeak-ng, cabin noise, "
        "pocketsphinx); docs/voice.md",
    )

    @field_validator("channel")
    @classmethod
    def _channel(cls, value: str) -> str:
        from icatest.channel.spec import channel_name

        return channel_name(value)

    def reference_start_options(self) -> dict[str, Any]:
        """Options for the reference server: a required speech level makes it speak Korean."""
        language = AssistantLanguage("en" if self.speech_level is None else "ko", self.speech_level)
        return language.reference_options(self.reference_options)

    @field_validator("budget_s", "outage_grace_s", mode="before")
    @classmethod
    def _duration(cls, value: object) -> object:
        if value is None or isinstance(value, bool):
            return value
        if isinstance(value, str | int | float):
            return parse_duration(value)
        return value

    @field_validator("run_id")
    @classmethod
    def _run_id(cls, value: str | None) -> str | None:
        if value is not None and not RUN_ID.fullmatch(value):
            raise ValueError(
                f"{value!r} is not a run id: at most 80 letters, digits, '.', '_' or '-', "
                "starting with a letter or digit"
            )
        return value

    @field_validator("turn_budgets")
    @classmethod
    def _turns(cls, value: list[int]) -> list[int]:
        if not value or any(t < 1 or t > 100 for t in value):
            raise ValueError("turn budgets must be 1..100 and at least one")
        return value

    @field_validator("model_settings")
    @classmethod
    def _settings_roles(cls, value: dict[str, RoleSettings]) -> dict[str, RoleSettings]:
        unknown = sorted(set(value) - set(ROLES))
        if unknown:
            raise ValueError(f"unknown role(s) {', '.join(unknown)}; roles: {', '.join(ROLES)}")
        return value

    @model_validator(mode="after")
    def _coherent(self) -> CampaignConfig:
        if (self.sut is None) == (self.sut_config is None):
            raise _cross_field("sut_choice", "sut", "sut_config")
        if self.budget_s is None and self.max_conversations is None:
            raise _cross_field("budget_missing", "budget_s", "max_conversations")
        if self.executor == "dask" and not self.scheduler:
            raise _cross_field("scheduler_missing", "executor", "scheduler")
        return self

    def is_reference(self) -> bool:
        sut = self.sut or ""
        return sut == "reference" or sut.startswith("reference:")

    def assistant_variables(self) -> dict[str, str | None]:
        """Language and speech level the assistant is told (a system message's placeholders,
        the local LLM's prompt): Korean at the required level, else nothing."""
        if self.speech_level is None:
            return {}
        return {"language": "ko", "speech_level": self.speech_level}

    def roles(self) -> dict[str, str]:
        return {role: getattr(self, role) for role in ROLES}

    def effective_personas(self, available: list[str]) -> list[str]:
        """Baseline always talks neutral; guided uses the chosen personas (default all)."""
        if self.mode == Mode.BASELINE:
            return [NEUTRAL_PERSONA]
        return list(self.personas) or sorted(available)

    def effective_turn_budgets(self) -> list[int]:
        return [BASELINE_MAX_TURNS] if self.mode == Mode.BASELINE else list(self.turn_budgets)


def config_error(source: str, exc: Exception, names: dict[str, str] | None = None) -> ConfigError:
    """A pydantic error as the one-line ConfigError the CLI prints; `names` spells the fields
    as the reader knows them (the command line's flags: icatest/cli/flags.py)."""
    from pydantic import ValidationError

    from icatest.config.loading import format_validation_error

    if isinstance(exc, ValidationError):
        field, problem = format_validation_error(exc, names, CROSS_FIELD)
        return ConfigError(source, problem, None if field == "(top level)" else field)
    return ConfigError(source, str(exc))
