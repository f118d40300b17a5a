"""Graph nodes: small async functions, state in, partial update out.

Dependencies (assistant session, models, catalog) come from the Runtime in the run config.
"""

from __future__ import annotations

import random
import time

from langchain_core.runnables import RunnableConfig

from icatest.channel.protocol import Heard, Hearing, TextChannel
from icatest.contracts.labels import FailureMode, Mode, TerminationReason
from icatest.contracts.records import (
    ConversationVerdict,
    LabelFinding,
    SimulatorFault,
    SutReply,
    TurnRecord,
    TurnVerdict,
)
from icatest.engine.record import build_record
from icatest.engine.runtime import Runtime
from icatest.engine.state import ConversationState
from icatest.engine.stop_rule import stop_reason
from icatest.engine.targets import (
    apply_simulator_turn,
    apply_verdict,
    fit_to_clock,
    seed_targets,
)
from icatest.judges.hearing import judge_hearing
from icatest.judges.protocol import ConversationContext, TurnContext
from icatest.simulator import SimulatorFailed, TurnPlan, initial_targets, next_turn, plan_turn
from icatest.simulator.policy import opening_plan
from icatest.strategy import StrategyState, choose, record_turn

Update = ConversationState  # a node returns the keys it changes
NOT_JUDGED = {
    TerminationReason.BUDGET_EXHAUSTED,
    TerminationReason.COST_EXHAUSTED,
    TerminationReason.OUTAGE,
}


def runtime_of(config: RunnableConfig) -> Runtime:
    return config["configurable"]["runtime"]  # type: ignore[no-any-return]


async def init(state: ConversationState, config: RunnableConfig) -> Update:
    rt = runtime_of(config)
    scenario = state["scenario"]
    specs = rt.script.targets if rt.script else await initial_targets(rt.gateway, scenario)
    now = scenario.context.time
    targets = seed_targets([fit_to_clock(s, now) for s in specs])
    return {
        "started_at": time.time(),
        "targets": targets,
        "pending_requests": [fit_to_clock(s, now) for s in scenario.seed.extra_requests],
        "turns": [],
        "strategy": StrategyState(),
    }


async def simulate_user(state: ConversationState, config: RunnableConfig) -> Update:
    rt = runtime_of(config)
    scenario = state["scenario"]
    turn = len(state["turns"])
    faults: list[SimulatorFault] = []
    if rt.script is not None:  # a replay: the recorded driver turn, no strategy, no simulator
        plan, sim = TurnPlan(turn=turn), rt.script.turns[turn]
    else:
        plan = _plan(state, rt, turn)
        specs = [rt.catalog.strategy(name) for name in plan.strategies]
        guided = scenario.mode is Mode.GUIDED
        try:
            spoken = await next_turn(
                rt.gateway,
                scenario=scenario,
                targets=state["targets"],
                plan=plan,
                strategy_specs=specs,
                history=state["turns"],
                feedback=state.get("verdict") if guided else None,
            )
        except SimulatorFailed as exc:
            return {"simulator_error": str(exc)}
        sim, faults = spoken.turn, spoken.faults
    targets, pending, addressed = apply_simulator_turn(
        state["targets"], state["pending_requests"], sim, plan, turn
    )
    return {
        "plan": plan,
        "utterance": sim,
        "targets": targets,
        "pending_requests": pending,
        "addressed_ids": addressed,
        "simulator_faults": faults,
    }


def _plan(state: ConversationState, rt: Runtime, turn: int) -> TurnPlan:
    scenario = state["scenario"]
    if turn == 0:
        return opening_plan(state["targets"])
    if scenario.mode is Mode.BASELINE:  # no strategies, no feedback
        return plan_turn(
            turn=turn,
            mode=Mode.BASELINE,
            targets=state["targets"],
            pending_requests=state["pending_requests"],
            feedback=None,
            strategy_mode=None,
        )
    rng = random.Random(f"strategy:{scenario.rng_seed}:{scenario.conversation_id}:{turn}")
    choice = choose(
        rt.catalog.strategies,
        state["strategy"],
        state["targets"],
        turn,
        rng,
        scenario.language,
        garbling=scenario.channel != "text",
    )
    return plan_turn(
        turn=turn,
        mode=Mode.GUIDED,
        targets=state["targets"],
        pending_requests=state["pending_requests"],
        feedback=state.get("verdict"),
        strategy_mode=choice.mode,
        strategies=choice.strategies,
        stalled_goals=choice.stalled_goals,
    )


NOISY_PROBE = "noisy_moment"


async def channel(state: ConversationState, config: RunnableConfig) -> Update:
    """What the assistant hears of the driver's utterance (text: the words as said)."""
    rt = runtime_of(config)
    scenario = state["scenario"]
    chan = rt.channel or TextChannel()
    if chan.name != scenario.channel:  # a runtime built without the scenario's channel
        raise RuntimeError(f"scenario channel {scenario.channel} but runtime {chan.name}")
    spoken = state["utterance"].utterance
    hearing = Hearing(
        language=scenario.language,
        rng_seed=scenario.rng_seed,
        turn=len(state["turns"]),
        noisy=NOISY_PROBE in state["plan"].strategies,
    )
    return {"heard": await chan.transmit(spoken, hearing)}


def heard_of(state: ConversationState) -> Heard:
    return state.get("heard") or Heard(text=state["utterance"].utterance)


