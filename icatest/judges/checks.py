"""The turn checks extensions add to every conversation's model turn judges (the plug-in point).

The core never imports an extension: LoCar registers its Korean speech-level check here
(`icatest.locar.register`), and the surface (the CLI) calls that registration before any command
runs. A conversation plan reads the registered checks when it is made (`ConversationPlan`), so
a plan shipped to another process carries them along.
"""

from __future__ import annotations

from icatest.judges.protocol import TurnCheck

_REGISTERED: dict[str, TurnCheck] = {}


def register_turn_check(name: str, check: TurnCheck) -> None:
    """Add `check` under `name` (registering a name again replaces its check: idempotent)."""
    _REGISTERED[name] = check


def registered_turn_checks() -> tuple[TurnCheck, ...]:
    """The registered checks, in the order they were first registered."""
    return tuple(_REGISTERED.values())


def registered_names() -> tuple[str, ...]:
    return tuple(_REGISTERED)
