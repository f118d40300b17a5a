"""Speech-level vocabulary and the result types the verifier and rewriter return.

Korean has several speech levels; an in-car assistant is usually required to keep one of three:
`hae` (해체, intimate/plain 반말, which here also covers the plain 한다체 written style), `haeyo`
(해요체, polite informal) and `hapsyo` (합쇼체, formal deferential). `unknown` marks a sentence
whose final ending does not show its level (a bare noun, an interjection, English, an emoji).
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


class Level(StrEnum):
    """A speech level, or `unknown` when a sentence's ending does not reveal one."""

    HAE = "hae"
    HAEYO = "haeyo"
    HAPSYO = "hapsyo"
    UNKNOWN = "unknown"


TARGET_LEVELS: tuple[Level, ...] = (Level.HAE, Level.HAEYO, Level.HAPSYO)


def parse_level(value: str, *, allow_unknown: bool = False) -> Level:
    """Turn user input into a Level; raises ValueError naming the accepted values."""
    allowed = (*TARGET_LEVELS, Level.UNKNOWN) if allow_unknown else TARGET_LEVELS
    normalized = value.strip().lower()
    for level in allowed:
        if level.value == normalized:
            return level
    names = ", ".join(level.value for level in allowed)
    raise ValueError(f"invalid speech level {value!r} (expected one of: {names})")


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SentenceLevel(_Frozen):
    """One sentence of a response and the level of its final ending."""

    text: str
    level: Level
    ending: str | None = Field(
        default=None, description="the morpheme(s) that decided the level, e.g. 'ㅂ니다/EF'"
    )


class Violation(_Frozen):
    """A sentence that is clearly of another level than the target."""

    index: int = Field(description="0-based index of the sentence in the response")
    text: str
    level: Level
    expected: Level
    ending: str | None = None


class Verification(_Frozen):
    """Verdict of a response against a target level: ok unless some sentence clearly deviates."""

    ok: bool
    level: Level
    sentences: list[SentenceLevel]
    violations: list[Violation]


class Rewrite(_Frozen):
    """A response rewritten to a target level, with the verifier's verdict on the result."""

    text: str
    level: Level
    ok: bool
    sentences: list[SentenceLevel]
    changed: int = Field(description="number of sentences whose ending was rewritten")
