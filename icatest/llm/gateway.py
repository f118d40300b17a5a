"""The one module that talks to language models, for every role.

A role (`simulator`, `turn_judge`, `conversation_judge`, `kpi_judge`, `generator`) is bound to a
model string: anything litellm accepts, optionally with `@API_BASE` appended (for vLLM or any
OpenAI-compatible server), or `offline` for the built-in deterministic backend. Callers pass the
offline implementation of a task next to its prompt, so each feature owns both. One client per
protocol: `openai/NAME@URL` (an OpenAI-compatible server) goes through the openai SDK
(`llm/compatible.py`), every other model through litellm.

Errors are sorted by kind where they arise (ModelErrorKind): missing credentials, refused keys,
bad requests (a 4xx, or a 5xx whose body says the request is invalid) and prompts too long are
not retried and say so; rate limits, 5xx, timeouts and dropped connections are retried with
backoff (per role: `timeout_s`, `retries`); an empty or null reply is asked once more, a refusal
never. A call never raises for a provider problem: the Result carries the message (whole up to
MESSAGE_CAP characters) and its kind, and `on_call` tells a campaign's health watcher how each
call ended.
"""

from __future__ import annotations

import asyncio
import functools
import os
from collections.abc import Callable, Mapping
from contextlib import AbstractAsyncContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from icatest.contracts.labels import ModelErrorKind
from icatest.contracts.records import RoleUsage
from icatest.llm import compatible, model_map
from icatest.llm.prompts import Prompt, load_prompt
from icatest.llm.provider_errors import (
    ModelError,
    RefusedParamError,
    classify,
    describe,
    refused_param,
    retry_after,
    with_deadline,
)
from icatest.llm.replies import (
    Completion,
    Reply,
    from_litellm,
    json_schema,
    parse_output,
    repair_messages,
    reply_of,
    short_validation,
)
from icatest.llm.settings import (
    MAX_CALLS_PER_ANSWER,
    base_max_tokens,
    grown,
    is_ollama,
    litellm_model,
    output_format,
    request_params,
    runtime_mode,
)
from icatest.llm.spec import GatewayConfig, ModelSpec, PromptVariables, Result, T
from icatest.net.limits import RateLimiter
from icatest.net.retry import Backoff

_CALL_KEYS = frozenset({"model", "messages", "api_base", "api_key", "timeout", "num_retries"})
OfflineHandler = Callable[[PromptVariables], object]
CallHook = Callable[[str, ModelErrorKind | None], None]  # (role, None on success or the kind)


@dataclass
class CallBudget:
    """What one structured answer may still spend: answered calls (the growth of a cut reply and
    the repair share them) and the output cap of its last call, where a repair starts."""

    calls_left: int = MAX_CALLS_PER_ANSWER
    max_tokens: int | None = None


EMPTY_KINDS = frozenset({ModelErrorKind.EMPTY_REPLY, ModelErrorKind.NO_CONTENT})


