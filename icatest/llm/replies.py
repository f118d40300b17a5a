"""What comes back from a provider: reply text and finish reason, usage and cost, the JSON object
inside a reply, and the words of a repair request when it did not fit the schema."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from icatest.config.loading import format_validation_error
from icatest.contracts.records import RoleUsage
from icatest.llm.schemas import strict_schema

EMPTY_REPLY = "(empty reply)"  # stands in for an empty assistant message (Anthropic rejects "")


@dataclass
class Completion:
    """One provider answer, whichever client fetched it: text, finish reason, usage, cost."""

    content: str | None
    finish_reason: str | None = None
    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0
    cost_usd: float = 0.0

    def account(self, usage: RoleUsage) -> None:
        usage.input_tokens += self.input_tokens
        usage.output_tokens += self.output_tokens
        usage.cached_input_tokens += self.cached_tokens
        usage.cost_usd += self.cost_usd


def from_litellm(response: Any, litellm: Any) -> Completion:
    """litellm's ModelResponse as a Completion (usage as litellm maps every provider's)."""
    choices = getattr(response, "choices", None) or []
    choice = choices[0] if choices else None
    content = getattr(getattr(choice, "message", None), "content", None)
    reason = getattr(choice, "finish_reason", None)
    u = getattr(response, "usage", None)
    details = getattr(u, "prompt_tokens_details", None)
    return Completion(
        content=content if isinstance(content, str) and choice is not None else None,
        finish_reason=reason if isinstance(reason, str) else None,
        input_tokens=int(getattr(u, "prompt_tokens", 0) or 0),
        output_tokens=int(getattr(u, "completion_tokens", 0) or 0),
        cached_tokens=int(getattr(details, "cached_tokens", 0) or 0),
        cost_usd=_litellm_cost(response, litellm),
    )


def _litellm_cost(response: Any, litellm: Any) -> float:
    hidden = getattr(response, "_hidden_params", None)
    if isinstance(hidden, dict) and "response_cost" in hidden:
        # litellm already priced this response while logging it (None: model not in its cost
        # map); pricing it again costs ~2 ms of CPU per call, more for unmapped models
        return float(hidden["response_cost"] or 0.0)
    try:
        return float(litellm.completion_cost(completion_response=response) or 0.0)
    except Exception:  # unknown model in the local cost map: cost stays unknown (0)
        return 0.0


def json_schema(output: type[BaseModel]) -> dict[str, Any]:
    """The output model's JSON schema as it is sent, in the prompt and as `response_format`: the
    strict form (llm/schemas.py), built once per model class and shared between calls: templates
    only serialise it (`| tojson`), nobody may mutate it."""
    return strict_schema(output)


_FENCED = re.compile(r"```(?:json)?\s*(.*?)```", re.S)


def extract_json(raw: str) -> str:
    """Models often wrap JSON in code fences or prose; take the outermost object."""
    m = _FENCED.search(raw)
    text = m.group(1) if m else raw
    start, end = text.find("{"), text.rfind("}")
    return text[start : end + 1] if start != -1 and end > start else text


def short_validation(exc: ValidationError) -> str:
    field, problem = format_validation_error(exc)
    return f"{field}: {problem}"


def repair_message(error: str | None) -> str:
    return (
        "Your previous reply could not be used: "
        f"{error}. Reply again with only one JSON object that matches the schema, nothing else."
    )
