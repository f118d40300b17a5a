"""What a role is bound to and what a call gives back: the model spec, the gateway's defaults,
and the Result of one call (kept apart from the gateway, which does the calling)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from icatest.contracts.labels import ModelErrorKind
from icatest.llm.settings import RoleSettings

OFFLINE = "offline"
# a prompt template's variables: whatever the template reads (models, lists, strings)
PromptVariables = dict[str, object]
T = TypeVar("T", bound=BaseModel)


@dataclass(frozen=True)
class ModelSpec:
    """A role's model: litellm model string, optional api base, key taken from an env var."""

    model: str = OFFLINE
    api_base: str | None = None
    api_key_env: str | None = None
    settings: RoleSettings = field(default_factory=RoleSettings)

    @classmethod
    def parse(cls, text: str, **kwargs: Any) -> ModelSpec:
        """`openai/gpt-4.1-mini`, `offline`, or `openai/my-model@http://127.0.0.1:8000/v1`."""
        model, _, base = text.strip().partition("@")
        if not model:
            raise ValueError("empty model string")
        return cls(model=model, api_base=base or None, **kwargs)

    @property
    def is_offline(self) -> bool:
        """`offline`, or `offline:VARIANT` (a feature's own deterministic variant, e.g. strict)."""
        return self.model == OFFLINE or self.model.startswith(OFFLINE + ":")

    @property
    def offline_variant(self) -> str:
        """The part after `offline:` ('' for plain `offline`); handlers get it as a variable."""
        return self.model.partition(":")[2] if self.is_offline else ""

    def label(self) -> str:
        return self.model  # never includes keys; the api base may hold credentials, so omit it


@dataclass
class GatewayConfig:
    """Defaults for every role; a role's own `timeout_s` and `retries` settings win."""

    timeout_s: float = 60.0
    max_retries: int = 3  # on timeouts, connection errors, 429 and 5xx
    repair_attempts: int = 1  # extra calls asking for valid JSON
    backoff_base_s: float = 0.5
    backoff_max_s: float = 20.0


@dataclass
class Result(Generic[T]):
    """A structured answer, or why there is none. `value is None` means unscored."""

    value: T | None
    raw: str | None
    error: str | None
    model: str
    prompt_version: str
    error_kind: ModelErrorKind | None = None
