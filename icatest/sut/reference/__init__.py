"""Reference in-car assistant with seeded faults and an oracle (ground truth of what fired)."""

from icatest.sut.reference.assistant import ReferenceAssistant, TurnResult
from icatest.sut.reference.background import RunningReference, build_config, start_background
from icatest.sut.reference.faults import FAULT_MODES, FaultProfile, load_profile

__all__ = [
    "FAULT_MODES",
    "FaultProfile",
    "ReferenceAssistant",
    "RunningReference",
    "TurnResult",
    "build_config",
    "load_profile",
    "start_background",
]
