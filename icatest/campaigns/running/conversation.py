"""One planned conversation, end to end: scenario, gateway, assistant session, engine, record.

Shared by the local executor and the Dask workers, so both produce identical records. The
conversation is wired by the engine's builder (`icatest.engine.plan`); the engine that runs it is
a function (it crosses to a Dask worker by reference), picked by name where a user picks it
(`ENGINES`: the graph, or the scripted stand-in of benchmarks and tests).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from icatest.campaigns.recording.redact import redact_url
from icatest.campaigns.running.scripted import run_scripted_conversation
from icatest.campaigns.sampler import ScenarioPlan, build_scenario
from icatest.catalog import Catalog
from icatest.contracts import ConversationRecord, ConversationVerdict, Scenario, TerminationReason
from icatest.engine.plan import ConversationPlan, answers, open_conversation
from icatest.engine.record import Bookkeeping, build_record
from icatest.engine.run import run_conversation
from icatest.engine.runtime import AssistantProbe, CutSignal, Runtime, StopCheck, TurnHook
from icatest.engine.state import ConversationState
from icatest.judges.setup import RoleBinding, base_role
from icatest.llm.gateway import CallHook, ModelGateway
from icatest.net.limits import RateLimiter

EngineFn = Callable[[Scenario, Runtime], Awaitable[ConversationRecord]]


class EngineName(StrEnum):
    """The engines a campaign can run conversations with (`icatest fuzz --engine`, hidden)."""

    GRAPH = "graph"  # the LangGraph loop: simulator, assistant, judges
    SCRIPTED = "scripted"  # no model, canned turns: campaign tests and overhead benchmarks


ENGINES: Mapping[EngineName, EngineFn] = {
    EngineName.GRAPH: run_conversation,
    EngineName.SCRIPTED: run_scripted_conversation,
}


@dataclass
class ConversationEnv:
    """What every conversation of a campaign shares (one per process)."""

    catalog: Catalog
    assistant: Any  # icatest.sut Assistant: .session(conversation_id, context=...)
    conversation: ConversationPlan  # roles, settings and turn checks of every conversation
    limiters: Mapping[str, RateLimiter] = field(default_factory=dict)
    engine: EngineFn = run_conversation
    run_id: str | None = None
    on_model_call: CallHook | None = None  # the campaign's circuit breaker hears every call
    # parameters a provider refused by name, per role: learnt once, not sent again by any
    # conversation of this process (each record still lists them in its usage)
    dropped: dict[str, frozenset[str]] = field(default_factory=dict)
    # is the assistant up after an exchange found it unreachable (default: one fresh exchange)
    assistant_up: AssistantProbe | None = None


def make_gateway(env: ConversationEnv, binding: RoleBinding | None = None) -> ModelGateway:
    """One gateway per conversation (its usage feeds the record); limiters are shared, and
    ensemble members share their role's limiter."""
    binding = binding or env.conversation.bind()
    limiters = {
        role: env.limiters[base_role(role)]
        for role in binding.roles
        if base_role(role) in env.limiters
    }
    return ModelGateway(
        roles=binding.roles, limiters=limiters, on_call=env.on_model_call, dropped=env.dropped
    )


async def model_answers(env: ConversationEnv, role: str) -> bool:
    """One tiny call for `role` (the preflight prompt); True when it answered."""
    result = await make_gateway(env).text(role, "preflight", {}, offline=lambda _: "OK")
    return result.error is None


async def run_planned(
    plan: ScenarioPlan,
    env: ConversationEnv,
    should_stop: StopCheck,
    *,
    on_turn: TurnHook | None = None,
    on_gateway: Callable[[str, ModelGateway | None], None] | None = None,
    cut: CutSignal | None = None,
) -> ConversationRecord:
    """Run scenario `plan`; an engine crash becomes a marked internal_error record, not a loss;
    `cut` (the campaign's hard deadline) ends it at once, mid-call, with a partial record."""
    scenario = build_scenario(env.catalog, plan)
    bookkeeping = bookkeeping_of(plan, env.run_id, assistant_name(env.assistant))
    binding = env.conversation.bind()
    gateway = make_gateway(env, binding)
    if on_gateway:
        on_gateway(plan.conversation_id, gateway)
    started = time.time()
    try:
        async with open_conversation(
            env.conversation,
            scenario,
            env.assistant,
            env.catalog,
            binding=binding,
            gateway=gateway,
            should_stop=should_stop,
            on_turn=on_turn,
            cut=cut,
            assistant_up=env.assistant_up or (lambda: answers(env.assistant)),
            bookkeeping=bookkeeping,
        ) as runtime:
            try:
                record = await env.engine(scenario, runtime)
                unkept = unkept_bookkeeping(record, bookkeeping)
                if unkept:  # a broken engine: its record would not resume nor count as this run's
                    raise RuntimeError(f"the engine left out the campaign's {', '.join(unkept)}")
            except Exception as exc:  # the campaign must outlive one broken conversation
                record = error_record(scenario, gateway, started, exc, bookkeeping)
    finally:
        if on_gateway:
            on_gateway(plan.conversation_id, None)
    return record


def assistant_name(assistant: Any) -> str | None:
    """The assistant's name for the record: its URL without credentials or query."""
    name = str(getattr(assistant, "name", "") or "")
    kind, sep, rest = name.partition(":")
    return (f"{kind}:{redact_url(rest)}" if sep and "://" in rest else name) or None


def bookkeeping_of(plan: ScenarioPlan, run_id: str | None, sut: str | None) -> Bookkeeping:
    """What the campaign writes into each record as the record is built."""
    return Bookkeeping(
        run_id=run_id or None, scenario_index=plan.scenario_index, trial=plan.trial, sut=sut
    )


def unkept_bookkeeping(record: ConversationRecord, bookkeeping: Bookkeeping) -> list[str]:
    """The bookkeeping fields an engine's record does not carry as given (none, for ours)."""
    return [k for k, v in asdict(bookkeeping).items() if getattr(record, k) != v]


def error_record(
    scenario: Scenario,
    gateway: ModelGateway,
    started: float,
    exc: BaseException,
    bookkeeping: Bookkeeping | None = None,
) -> ConversationRecord:
    """A crashed engine still leaves a record (the engine's own record builder, marked)."""
    state: ConversationState = {
        "scenario": scenario,
        "started_at": started,
        "termination": TerminationReason.INTERNAL_ERROR,
    }
    error = f"{type(exc).__name__}: {exc}"
    return build_record(state, gateway, {}, error=error, bookkeeping=bookkeeping)


def cut_record(
    catalog: Catalog, plan: ScenarioPlan, run_id: str | None, reason: TerminationReason, why: str
) -> ConversationRecord:
    """The record of a conversation whose worker never reported: no turns, ended by `reason`."""
    scenario = build_scenario(catalog, plan)
    state: ConversationState = {
        "scenario": scenario,
        "termination": reason,
        "conversation_verdict": ConversationVerdict(scored=False, unscored_reason=why),
    }
    bookkeeping = bookkeeping_of(plan, run_id, None)
    return build_record(state, ModelGateway(roles={}), {}, error=why, bookkeeping=bookkeeping)
