"""What a command adds to its assistant: model, body fields, system message, timeout, retries.

`--sut-model`, `--sut-param KEY=VALUE` (repeatable), `--sut-system-message TEXT|@FILE`,
`--sut-timeout` and `--sut-retries` on every command that takes `--sut`; a campaign or an
experiment backend carries the same as `sut_options`. Model, params and system message only mean
something to an OpenAI-compatible chat endpoint; the other forms refuse them, naming the flag.
"""

from __future__ import annotations

import hashlib
import re
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import yaml
from pydantic import AfterValidator, Field

from icatest.contracts.scenario import Strict
from icatest.errors import ConfigError

_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
# body fields the adapter owns: a param may not replace them
RESERVED_PARAMS = {
    "model": "set the model with --sut-model",
    "messages": "the adapter builds the messages (history, system message, context)",
}
FLAGS = {
    "model": "--sut-model",
    "params": "--sut-param",
    "system_message": "--sut-system-message",
    "timeout_s": "--sut-timeout",
    "retries": "--sut-retries",
}
CHAT_ONLY = ("model", "params", "system_message")


def param_key_problem(key: str) -> str | None:
    if not _KEY.match(key):
        return f"{key!r} is not a body field name (letters, digits, _)"
    if key in RESERVED_PARAMS:
        return f"{key!r} cannot be a param: {RESERVED_PARAMS[key]}"
    return None


def _checked_params(value: dict[str, Any]) -> dict[str, Any]:
    for key in value:
        problem = param_key_problem(key)
        if problem:
            raise ValueError(problem)
    return value


# chat body fields, as a command line or an adapter file gives them: names checked once here
ChatParams = Annotated[dict[str, Any], AfterValidator(_checked_params)]
MESSAGE_HEAD_CHARS = 80


class SutForm(StrEnum):
    """How the assistant is reached (what `--sut` / `--sut-config` named)."""

    URL = "url"  # an OpenAI-compatible base URL
    OPENAI_CONFIG = "openai_config"  # --sut-config with kind: openai
    HTTP_CONFIG = "http_config"  # --sut-config with kind: http
    REFERENCE = "reference"  # the built-in reference assistant
    PYTHON = "python"  # python:MODULE:ATTRIBUTE
    LOCAL_LLM = "local_llm"  # llm:NAME_OR_GGUF, a llama.cpp server started by icatest

    @property
    def is_chat(self) -> bool:
        """Talked to through the OpenAI chat adapter (model, params, system message apply)."""
        return self in (SutForm.URL, SutForm.OPENAI_CONFIG, SutForm.LOCAL_LLM)


class SutOptions(Strict):
    """The assistant settings a command line (or a campaign file) adds; None: not given."""

    model: str | None = Field(
        default=None, min_length=1, description="model name sent to an OpenAI-compatible endpoint"
    )
    params: ChatParams = Field(
        default_factory=dict,
        description="extra chat body fields (max_tokens, temperature, top_p, any other)",
    )
    system_message: str | None = Field(
        default=None,
        description="first system message ('' sends none); may use {{ language }} and "
        "{{ speech_level }}",
    )
    timeout_s: float | None = Field(default=None, gt=0, description="per attempt")
    retries: int | None = Field(default=None, ge=0, le=10, description="extra attempts")

    def given(self) -> list[str]:
        """Names of the fields set (params: when any is set)."""
        return [name for name in FLAGS if getattr(self, name) not in (None, {})]

    def policy(self) -> dict[str, Any]:
        """The CallPolicy fields these options set (timeout_s, retries)."""
        return {k: v for k in ("timeout_s", "retries") if (v := getattr(self, k)) is not None}

    def merged(self, **overrides: Any) -> SutOptions:
        """A copy with every override that is not None (params are merged, the override wins)."""
        update = {k: v for k, v in overrides.items() if v is not None and k != "params"}
        if overrides.get("params"):
            update["params"] = {**self.params, **overrides["params"]}
        return self.model_copy(update=update) if update else self

    def check(self, form: SutForm, source: str) -> None:
        """Refuse settings this form of assistant cannot take, naming the flag."""
        if form.is_chat:
            if form is SutForm.LOCAL_LLM and self.model is not None:
                problem = "a local llm: assistant is served under its own model name"
                raise ConfigError(source, problem, "--sut-model")
            return
        for name in CHAT_ONLY:
            if getattr(self, name) not in (None, {}):
                raise ConfigError(
                    source,
                    f"only an OpenAI-compatible assistant (a URL, llm:..., or kind: openai) takes "
                    f"it, not {form.value.replace('_', ' ')}",
                    FLAGS[name],
                )




def parse_params(items: list[str], flag: str = "--sut-param") -> dict[str, Any]:
    """['max_tokens=200', 'temperature=0.2', 'stop=[END]'] -> {...}, values read as YAML."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ConfigError("command line", f"expected KEY=VALUE, got {item!r}", flag)
        problem = param_key_problem(key)
        if problem:
            raise ConfigError("command line", problem, flag)
        try:
            out[key] = yaml.safe_load(text) if text.strip() else ""
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem", None) or type(exc).__name__
            raise ConfigError("command line", f"{key}: not a YAML value ({mark})", flag) from None
    return out


def read_system_message(text: str | None, flag: str = "--sut-system-message") -> str | None:
    """TEXT as given, or @FILE's content (UTF-8, surrounding whitespace kept out)."""
    if text is None or not text.startswith("@"):
        return text
    path = Path(text[1:]).expanduser()
    try:
        return path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError("command line", f"cannot read {path}: {exc}", flag) from None


def message_summary(text: str | None) -> dict[str, Any] | None:
    """How records name a system message: its hash, length and first characters."""
    if not text:
        return None
    flat = " ".join(text.split())
    head = flat if len(flat) <= MESSAGE_HEAD_CHARS else flat[: MESSAGE_HEAD_CHARS - 1] + "…"
    return {
        "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
        "chars": len(text),
        "head": head,
    }
