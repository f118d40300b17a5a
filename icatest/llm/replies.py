"""What comes back from a provider: reply text and finish reason, usage and cost, the named reason
when there is no text (a refusal, empty or null content), the JSON object inside a reply, and
the messages of a repair request when it did not fit the schema."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from icatest.config.loading import format_validation_error
from icatest.contracts.labels import ModelErrorKind
from icatest.contracts.records import RoleUsage
from icatest.errors import clip
from icatest.llm.provider_errors import ModelError
from icatest.llm.schemas import strict_schema

EMPTY_REPLY = "(empty reply)"  # stands in for an empty assistant message (Anthropic rejects "")


@dataclass
class Completion:
    """One provider answer, whichever client fetched it: text (None when the answer carried no
    choice or null content), a refusal in the provider's words, finish reason, usage, cost."""

    content: str | None
    finish_reason: str | None = None
    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0
    reasoning_tokens: int = 0  # part of output_tokens, where the provider reports them
    cost_usd: float = 0.0
    refusal: str | None = None
    has_choice: bool = True

    def account(self, usage: RoleUsage) -> None:
        usage.input_tokens += self.input_tokens
        usage.output_tokens += self.output_tokens
        usage.cached_input_tokens += self.cached_tokens
        usage.reasoning_tokens += self.reasoning_tokens
        usage.cost_usd += self.cost_usd


@dataclass
class Reply:
    """The text of an answer, and whether it stopped at max_tokens (finish_reason "length")."""

    content: str
    cut: bool


def read_completion(response: Any, cost_usd: float = 0.0) -> Completion:
    """A chat completion as the openai SDK or litellm parse it (both keep OpenAI's shape:
    `choices[0].message.content` / `.refusal`, `usage.prompt_tokens_details.cached_tokens`,
    `usage.completion_tokens_details.reasoning_tokens`)."""
    choices = getattr(response, "choices", None) or []
    choice = choices[0] if choices else None
    message = getattr(choice, "message", None)
    content = getattr(message, "content", None)
    refusal = getattr(message, "refusal", None)
    reason = getattr(choice, "finish_reason", None)
    u = getattr(response, "usage", None)
    prompt_details = getattr(u, "prompt_tokens_details", None)
    output_details = getattr(u, "completion_tokens_details", None)
    return Completion(
        content=content if isinstance(content, str) else None,
        finish_reason=reason if isinstance(reason, str) else None,
        input_tokens=_count(getattr(u, "prompt_tokens", 0)),
        output_tokens=_count(getattr(u, "completion_tokens", 0)),
        cached_tokens=_count(getattr(prompt_details, "cached_tokens", 0)),
        reasoning_tokens=_count(getattr(output_details, "reasoning_tokens", 0)),
        cost_usd=cost_usd,
        refusal=refusal if isinstance(refusal, str) and refusal.strip() else None,
        has_choice=choice is not None,
    )


def _count(value: Any) -> int:
    return int(value) if isinstance(value, int | float) and value > 0 else 0


def from_litellm(response: Any, litellm: Any) -> Completion:
    """litellm's ModelResponse as a Completion, priced as litellm prices it."""
    return read_completion(response, _litellm_cost(response, litellm))


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


M = TypeVar("M", bound=BaseModel)
_FENCED = re.compile(r"```(?:json)?\s*(.*?)```", re.S)


def extract_json(raw: str) -> str:
    """Models often wrap JSON in code fences or prose; take the outermost object."""
    m = _FENCED.search(raw)
    text = m.group(1) if m else raw
    start, end = text.find("{"), text.rfind("}")
    return text[start : end + 1] if start != -1 and end > start else text


def parse_output(output: type[M], raw: str) -> M:
    """The reply as `output`. A raw line break or tab inside a JSON string (small models write
    them, and llama.cpp's JSON grammar lets them through) is read as the escape it stands for;
    anything else that is not valid JSON, or not the schema, raises the ValidationError."""
    text = extract_json(raw)
    try:
        return output.model_validate_json(text)
    except ValidationError as exc:
        if not any(e["type"] == "json_invalid" for e in exc.errors()):
            raise
        try:
            data = json.loads(text, strict=False)  # strict=False: control characters in strings
        except ValueError:
            raise exc from None
        return output.model_validate_json(json.dumps(data))


def short_validation(exc: ValidationError) -> str:
    field, problem = format_validation_error(exc)
    return f"{field}: {problem}"


def repair_message(error: str | None) -> str:
    return (
        "Your previous reply could not be used: "
        f"{error}. Reply again with only one JSON object that matches the schema, nothing else."
    )


def reply_of(answer: Completion) -> Reply:
    """The reply text, or the named reason there is none (a refusal, empty or null content).
    A reply cut at the cap is a cut reply even when the cap left no visible text (a reasoning
    model that spent it all on reasoning): it is asked again with more room."""
    cut = answer.finish_reason == "length"
    if answer.refusal is not None:
        raise ModelError(ModelErrorKind.REFUSED, clip(answer.refusal))
    if answer.finish_reason == "content_filter":  # the provider's filter, not the model's words
        said = f": {clip(answer.content)}" if answer.content and answer.content.strip() else ""
        raise ModelError(
            ModelErrorKind.REFUSED, f"the provider's content filter stopped the reply{said}"
        )
    if cut:
        return Reply(answer.content or "", True)
    if answer.content is None:
        why = (
            "the answer carried no choice"
            if not answer.has_choice
            else f"the message content is null (finish_reason {answer.finish_reason})"
        )
        raise ModelError(ModelErrorKind.NO_CONTENT, why)
    if not answer.content.strip():
        raise ModelError(
            ModelErrorKind.EMPTY_REPLY,
            f"the model answered with no text (finish_reason {answer.finish_reason}, "
            f"{answer.output_tokens} output tokens)",
        )
    return Reply(answer.content, False)


def repair_messages(
    prompt: list[dict[str, str]],
    sent: list[dict[str, str]],
    raw: str,
    error: str | None,
    cut: bool,
) -> list[dict[str, str]]:
    """The messages of a repair call. After a cut reply the prompt is asked again with a note
    (the cut JSON is not sent back: it would cost its tokens again and invite a continuation);
    otherwise the invalid reply is shown with what was wrong."""
    if cut:
        note = repair_message(error) + " Keep it short: the last reply did not fit."
        return [*prompt, {"role": "user", "content": note}]
    return [
        *sent,
        {"role": "assistant", "content": raw.strip() or EMPTY_REPLY},
        {"role": "user", "content": repair_message(error)},
    ]
