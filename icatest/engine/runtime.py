"""What the graph's nodes may use besides the state: the assistant, the models, the catalog.

Passed to the compiled graph as `config["configurable"]["runtime"]`; nodes never keep state of
their own.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from icatest.catalog.loader import Catalog
from icatest.channel.protocol import Channel
from icatest.contracts.labels import TerminationReason
from icatest.contracts.records import TurnRecord
from icatest.engine.script import DriverScript
from icatest.judges.setup import Judges
from icatest.llm.gateway import ModelGateway
from icatest.sut.base import AssistantSession

StopCheck = Callable[[], TerminationReason | None]
TurnHook = Callable[[str, TurnRecord], None]
# returns when the conversation must stop at once, even mid-call (the campaign's deadline)
CutSignal = Callable[[], Awaitable[TerminationReason]]
# one fresh exchange with the assistant: True when it answers (it is up)
AssistantProbe = Callable[[], Awaitable[bool]]


def never_stop() -> TerminationReason | None:
    return None


@dataclass
class Runtime:
    """Dependencies of one conversation.

    `should_stop` is consulted after every turn (campaign deadline or cost budget): when it
    returns a reason, the conversation ends there with that reason and is marked partial.
    `on_turn(conversation_id, turn)` is called after each judged turn (progress displays).
    `judges` are the turn, conversation and (optional) combined final-turn judges, usually from
    `icatest.judges.bind_roles`; the default is the single model judges without the combined
    final turn. `script` replaces the simulator with recorded driver turns (replay, regression
    suites): the conversation then has exactly the script's turns.
    `cut` returns when the conversation must end at once: the call in flight is cancelled and
    the record keeps the turns done so far, ended with the reason `cut` returned (the campaign's
    hard deadline). `assistant_up` is asked after an exchange that found the assistant
    unreachable: True (it answers again) makes the failed exchange the assistant's
    `assistant_error`; without it, or False, the conversation ends `sut_unreachable`.
    `channel` is the scenario's channel, built by `icatest.channel.open_channel`.
    """

    session: AssistantSession
    gateway: ModelGateway
    catalog: Catalog
    should_stop: StopCheck = field(default=never_stop)
    on_turn: TurnHook | None = None
    judges: Judges = field(default_factory=Judges)
    script: DriverScript | None = None  # replay: the driver's turns come from here, not a model
    cut: CutSignal | None = None
    assistant_up: AssistantProbe | None = None
    channel: Channel | None = None  # what the assistant hears; None: text (the words as said)
