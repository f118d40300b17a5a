"""LoCar's plug-in: what it adds to the core, registered through the core's plug-in points.

The surface calls `register()` before any command runs (`icatest.cli`); a program that drives
campaigns from Python calls it itself when it wants Korean speech levels judged.
"""

from __future__ import annotations

from icatest.judges.checks import register_turn_check
from icatest.locar.speech_level import speech_level_check

SPEECH_LEVEL = "speech_level"  # the registered name of the Korean speech-level check


def register() -> None:
    """Add the speech-level check to every conversation's model turn judges (idempotent)."""
    register_turn_check(SPEECH_LEVEL, speech_level_check)
