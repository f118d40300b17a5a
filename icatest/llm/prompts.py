"""Versioned prompt templates: one file per task under icatest/llm/prompts/.

File layout::

    {# prompt: turn_judge  version: 3 #}
    [system]
    ...jinja2...
    [user]
    ...jinja2...

Untrusted text (assistant replies, simulator utterances) goes through the `data` filter, which
fences it so the model is told it is material to judge, never instructions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import jinja2

from icatest.errors import ConfigError

_HEADER = re.compile(r"\{#\s*prompt:\s*(?P<name>[\w.-]+)\s+version:\s*(?P<version>[\w.-]+)\s*#\}")
FENCE_OPEN = "<<<DATA"
FENCE_CLOSE = "DATA>>>"


def fence(text: Any) -> str:
    """Wrap untrusted text in data fences; fence markers inside it are neutralised."""
    body = str(text).replace(FENCE_OPEN, "<<<data").replace(FENCE_CLOSE, "data>>>")
    return f"{FENCE_OPEN}\n{body}\n{FENCE_CLOSE}"


_env = jinja2.Environment(
    undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=True
)
_env.filters["data"] = fence


@dataclass(frozen=True)
class Prompt:
    name: str
    version: str
    system: jinja2.Template
    user: jinja2.Template

    @property
    def tag(self) -> str:
        return f"{self.name}@{self.version}"

    def render(self, variables: dict[str, Any]) -> list[dict[str, str]]:
        try:
            return [
                {"role": "system", "content": self.system.render(**variables).strip()},
                {"role": "user", "content": self.user.render(**variables).strip()},
            ]
        except jinja2.UndefinedError as exc:
            raise ConfigError(f"prompt {self.tag}", f"missing variable: {exc.message}") from None


@cache
def load_prompt(name: str) -> Prompt:
    """Load prompts/<name>.j2 from the package."""
    try:
        text = (resources.files("icatest.llm") / "prompts" / f"{name}.j2").read_text("utf-8")
    except FileNotFoundError:
        raise ConfigError(f"prompt {name}", "no template file prompts/{name}.j2") from None
    m = _HEADER.search(text.splitlines()[0] if text else "")
    if not m or m["name"] != name:
        raise ConfigError(f"prompts/{name}.j2", "first line must be {# prompt: NAME version: V #}")
    parts = re.split(r"^\[(system|user)\]\s*$", text, flags=re.M)
    sections = dict(zip(parts[1::2], parts[2::2], strict=True))
    if set(sections) != {"system", "user"}:
        raise ConfigError(f"prompts/{name}.j2", "needs exactly one [system] and one [user] section")
    return Prompt(
        name=name,
        version=m["version"],
        system=_env.from_string(sections["system"]),
        user=_env.from_string(sections["user"]),
    )
