"""The `asr:LEVEL` channel: the seeded text model of recognition errors (English words, Korean
syllables)."""

from __future__ import annotations

import random

from icatest.channel import asr_en, asr_ko
from icatest.channel.protocol import Heard, Hearing
from icatest.channel.spec import AsrLevel
from icatest.channel.wer import error_rate

KOREAN_NOTE = "Korean: syllable-level text model, error rate per syllable"


class AsrChannel:
    def __init__(self, level: AsrLevel) -> None:
        self.level = level
        self.name = f"asr:{level}"

    def hear(self, spoken: str, hearing: Hearing) -> Heard:
        rng = random.Random(hearing.seed_for(spoken, self.name))
        if hearing.language == "ko":
            heard = asr_ko.mishear(spoken, self.level, rng, noisy=hearing.noisy)
            return Heard(heard, round(error_rate(spoken, heard, "ko"), 4), KOREAN_NOTE)
        heard = asr_en.mishear(spoken, self.level, rng, noisy=hearing.noisy)
        return Heard(heard, round(error_rate(spoken, heard), 4))

    async def transmit(self, spoken: str, hearing: Hearing) -> Heard:
        return self.hear(spoken, hearing)