async def call_assistant(state: ConversationState, config: RunnableConfig) -> Update:
    rt = runtime_of(config)
    # the adapter has already cut an over-long reply (its `max_reply_chars`) and marked it
    reply = await rt.session.send(heard_of(state).text)
    down = False
    if reply.error_kind is not None and reply.error_kind.unreachable:
        # no answer at all: an outage unless the assistant answers a fresh exchange now
        down = rt.assistant_up is None or not await rt.assistant_up()
    return {"reply": reply, "assistant_down": down}


def assistant_error_verdict(reply: SutReply) -> TurnVerdict:
    """The finding for an exchange that failed while the assistant was up: the driver got no
    answer. Set by the engine from the adapter's error kind; no judge is asked."""
    kind = reply.error_kind.value if reply.error_kind else "error"
    why = f"no usable reply ({kind}, {reply.attempts} attempt(s)): {reply.error}"
    finding = LabelFinding(label=FailureMode.ASSISTANT_ERROR, rationale=why[:500])
    return TurnVerdict(findings=[finding], judge="engine")


async def judge_turn_node(state: ConversationState, config: RunnableConfig) -> Update:
    rt = runtime_of(config)
    reply = state["reply"]
    if reply.error is not None or reply.text is None:
        if state.get("assistant_down"):
            return {"verdict": None, "hearing": None}  # an outage: the conversation is redone
        return {"verdict": assistant_error_verdict(reply), "hearing": None}
    addressed = set(state["addressed_ids"])
    scenario = state["scenario"]
    heard = heard_of(state)
    ctx = TurnContext(
        scenario=scenario,
        turn=len(state["turns"]),
        user=state["utterance"].utterance,
        reply=reply.text,
        addressed_targets=[t for t in state["targets"] if t.id in addressed],
        history=state["turns"],
        targets=state["targets"],
        heard=heard.text if heard.wer > 0 else None,
    )
    final = rt.judges.final_turn
    if final is not None and len(state["turns"]) + 1 >= scenario.max_turns:
        # the budget ends here: judge the turn and the conversation in one call
        verdict, conversation = await final(rt.gateway, ctx)
    else:
        verdict, conversation = await rt.judges.turn(rt.gateway, ctx), None
    carriers = [
        " ".join([t.description, *t.slots.values(), *t.constraints]) for t in ctx.addressed_targets
    ]
    verdict, outcome = judge_hearing(
        verdict, heard.wer, reply.text, spoken=ctx.user, heard=heard.text, carriers=carriers
    )
    update: Update = {"verdict": verdict, "hearing": outcome}
    return update if conversation is None else {**update, "conversation_verdict": conversation}


async def update(state: ConversationState, config: RunnableConfig) -> Update:
    rt = runtime_of(config)
    turn_no = len(state["turns"])
    plan, reply, verdict = state["plan"], state["reply"], state.get("verdict")
    heard = heard_of(state)
    record = TurnRecord(
        turn_number=turn_no,
        user=state["utterance"].utterance,
        system=reply.text,
        sut_error=reply.error,
        sut_error_kind=reply.error_kind,
        latency=reply.latency_s,
        strategies=plan.strategies,
        strategy_mode=plan.mode,
        stalled_goals=plan.stalled_goals,
        evaluation=verdict,
        truncated=reply.truncated,
        addressed_targets=list(state["addressed_ids"]),
        added_constraints={
            a.target_id: list(a.constraints) for a in state["utterance"].constraint_additions
        },
        dropped_targets=list(state["utterance"].dropped_target_ids),
        simulator_faults=list(state.get("simulator_faults") or []),
        spoken=state["utterance"].utterance,
        heard=heard.text,
        wer=heard.wer,
        channel_note=heard.note,
        hearing=state.get("hearing") if verdict is not None else None,
    )
    targets, changed = apply_verdict(state["targets"], verdict, turn_no)
    introduced = any(t.introduced_turn == turn_no for t in targets) and turn_no > 0
    strategy = state["strategy"]
    if state["scenario"].mode is Mode.GUIDED:  # the baseline keeps no strategy bookkeeping
        strategy = record_turn(rt.catalog.strategies, strategy, record, changed or introduced)
    if rt.on_turn is not None:
        rt.on_turn(state["scenario"].conversation_id, record)
    return {
        "turns": [*state["turns"], record],
        "targets": targets,
        "strategy": strategy,
        "external_stop": rt.should_stop(),
    }


async def judge_conversation_node(state: ConversationState, config: RunnableConfig) -> Update:
    rt = runtime_of(config)
    reason = stop_reason(state) or TerminationReason.INTERNAL_ERROR
    judged = [t for t in state.get("turns", []) if t.evaluation is not None]
    if reason in NOT_JUDGED:
        verdict = ConversationVerdict(scored=False, unscored_reason=f"ended early: {reason.value}")
    elif reason is TerminationReason.SUT_ERROR:  # decided `fail` by the assistant_error finding
        why = "not judged: the conversation ended with an assistant error"
        verdict = ConversationVerdict(scored=False, unscored_reason=why)
    elif reason is TerminationReason.MAX_TURNS_REACHED and state.get("conversation_verdict"):
        return {"termination": reason}  # judged together with the last turn
    elif not judged:
        verdict = ConversationVerdict(scored=False, unscored_reason="no judged turn")
    else:
        ctx = ConversationContext(
            scenario=state["scenario"], turns=state["turns"], targets=state["targets"]
        )
        verdict = await rt.judges.conversation(rt.gateway, ctx)
    return {"termination": reason, "conversation_verdict": verdict}


async def record_node(state: ConversationState, config: RunnableConfig) -> Update:
    rt = runtime_of(config)
    record = build_record(state, rt.gateway, rt.catalog.strategies, bookkeeping=rt.bookkeeping)
    return {"record": record}