@dataclass
class ModelGateway:
    roles: Mapping[str, ModelSpec]
    config: GatewayConfig = field(default_factory=GatewayConfig)
    limiters: Mapping[str, RateLimiter] = field(default_factory=dict)
    usage: dict[str, RoleUsage] = field(default_factory=dict)
    prompt_versions: dict[str, str] = field(default_factory=dict)
    dropped: dict[str, frozenset[str]] = field(default_factory=dict)  # params a provider refused
    on_call: CallHook | None = None

    def spec(self, role: str) -> ModelSpec:
        return self.roles.get(role, ModelSpec())

    def models(self) -> dict[str, str]:
        return {role: spec.label() for role, spec in self.roles.items()}

    def _begin(self, role: str, task: str) -> tuple[ModelSpec, Prompt, RoleUsage]:
        """The role's model, the task's prompt (its version recorded), the role's usage."""
        prompt = load_prompt(task)
        self.prompt_versions[task] = prompt.version
        self.prompt_versions.update(prompt.includes)
        return self.spec(role), prompt, self._usage(role)

    def not_sent(self, role: str) -> frozenset[str]:
        """Parameters `role` does not send: its `drop_params` and those refused since."""
        return self.dropped.get(role, frozenset()) | frozenset(self.spec(role).settings.drop_params)

    def _usage(self, role: str) -> RoleUsage:
        if role not in self.usage:
            dropped = sorted(self.not_sent(role))
            self.usage[role] = RoleUsage(model=self.spec(role).label(), dropped_params=dropped)
        return self.usage[role]

    def _drop(self, role: str, param: str) -> None:
        """Stop sending `param` for `role` (the provider refused it by name); recorded."""
        self.dropped[role] = self.dropped.get(role, frozenset()) | {param}
        usage = self._usage(role)
        if param not in usage.dropped_params:
            usage.dropped_params = sorted({*usage.dropped_params, param})

    async def structured(
        self,
        role: str,
        task: str,
        variables: Mapping[str, object],
        output: type[T],
        *,
        offline: OfflineHandler,
    ) -> Result[T]:
        """One structured call: validated `output`, or an unscored Result with the reason."""
        spec, prompt, usage = self._begin(role, task)
        if spec.is_offline:
            usage.calls += 1
            value = offline({**variables, "offline_variant": spec.offline_variant})
            return Result(output.model_validate(value), None, None, spec.label(), prompt.version)
        schema = json_schema(output)
        native_ok = _supports_schema(spec)
        mode = runtime_mode(spec.model, spec.settings.structured_output, native_ok)
        reads = native_ok and not is_ollama(spec.model)
        shape = output_format(mode, output.__name__, schema, model_reads_schema=reads)
        fmt = shape.response_format
        messages = prompt.render(
            {
                **variables,
                "output_schema": schema,
                "schema_in_prompt": shape.schema_in_prompt,
                "schema_enforced": shape.enforced,
            }
        )
        raw: str | None = None
        error: str | None = None
        budget = CallBudget()  # growth of a cut reply and the repair share these calls
        prompt_messages = messages
        for attempt in range(1 + self.config.repair_attempts):
            try:
                reply = await self._complete(role, spec, messages, fmt, budget)
            except ModelError as exc:
                usage.failures += 1
                return Result(None, raw, str(exc), spec.label(), prompt.version, exc.kind)
            raw = reply.content
            try:
                value = parse_output(output, raw)
                return Result(value, raw, None, spec.label(), prompt.version)
            except ValidationError as exc:
                error = short_validation(exc)
                if reply.cut:
                    error = f"reply cut at the output cap even after retries ({error})"
            if attempt >= self.config.repair_attempts or budget.calls_left <= 0:
                break
            usage.retries += 1
            messages = repair_messages(prompt_messages, messages, raw, error, reply.cut)
        usage.failures += 1
        return Result(
            None,
            raw,
            f"unparseable output: {error}",
            spec.label(),
            prompt.version,
            ModelErrorKind.UNPARSEABLE,
        )

    async def text(
        self, role: str, task: str, variables: Mapping[str, object], *, offline: OfflineHandler
    ) -> Result[Any]:
        """Free text (e.g. a simulated utterance); errors are returned, not raised."""
        spec, prompt, usage = self._begin(role, task)
        if spec.is_offline:
            usage.calls += 1
            raw = str(offline({**variables, "offline_variant": spec.offline_variant}))
            return Result(None, raw, None, spec.label(), prompt.version)
        try:
            reply = await self._complete(role, spec, prompt.render(dict(variables)))
        except ModelError as exc:
            usage.failures += 1
            return Result(None, None, str(exc), spec.label(), prompt.version, exc.kind)
        return Result(None, reply.content.strip(), None, spec.label(), prompt.version)

    async def _complete(
        self,
        role: str,
        spec: ModelSpec,
        messages: list[dict[str, str]],
        fmt: dict[str, Any] | None = None,
        budget: CallBudget | None = None,
    ) -> Reply:
        """One answer. A reply cut at max_tokens is asked again with more room, up to a limit;
        an empty or null reply is asked once more; a parameter the provider refuses by name is
        dropped for the role and the call repeated. With a `budget`, every answered call is
        counted against it and the next call starts at the cap the last one had."""
        model_max = _model_max_output(spec)
        base = base_max_tokens(role, spec.settings, model_max)
        max_tokens = budget.max_tokens if budget is not None and budget.max_tokens else base
        empty_before = False
        while True:
            try:
                reply = await self._reported(role, spec, messages, max_tokens, fmt)
            except RefusedParamError as exc:
                self._drop(role, exc.param)
                continue
            except ModelError as exc:
                if exc.kind not in EMPTY_KINDS:
                    raise
                left = _spend(budget, max_tokens)
                if empty_before or left == 0:
                    raise ModelError(exc.kind, exc.detail, 2 if empty_before else 1) from None
                empty_before = True
                self._usage(role).retries += 1
                continue
            _spend(budget, max_tokens)
            if not reply.cut:
                return reply
            self._usage(role).truncated += 1
            more = grown(max_tokens, base, model_max)
            if more is None or (budget is not None and budget.calls_left <= 0):
                return reply
            max_tokens = more

    async def _reported(
        self,
        role: str,
        spec: ModelSpec,
        messages: list[dict[str, str]],
        max_tokens: int,
        fmt: dict[str, Any] | None = None,
    ) -> Reply:
        """One call; tells `on_call` whether it answered or why not."""
        try:
            reply = await self._call(role, spec, messages, max_tokens, fmt)
        except ModelError as exc:
            if self.on_call is not None:
                self.on_call(role, exc.kind)
            raise
        if self.on_call is not None:
            self.on_call(role, None)
        return reply

    def policy(self, spec: ModelSpec) -> tuple[float, int]:
        """(seconds per attempt, further attempts): the role's settings, else the defaults."""
        own = spec.settings
        timeout_s = own.timeout_s if own.timeout_s is not None else self.config.timeout_s
        retries = own.retries if own.retries is not None else self.config.max_retries
        return timeout_s, retries

    async def _call(
        self,
        role: str,
        spec: ModelSpec,
        messages: list[dict[str, str]],
        max_tokens: int,
        fmt: dict[str, Any] | None = None,
    ) -> Reply:
        """One answer with retries and backoff; tokens and cost accounted to the role."""
        missing = credentials_problem(spec)
        if missing is not None:
            raise ModelError(ModelErrorKind.MISSING_CREDENTIALS, missing)
        usage = self._usage(role)
        limiter = self.limiters.get(role)
        timeout_s, retries = self.policy(spec)
        last: Exception | None = None
        kind = ModelErrorKind.SERVER
        attempts = 0
        for attempt in range(retries + 1):
            attempts = attempt + 1
            if attempt:
                usage.retries += 1
                await asyncio.sleep(self._backoff(attempt, last))
            try:
                kwargs = self._request(role, spec, messages, max_tokens, fmt, timeout_s)
                gate: AbstractAsyncContextManager[Any] = limiter or nullcontext()
                async with gate:
                    answer = await with_deadline(self._send(spec, kwargs), timeout_s)
            except Exception as exc:  # each client maps provider errors to its own types
                kind = self._retryable_kind(role, exc)
                last = exc
                continue
            usage.calls += 1
            answer.account(usage)
            return reply_of(answer)
        raise ModelError(kind, describe(last) if last else "no response", attempts)

    async def _send(self, spec: ModelSpec, kwargs: dict[str, Any]) -> Completion:
        """The request through the openai SDK for an OpenAI-compatible server, else litellm."""
        if uses_sdk(spec):
            params = {k: v for k, v in kwargs.items() if k not in _CALL_KEYS}
            return await compatible.complete(
                spec.model,
                kwargs["api_base"],
                kwargs["api_key"],
                kwargs["messages"],
                params,
                kwargs["timeout"],
            )
        litellm = _litellm()
        return from_litellm(await litellm.acompletion(**kwargs), litellm)

    def _request(
        self,
        role: str,
        spec: ModelSpec,
        messages: list[dict[str, str]],
        max_tokens: int,
        fmt: dict[str, Any] | None = None,
        timeout_s: float | None = None,
    ) -> dict[str, Any]:
        """The call's arguments, as litellm.acompletion takes them (the SDK client picks what
        an OpenAI-compatible server reads)."""
        kwargs: dict[str, Any] = {
            "model": litellm_model(spec.model),
            "messages": messages,
            "timeout": timeout_s if timeout_s is not None else self.policy(spec)[0],
            "num_retries": 0,
            **request_params(
                spec.model, spec.settings, max_tokens, self.not_sent(role), fmt
            ),
        }
        if spec.api_base:
            kwargs["api_base"] = spec.api_base
        if spec.api_key_env:
            kwargs["api_key"] = os.environ.get(spec.api_key_env, "")
        elif spec.api_base:
            kwargs["api_key"] = os.environ.get("ICATEST_API_KEY", "no-key")
        return kwargs

    def _retryable_kind(self, role: str, exc: Exception) -> ModelErrorKind:
        """The kind of a failed attempt worth retrying; anything else is raised here."""
        if type(exc).__name__ == "ContextWindowExceededError":
            raise ModelError(ModelErrorKind.PROMPT_TOO_LONG, describe(exc)) from None
        refused = refused_param(exc)
        if refused is not None and refused not in self.not_sent(role):
            raise RefusedParamError(refused) from None
        kind = classify(exc)
        if not kind.retryable:
            raise ModelError(kind, describe(exc)) from None
        return kind

    def _backoff(self, attempt: int, exc: Exception | None) -> float:
        backoff = Backoff(self.config.backoff_base_s, self.config.backoff_max_s)
        return backoff.wait_s(attempt, retry_after(exc))


