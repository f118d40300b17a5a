"""Assistant connection files (`--sut-config FILE`): `kind: http` or `kind: openai`.

Header values may reference environment variables as ``${VAR}``. They are resolved when the
assistant is opened, kept only in memory, and redacted from every error and log line.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, RootModel

from icatest.config.loading import load_model
from icatest.contracts.scenario import Strict
from icatest.errors import ConfigError
from icatest.net.retry import Backoff
from icatest.sut.options import ChatParams

_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")
DEFAULT_API_KEY_ENV = "ICATEST_SUT_API_KEY"


class CallPolicy(Strict):
    """Per-call timeout and retries shared by every adapter."""

    timeout_s: float = Field(default=30.0, gt=0, description="per attempt")
    retries: int = Field(default=3, ge=0, le=10, description="extra attempts on transient errors")
    backoff_base_s: float = Field(default=0.5, ge=0, description="first backoff, doubled per retry")
    backoff_max_s: float = Field(default=10.0, ge=0)
    retry_after_cap_s: float = Field(default=10.0, ge=0, description="cap on a 429 Retry-After")
    retry_on_timeout: bool = Field(
        default=True, description="a hung call is retried (may repeat a turn on stateful servers)"
    )
    max_reply_chars: int = Field(default=20_000, ge=1, description="longer replies are cut")
    max_concurrent: int | None = Field(default=None, ge=1, description="rate limit per endpoint")
    rpm: float | None = Field(default=None, gt=0, description="requests per minute per endpoint")

    @property
    def backoff(self) -> Backoff:
        """The waits between attempts (the one retry policy, `icatest/net/retry.py`)."""
        return Backoff(self.backoff_base_s, self.backoff_max_s, self.retry_after_cap_s)


class HttpSutConfig(CallPolicy):
    """A generic JSON-over-HTTP assistant."""

    kind: Literal["http"]
    url: str
    method: Literal["POST", "PUT", "GET"] = "POST"
    headers: dict[str, str] = Field(default_factory=dict)
    body: dict[str, Any] | list[Any] = Field(
        default_factory=lambda: {"session": "{{ session_id }}", "text": "{{ utterance }}"},
        description="JSON template; {{ session_id }} {{ utterance }} {{ history }} {{ turn }} "
        "{{ context }}",
    )
    reply_path: str = Field(
        default="reply", description="dotted path, e.g. choices.0.message.content"
    )


class OpenAISutConfig(CallPolicy):
    """An OpenAI-compatible chat completions endpoint (base URL ending in /v1, usually)."""

    kind: Literal["openai"]
    url: str
    model: str = "assistant"
    api_key_env: str = DEFAULT_API_KEY_ENV
    headers: dict[str, str] = Field(default_factory=dict)
    temperature: float | None = Field(default=None, description="sent when set (as params)")
    params: ChatParams = Field(
        default_factory=dict,
        description="extra chat body fields sent every turn: max_tokens, temperature, top_p, ...",
    )
    system_message: str | None = Field(
        default=None,
        description="first system message of every conversation; may use {{ language }} and "
        "{{ speech_level }}",
    )

    def body_fields(self) -> dict[str, Any]:
        """What every request adds to model and messages: temperature, then params."""
        fields: dict[str, Any] = {}
        if self.temperature is not None:
            fields["temperature"] = self.temperature
        return {**fields, **self.params}


SutConfig = Annotated[HttpSutConfig | OpenAISutConfig, Field(discriminator="kind")]


class _SutConfigFile(RootModel[SutConfig]):
    pass


def load_sut_config(path: Path) -> HttpSutConfig | OpenAISutConfig:
    """Validate the file; errors name the file and the field."""
    return load_model(path, _SutConfigFile).root


def resolve_env(value: str, *, source: str, field: str) -> tuple[str, list[str]]:
    """Replace ${VAR} with the environment value; returns (text, secret values used)."""
    secrets: list[str] = []

    def sub(m: re.Match[str]) -> str:
        name = m.group(1)
        if name not in os.environ:
            raise ConfigError(source, f"environment variable {name} is not set", field)
        secrets.append(os.environ[name])
        return os.environ[name]

    return _VAR.sub(sub, value), secrets


def resolve_headers(
    headers: dict[str, str], *, source: str
) -> tuple[dict[str, str], list[str]]:
    """All headers with ${VAR} resolved, and the secret values to redact."""
    out: dict[str, str] = {}
    secrets: list[str] = []
    for key, value in headers.items():
        out[key], used = resolve_env(value, source=source, field=f"headers.{key}")
        secrets.extend(used)
    return out, secrets
