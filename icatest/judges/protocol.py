"""The judge plug-in point: one context object per judging call, three judge Protocols and the
Protocol of the rule-based checks a model judge adds to its verdict.

A judge is any object with the matching async `__call__`; it receives the model gateway (to call
its role's model) and one context object, and returns a verdict. Everything a judge may read is
on the context, so adding a field to the context never changes a judge's signature. See
docs/judges.md ("how to add a judge").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from icatest.contracts.records import (
    ConversationVerdict,
    LabelFinding,
    Target,
    TurnRecord,
    TurnVerdict,
)
from icatest.contracts.scenario import Scenario
from icatest.llm.gateway import ModelGateway


@dataclass(frozen=True, kw_only=True)
class TurnContext:
    """One assistant turn to judge, and what was said before it."""

    scenario: Scenario
    turn: int  # 0-based number of the turn being judged
    user: str  # the driver's utterance
    reply: str  # the assistant's answer (a transport failure is never judged)
    addressed_targets: list[Target]  # the targets the utterance pushed; judge only these
    history: list[TurnRecord]  # earlier turns, oldest first, with their verdicts
    targets: list[Target]  # every target of the conversation as it stands before this verdict
    # what the assistant received when the channel changed the driver's words (None: `user`);
    # judge against `user`, what the driver meant (docs/engine.md, "misheard input")
    heard: str | None = None


@dataclass(frozen=True, kw_only=True)
class ConversationContext:
    """A whole conversation to score on the four dimensions."""

    scenario: Scenario
    turns: list[TurnRecord]  # every turn, with its turn verdict
    targets: list[Target]  # final target statuses


class TurnJudge(Protocol):
    """Labels one assistant turn and says which addressed targets it completed."""

    async def __call__(self, gateway: ModelGateway, ctx: TurnContext) -> TurnVerdict: ...


class ConversationJudge(Protocol):
    """Scores the four conversation dimensions."""

    async def __call__(
        self, gateway: ModelGateway, ctx: ConversationContext
    ) -> ConversationVerdict: ...


class FinalTurnJudge(Protocol):
    """Judges the last turn and the whole conversation with one call (the conversation includes
    the turn being judged; `ctx.targets` are the statuses before this turn's verdict)."""

    async def __call__(
        self, gateway: ModelGateway, ctx: TurnContext
    ) -> tuple[TurnVerdict, ConversationVerdict]: ...


class TurnCheck(Protocol):
    """A deterministic check added to every scored turn verdict of a model judge (no model
    call). Extensions register theirs in `icatest.judges.checks` (LoCar's Korean speech-level
    verifier); the core reads a check's inputs from the context, the scenario's language and
    speech level included, and never imports the extension."""

    def __call__(self, ctx: TurnContext) -> list[LabelFinding]: ...