def _spend(budget: CallBudget | None, max_tokens: int) -> int | None:
    """Count one answered call against the budget; the calls left (None: no budget)."""
    if budget is None:
        return None
    budget.calls_left -= 1
    budget.max_tokens = max_tokens
    return budget.calls_left


_LITELLM: Any = None


def _litellm() -> Any:
    """Import litellm lazily, with its cost map kept local (no network at import) and every
    catalog it would fetch on its own taken from its bundled copy (Anthropic's beta headers are
    otherwise fetched from GitHub on the first Anthropic call)."""
    global _LITELLM
    if _LITELLM is None:
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
        os.environ.setdefault("LITELLM_OFFLINE_MODE", "true")
        import litellm

        litellm.telemetry = False
        litellm.suppress_debug_info = True
        _LITELLM = litellm
    return _LITELLM


def credentials_problem(spec: ModelSpec) -> str | None:
    """'OPENAI_API_KEY is not set' when the model needs a variable the environment lacks."""
    if spec.is_offline:
        return None
    if spec.api_key_env:
        return None if os.environ.get(spec.api_key_env) else f"{spec.api_key_env} is not set"
    if spec.api_base:  # OpenAI-compatible servers get ICATEST_API_KEY or a placeholder key
        return None
    try:
        found = _litellm().validate_environment(model=spec.model)
    except Exception:  # an unknown provider: litellm cannot tell, the call will say
        return None
    # an *_API_BASE has a default (ollama on localhost): only missing secrets are fatal
    missing = [k for k in found.get("missing_keys") or [] if not k.endswith("_BASE")]
    if not missing:
        return None
    verb = "is" if len(missing) == 1 else "are"
    return f"{' and '.join(missing)} {verb} not set"


