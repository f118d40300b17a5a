"""The one conversation builder: a typed plan -> the runtime the graph runs one conversation on.

Single runs (`converse`, `demo`), campaigns, replays and regression suites all wire a
conversation here: the roles bound to models and judges (with the turn checks extensions
registered, `icatest.judges.checks`), the language the assistant is told, its session and the
graph's `Runtime`. What is said comes from the scenario; how the conversation is wired comes from
the plan.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from pydantic import JsonValue

from icatest.catalog.loader import Catalog
from icatest.channel import open_channel
from icatest.contracts.documents import JsonObject
from icatest.contracts.scenario import Scenario
from icatest.engine.record import Bookkeeping
from icatest.engine.runtime import (
    AssistantProbe,
    CutSignal,
    Runtime,
    StopCheck,
    TurnHook,
    never_stop,
)
from icatest.engine.script import DriverScript
from icatest.judges.checks import registered_turn_checks
from icatest.judges.protocol import TurnCheck
from icatest.judges.setup import RoleBinding, bind_roles
from icatest.llm.gateway import ModelGateway
from icatest.llm.settings import RoleSettings
from icatest.sut.base import Assistant

PROBE_UTTERANCE = "Hello, can you hear me?"


@dataclass(frozen=True, kw_only=True)
class ConversationPlan:
    """How the conversations of one run are wired: model strings and settings per role, and the
    rule-based checks every model turn judge adds (by default the registered ones, read when the
    plan is made, so a plan sent to a worker process carries them)."""

    models: Mapping[str, str]
    settings: Mapping[str, RoleSettings] = field(default_factory=dict)
    turn_checks: tuple[TurnCheck, ...] = field(default_factory=registered_turn_checks)

    def bind(self) -> RoleBinding:
        """Gateway roles and judges (ConfigError naming the role's flag on a bad model string)."""
        return bind_roles(self.models, self.settings, turn_checks=self.turn_checks)


@dataclass(frozen=True)
class AssistantLanguage:
    """The language and speech level the assistant is told (the scenario's, or a campaign's
    required speech level)."""

    language: str = "en"
    speech_level: str | None = None

    @classmethod
    def of(cls, scenario: Scenario) -> AssistantLanguage:
        return cls(scenario.language, scenario.speech_level)

    def reference_options(
        self, base: Mapping[str, JsonValue] | None = None
    ) -> JsonObject:
        """Options of the built-in reference assistant: it answers in the driver's language, a
        Korean driver at the speech level asked for; options given in `base` win."""
        opts = dict(base or {})
        if self.language == "ko":
            opts.setdefault("lang", "ko")
            if self.speech_level:
                opts.setdefault("register", self.speech_level)
        return opts

    def variables(self) -> dict[str, str | None]:
        """What a system message's placeholders and the local LLM's prompt are told."""
        return {"language": self.language, "speech_level": self.speech_level}


def assistant_context(scenario: Scenario) -> JsonObject:
    """The situation as the assistant is told it (location, date, time, vehicle state)."""
    ctx = scenario.context.model_dump(mode="json", exclude={"id"})
    return {k: v for k, v in ctx.items() if v not in ({}, None, "")}


async def answers(assistant: Assistant) -> bool:
    """One exchange with the assistant in a fresh session; False only when it could not be
    reached (a broken answer is still an answer: the assistant is up)."""
    session = assistant.session(f"probe-{uuid.uuid4().hex[:8]}")
    try:
        reply = await session.send(PROBE_UTTERANCE)
    finally:
        await session.close()
    return reply.error_kind is None or not reply.error_kind.unreachable


@asynccontextmanager
async def open_conversation(
    plan: ConversationPlan,
    scenario: Scenario,
    assistant: Assistant,
    catalog: Catalog,
    *,
    binding: RoleBinding | None = None,
    gateway: ModelGateway | None = None,
    should_stop: StopCheck = never_stop,
    on_turn: TurnHook | None = None,
    cut: CutSignal | None = None,
    assistant_up: AssistantProbe | None = None,
    script: DriverScript | None = None,
    bookkeeping: Bookkeeping | None = None,
) -> AsyncIterator[Runtime]:
    """Open the assistant's session for `scenario` and yield the conversation's runtime; the
    session is closed when the block ends, however it ends.

    `binding` (default: `plan.bind()`) and `gateway` (default: one on the binding's roles) are
    given by a caller that needs them first (a campaign's gateway carries its rate limiters)."""
    binding = binding or plan.bind()
    session = assistant.session(scenario.conversation_id, context=assistant_context(scenario))
    try:
        yield Runtime(
            session=session,
            gateway=gateway or ModelGateway(roles=binding.roles),
            catalog=catalog,
            should_stop=should_stop,
            on_turn=on_turn,
            judges=binding.judges,
            script=script,
            cut=cut,
            assistant_up=assistant_up,
            channel=open_channel(scenario.channel),
            bookkeeping=bookkeeping,
        )
    finally:
        await session.close()
