"""A constraint checked against a reply: honoured, missed, stated openly or not read, and why."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class Check(StrEnum):
    HONOURED = "honoured"
    MISSED = "missed"
    STATED = "stated"  # not met, and the reply says so: an honest answer, not a miss
    UNKNOWN = "unknown"


class Checked(NamedTuple):
    check: Check
    reason: str
    absent: bool = False  # missed because the reply gives no evidence at all
    late: bool = False  # missed because an arrival is after the deadline
