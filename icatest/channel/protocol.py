"""The channel plug-in point: what the assistant hears of one driver utterance.

The engine's `channel` node calls a Channel with the utterance and a Hearing (language and the
seed of this turn's noise) and sends the assistant `Heard.text`. A channel is seeded: the same
utterance at the same seed and turn is heard the same way, so two arms on identical seeds meet
the same noise.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, kw_only=True)
class Hearing:
    """One utterance to pass through the channel."""

    language: str  # "en" | "ko"
    rng_seed: int  # the scenario's seed
    turn: int
    noisy: bool = False  # the noisy_moment probe: the critical content falls into a burst of noise

    def seed_for(self, spoken: str, salt: str = "") -> int:
        """A 64-bit seed from the scenario seed, the turn and the words (never the run id)."""
        text = f"channel:{salt}:{self.rng_seed}:{self.turn}:{self.noisy}:{spoken}"
        return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


@dataclass(frozen=True)
class Heard:
    """What the assistant got, its error rate against what was said, and how it was made."""

    text: str
    wer: float = 0.0
    note: str | None = None  # e.g. "Korean: asr fallback" (one line, kept in the record)


class Channel(Protocol):
    name: str  # the channel's spelling, e.g. "asr:cabin"

    async def transmit(self, spoken: str, hearing: Hearing) -> Heard: ...


class TextChannel:
    """As typed: the assistant gets the driver's words unchanged."""

    name = "text"

    async def transmit(self, spoken: str, hearing: Hearing) -> Heard:
        return Heard(text=spoken)