def uses_sdk(spec: ModelSpec) -> bool:
    """Whether the role's calls go through the openai SDK (an OpenAI-compatible server)."""
    return compatible.serves(spec.model, spec.api_base)


def _model_max_output(spec: ModelSpec) -> int | None:
    if uses_sdk(spec):
        return model_map.facts(spec.model).max_output_tokens
    return _litellm_max_output(spec.model)


def _supports_schema(spec: ModelSpec) -> bool:
    """Whether an unresolved `auto` sends a JSON schema (litellm's word on the model; a model it
    does not know, on an OpenAI-compatible server, is asked in the prompt until preflight says
    what the server takes)."""
    if uses_sdk(spec):
        return model_map.facts(spec.model).supports_schema
    return _litellm_supports_schema(spec.model)


@functools.lru_cache(maxsize=64)
def _litellm_max_output(model: str) -> int | None:
    """The model's output maximum from litellm's local model map (None when unknown)."""
    try:
        info = _litellm().get_model_info(model)
    except Exception:  # not in the map: a local or custom model
        return None
    value = info.get("max_output_tokens") or info.get("max_tokens")
    return int(value) if value else None


@functools.lru_cache(maxsize=64)
def _litellm_supports_schema(model: str) -> bool:
    """litellm's word on native JSON-schema output for this model (False when unknown)."""
    try:
        return bool(_litellm().supports_response_schema(model))
    except Exception:  # not in the local model map
        return False
