"""The Korean speech-level check the turn judges add (a `TurnCheck`; no model involved).

Scenarios that name a speech level must get every reply at that level; a reply with a sentence
clearly at another level gets a `register_violation` finding. The morphological verifier is
imported on first use, so binding the check costs nothing for English campaigns. The core learns
of the check through `icatest.judges.checks` (`icatest.locar.plugin.register`), never by import.
"""

from __future__ import annotations

from icatest.contracts.labels import FailureMode
from icatest.contracts.records import LabelFinding
from icatest.judges.protocol import TurnContext


def speech_level_check(ctx: TurnContext) -> list[LabelFinding]:
    """A register_violation finding when any sentence is clearly of another speech level."""
    level = ctx.scenario.speech_level
    if not level:
        return []
    from icatest.locar.honorifics import verify

    result = verify(ctx.reply, level)
    if result.ok:
        return []
    bad = [v for v in result.sentences if v.level not in (level, "unknown")]
    detail = "; ".join(f"{v.text!r} is {v.level}" for v in bad[:3])
    return [
        LabelFinding(label=FailureMode.REGISTER_VIOLATION, rationale=f"expected {level}: {detail}")
    ]

