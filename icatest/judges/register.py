"""Speech-level (register) check of Korean replies with the morphological verifier."""

from __future__ import annotations

from icatest.contracts.labels import FailureMode
from icatest.contracts.records import LabelFinding


def register_findings(reply: str, level: str) -> list[LabelFinding]:
    """A register_violation finding when any sentence is clearly of another speech level."""
    from icatest.locar.honorifics import verify

    result = verify(reply, level)
    if result.ok:
        return []
    bad = [v for v in result.sentences if v.level not in (level, "unknown")]
    detail = "; ".join(f"{v.text!r} is {v.level}" for v in bad[:3])
    return [
        LabelFinding(label=FailureMode.REGISTER_VIOLATION, rationale=f"expected {level}: {detail}")
    ]
