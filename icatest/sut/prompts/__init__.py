"""Versioned prompt files of the assistants icatest runs itself (the local LLM's system prompt).

Same header as the model roles' prompts: the first line is `{# prompt: NAME version: V #}`, and
what a template produced is named by `NAME@V` in the run's manifest.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from importlib import resources

import jinja2

from icatest.errors import ConfigError

IN_CAR_ASSISTANT = "in_car_assistant"
_HEADER = re.compile(r"^\{#\s*prompt:\s*(?P<name>[\w.-]+)\s+version:\s*(?P<version>[\w.-]+)\s*#\}")
_env = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False)


@cache
def _load(name: str) -> tuple[str, jinja2.Template]:
    text = (resources.files(__package__) / f"{name}.j2").read_text("utf-8")
    header, _, body = text.partition("\n")
    match = _HEADER.match(header)
    if not match or match["name"] != name:
        raise ConfigError(f"icatest/sut/prompts/{name}.j2", "first line must be the prompt header")
    return match["version"], _env.from_string(body)


def prompt_tag(name: str = IN_CAR_ASSISTANT) -> str:
    return f"{name}@{_load(name)[0]}"


def in_car_system_message(variables: Mapping[str, str | None]) -> str:
    """The packaged in-car prompt for this language and Korean speech level (None: not set)."""
    _, template = _load(IN_CAR_ASSISTANT)
    values = {"language": variables.get("language") or "",
              "speech_level": variables.get("speech_level") or ""}  # fmt: skip
    return template.render(**values).strip()
