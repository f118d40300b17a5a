"""A small real task per model role, for preflight: the role's own code on a two-turn drive.

Each probe runs what the role does in a conversation (the turn judge judging one turn, the
conversation judge scoring a short drive, the simulator saying its next line), so the request
preflight sends is the role's real one: its prompt, settings, schema and structured-output mode.
A role whose probe lives in an extension (the KPI judge: icatest.locar.kpi.probe) is probed when
the command passes that probe to preflight; a role without any gets the plain reachability prompt.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping

from icatest.catalog.scenarios import DEFAULT_CONTEXT
from icatest.contracts.labels import Role
from icatest.contracts.records import Target, TurnRecord
from icatest.contracts.scenario import Persona, Scenario, Seed
from icatest.judges.conversation_judge import ModelConversationJudge
from icatest.judges.protocol import ConversationContext, TurnContext
from icatest.judges.turn_judge import ModelTurnJudge
from icatest.llm.gateway import ModelGateway
from icatest.simulator.policy import TurnPlan
from icatest.simulator.simulator import SimulatorFailed, next_turn

Probe = Callable[[ModelGateway, str], Awaitable[None]]  # (gateway, role): one real task

_SCENARIO = Scenario(
    conversation_id="preflight",
    seed=Seed(id="preflight", phrase="Drive to Augsburg and charge somewhere on the way"),
    seed_pool="preflight",
    context=DEFAULT_CONTEXT,
    persona=Persona(name="neutral", description="a driver who says what they need plainly"),
    max_turns=2,
)
_TARGETS = [
    Target(id="t1", description="Route to Augsburg", kind="navigate", status=1),
    Target(id="t2", description="A charging stop on the way", kind="charge", introduced_turn=0),
]
_TURN0 = TurnRecord(
    turn_number=0,
    user="Take me to Augsburg, and I need to charge on the way.",
    system="Starting the route to Augsburg. Shall I add a charging stop?",
)
_TURN1 = TurnRecord(
    turn_number=1,
    user="Yes, a fast charger please.",
    system="Added the fast charger in Dasing, 20 minutes before Augsburg.",
)


async def _turn_judge(gateway: ModelGateway, role: str) -> None:
    ctx = TurnContext(
        scenario=_SCENARIO,
        turn=1,
        user=_TURN1.user,
        reply=_TURN1.system or "",
        addressed_targets=_TARGETS[1:],
        history=[_TURN0],
        targets=_TARGETS,
    )
    await ModelTurnJudge(role)(gateway, ctx)


async def _conversation_judge(gateway: ModelGateway, role: str) -> None:
    ctx = ConversationContext(scenario=_SCENARIO, turns=[_TURN0, _TURN1], targets=_TARGETS)
    await ModelConversationJudge(role)(gateway, ctx)


async def _simulator(gateway: ModelGateway, role: str) -> None:
    try:
        await next_turn(
            gateway,
            scenario=_SCENARIO,
            targets=_TARGETS,
            plan=TurnPlan(turn=1, focus_target_ids=["t2"]),
            strategy_specs=[],
            history=[_TURN0],
            feedback=None,
        )
    except SimulatorFailed:  # the gateway's Result says why
        pass


PROBES: dict[str, Probe] = {
    Role.TURN_JUDGE: _turn_judge,
    Role.CONVERSATION_JUDGE: _conversation_judge,
    Role.SIMULATOR: _simulator,
}


def probe_for(role: str, extra: Mapping[str, Probe] | None = None) -> Probe | None:
    """The probe of `role` (an ensemble member `turn_judge.2` is probed as its role), from the
    core's or from `extra` (an extension's roles)."""
    base = role.split(".", 1)[0]
    return PROBES.get(base) or (extra or {}).get(base)
