"""Per-role model settings and the request parameters they become, per provider.

Defaults work for current OpenAI, Anthropic, Gemini, DeepSeek and Ollama models: parameters a
model does not accept are dropped by litellm (`drop_params`) or, when the provider itself answers
400 naming one, dropped by the gateway and the call repeated, never fatal; output caps leave room
for reasoning models (they spend 500-3,000 output tokens per rubric item) and are clipped to the
model's known maximum; Ollama gets a context window large enough for rubric and schema (its
default silently cuts the start of a long prompt).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from pydantic import Field

from icatest.contracts import Strict

# output cap per role when none is set (a role's own cap is a floor for its cut-off retries)
ROLE_MAX_TOKENS = {"simulator": 2048, "turn_judge": 4096, "conversation_judge": 8192}
DEFAULT_MAX_TOKENS = 4096
CUTOFF_GROWTH = 2  # a reply cut at max_tokens is asked again with this much more room ...
CUTOFF_LIMIT = 4  # ... up to this multiple of the role's cap
# answered calls for one structured answer: the cut-reply growth above (cap, 2x, 4x) and the
# repair share them, so the worst case is three cut replies and one repair at 4x the cap
MAX_CALLS_PER_ANSWER = 4
OLLAMA_CONTEXT = 16384
# parameters the gateway may drop when a provider rejects them by name (400 with `param`);
# a refused `max_tokens` is sent as `max_completion_tokens` (OpenAI's newer name) instead
OPTIONAL_PARAMS = frozenset({"temperature", "seed", "reasoning_effort", "top_p", "max_tokens"})


class ReasoningEffort(StrEnum):
    NONE = "none"
    MINIMAL = "minimal"
    LOW = "low"
    MEDIUM = "medium"
    HIGH = "high"


class StructuredOutput(StrEnum):
    """How a structured answer is asked for (docs/engine.md, "Structured output").

    `native`, the earlier name of `json_schema`, is still accepted."""

    AUTO = "auto"  # preflight picks the first mode the server accepts, in the order below
    JSON_SCHEMA = "json_schema"  # response_format json_schema, strict (Ollama: schema as format)
    JSON_OBJECT_SCHEMA = "json_object_schema"  # llama.cpp's {"type": "json_object", "schema": ..}
    JSON_OBJECT = "json_object"  # JSON mode: any JSON object, the schema in the prompt
    PROMPT = "prompt"  # no response_format: the schema in the prompt only

    @classmethod
    def _missing_(cls, value: object) -> StructuredOutput | None:
        return cls.JSON_SCHEMA if value == "native" else None


# what `auto` tries at preflight, in this order (json_object_schema only on OpenAI-compatible
# servers: it is llama.cpp's own form)
FALLBACK_ORDER = (
    StructuredOutput.JSON_SCHEMA,
    StructuredOutput.JSON_OBJECT_SCHEMA,
    StructuredOutput.JSON_OBJECT,
    StructuredOutput.PROMPT,
)


class RoleSettings(Strict):
    """Model settings of one role; every field left unset takes the documented default."""

    temperature: float | None = Field(
        default=None, ge=0, le=2, description="unset: 0.0 (dropped for models that refuse it)"
    )
    max_tokens: int | None = Field(
        default=None,
        ge=16,
        description="output cap; unset: 2048 simulator, 4096 turn judge, 8192 conversation "
        "judge, clipped to the model's maximum; a cut reply is retried with up to 4x",
    )
    reasoning_effort: ReasoningEffort | None = Field(
        default=None, description="for reasoning models; unset: the provider's default"
    )
    seed: int | None = Field(default=None, description="sampling seed, where supported")
    context_window: int | None = Field(
        default=None, ge=512, description="Ollama num_ctx; unset: 16384"
    )
    structured_output: StructuredOutput = Field(
        default=StructuredOutput.AUTO,
        description="auto: preflight tries json_schema, json_object_schema (OpenAI-compatible "
        "servers), json_object, prompt and keeps the first the server accepts; or one of them",
    )
    timeout_s: float | None = Field(
        default=None, gt=0, description="seconds per call attempt; unset: 60"
    )
    retries: int | None = Field(
        default=None,
        ge=0,
        le=10,
        description="further attempts after a timeout, a dropped connection, a 429 or a 5xx; "
        "unset: 3",
    )
    extra: dict[str, Any] = Field(
        default_factory=dict,
        description="further request parameters, passed as given (litellm's, or the body "
        "fields of an OpenAI-compatible server)",
    )
    drop_params: list[str] = Field(
        default_factory=list,
        description="request parameters never sent for this role (temperature, seed, "
        "reasoning_effort, max_tokens: sent as max_completion_tokens, or an extra); preflight "
        "adds the ones the provider refused, so the run does not send them again",
    )


def is_ollama(model: str) -> bool:
    return model.startswith(("ollama/", "ollama_chat/"))


def base_max_tokens(role: str, settings: RoleSettings, model_max: int | None) -> int:
    """The role's output cap: its setting, or the role default clipped to the model's maximum."""
    if settings.max_tokens is not None:
        return settings.max_tokens
    cap = ROLE_MAX_TOKENS.get(role.split(".", 1)[0], DEFAULT_MAX_TOKENS)
    return min(cap, model_max) if model_max else cap


def grown(max_tokens: int, base: int, model_max: int | None) -> int | None:
    """The cap for the retry of a cut reply, or None when there is no more room."""
    limit = base * CUTOFF_LIMIT
    if model_max:
        limit = min(limit, model_max)
    nxt = min(max_tokens * CUTOFF_GROWTH, limit)
    return nxt if nxt > max_tokens else None


def request_params(
    model: str,
    settings: RoleSettings,
    max_tokens: int,
    dropped: frozenset[str],
    response_format: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """litellm parameters (besides model, messages, key, base, timeout) for one call."""
    cap_name = "max_completion_tokens" if "max_tokens" in dropped else "max_tokens"
    params: dict[str, Any] = {cap_name: max_tokens, "drop_params": True}
    optional: dict[str, Any] = {
        "temperature": 0.0 if settings.temperature is None else settings.temperature,
        "seed": settings.seed,
        "reasoning_effort": settings.reasoning_effort and settings.reasoning_effort.value,
    }
    params.update({k: v for k, v in optional.items() if v is not None and k not in dropped})
    if is_ollama(model):
        params["num_ctx"] = settings.context_window or OLLAMA_CONTEXT
    if response_format is not None:
        params["response_format"] = response_format
    params.update({k: v for k, v in settings.extra.items() if k not in dropped})
    return params


@dataclass(frozen=True)
class OutputFormat:
    """What one structured call sends: its response_format (None: none), whether the prompt
    carries the schema and whether the API enforces it (the prompt says "enforced" only then)."""

    response_format: dict[str, Any] | None
    schema_in_prompt: bool
    enforced: bool


def candidate_modes(model: str, api_base: str | None) -> tuple[StructuredOutput, ...]:
    """The modes `auto` tries at preflight for this model, most enforcing first."""
    compatible = api_base is not None and not is_ollama(model)
    return tuple(
        m for m in FALLBACK_ORDER if compatible or m is not StructuredOutput.JSON_OBJECT_SCHEMA
    )


def runtime_mode(model: str, mode: StructuredOutput, native_ok: bool) -> StructuredOutput:
    """The mode a call uses: the setting, or for an `auto` preflight did not resolve, a JSON
    schema where litellm says the model supports one (and for Ollama), else the prompt."""
    if mode is not StructuredOutput.AUTO:
        return mode
    schema_ok = native_ok or is_ollama(model)
    return StructuredOutput.JSON_SCHEMA if schema_ok else StructuredOutput.PROMPT


def output_format(
    mode: StructuredOutput, name: str, schema: dict[str, Any], *, model_reads_schema: bool
) -> OutputFormat:
    """The request shape of `mode` (a resolved one, never `auto`).

    `model_reads_schema`: the provider shows a `json_schema` to the model itself (OpenAI puts it
    in the model's context, litellm gives it to Anthropic as the tool's or the output format's
    schema; litellm's word that the model supports response schemas), so the prompt leaves it
    out. A server that enforces it by grammar only (Ollama's `format`, vLLM or llama.cpp behind
    an OpenAI-compatible URL) constrains tokens: its model reads the field descriptions in the
    prompt."""
    if mode is StructuredOutput.JSON_SCHEMA:
        spec = {"name": name, "schema": schema, "strict": True}
        fmt: dict[str, Any] = {"type": "json_schema", "json_schema": spec}
        return OutputFormat(fmt, schema_in_prompt=not model_reads_schema, enforced=True)
    if mode is StructuredOutput.JSON_OBJECT_SCHEMA:
        return OutputFormat({"type": "json_object", "schema": schema}, True, enforced=True)
    if mode is StructuredOutput.JSON_OBJECT:
        return OutputFormat({"type": "json_object"}, True, enforced=False)
    return OutputFormat(None, True, enforced=False)


def litellm_model(model: str) -> str:
    """The model string litellm is called with: Ollama through its chat API (`ollama_chat/`),
    which keeps system and user messages apart and takes the schema as `format`; `ollama/`
    would flatten them into one prompt."""
    return "ollama_chat/" + model.removeprefix("ollama/") if model.startswith("ollama/") else model


def parse_setting(text: str) -> tuple[str, str, Any]:
    """`turn_judge.max_tokens=8000` or `simulator.extra.top_p=0.9` -> (role, key, value).

    Values are read as YAML scalars (numbers, true/false, null), so the CLI and the config file
    agree on types."""
    import yaml

    left, sep, value = text.partition("=")
    role, dot, key = left.strip().partition(".")
    if not sep or not dot or not role or not key:
        raise ValueError(f"expected ROLE.SETTING=VALUE, got {text!r}")
    return role, key, yaml.safe_load(value) if value.strip() else None


def merge_setting(settings: dict[str, dict[str, Any]], role: str, key: str, value: Any) -> None:
    """Put one parsed setting into a `{role: {setting: value}}` mapping (`extra.NAME` nests)."""
    entry = settings.setdefault(role, {})
    if key.startswith("extra."):
        entry.setdefault("extra", {})[key.removeprefix("extra.")] = value
    else:
        entry[key] = value
