"""Versioned prompt templates: one file per task under icatest/llm/prompts/.

File layout::

    {# prompt: turn_judge  version: 3 #}
    [system]
    ...jinja2...
    [user]
    ...jinja2...

Untrusted text (assistant replies, simulator utterances) goes through the `data` filter, which
fences it so the model is told it is material to judge, never instructions.

Text shared by several prompts (a rubric) lives once in a partial, `prompts/_NAME.j2` with the
same header line, pulled in with `{% include "_NAME.j2" %}`; a prompt's `includes` name the
partials and their versions, and records carry them next to the prompt's own version.
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


def _source(name: str) -> str:
    try:
        return (resources.files("icatest.llm") / "prompts" / name).read_text("utf-8")
    except FileNotFoundError:
        raise ConfigError(f"prompt {name}", f"no template file prompts/{name}") from None


def _partial(name: str) -> str:
    """A partial's body (its header line removed: it is a version tag, not prompt text)."""
    return _source(name).split("\n", 1)[1] if name.startswith("_") else _source(name)


_env = jinja2.Environment(
    undefined=jinja2.StrictUndefined,
    autoescape=False,
    keep_trailing_newline=True,
    loader=jinja2.FunctionLoader(_partial),
)
_INCLUDE = re.compile(r"\{%-?\s*include\s+[\"'](?P<name>_[\w.-]+)\.j2[\"']")
_env.filters["data"] = fence


@dataclass(frozen=True)
class Prompt:
    name: str
    version: str
    system: jinja2.Template
    user: jinja2.Template
    includes: tuple[tuple[str, str], ...] = ()  # (partial name, version)

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
    text = _source(f"{name}.j2")
    version = _version(name, text)
    parts = re.split(r"^\[(system|user)\]\s*$", text, flags=re.M)
    sections = dict(zip(parts[1::2], parts[2::2], strict=True))
    if set(sections) != {"system", "user"}:
        raise ConfigError(f"prompts/{name}.j2", "needs exactly one [system] and one [user] section")
    partials = sorted(set(_INCLUDE.findall(text)))
    return Prompt(
        name=name,
        version=version,
        system=_env.from_string(sections["system"]),
        user=_env.from_string(sections["user"]),
        includes=tuple((p, _version(p, _source(f"{p}.j2"))) for p in partials),
    )


def _version(name: str, text: str) -> str:
    m = _HEADER.search(text.splitlines()[0] if text else "")
    if not m or m["name"] != name:
        raise ConfigError(f"prompts/{name}.j2", "first line must be {# prompt: NAME version: V #}")
    return m["version"]
