"""What stands between the driver's words and the assistant: the channel, as configured.

`text` (as typed, the default), `asr:clean|cabin|highway` (a seeded text model of recognition
errors, calibrated to a target word error rate) or `speech:SNR_DB` (espeak-ng speaks, cabin noise
is mixed at the signal-to-noise ratio, pocketsphinx recognises). docs/voice.md.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, model_validator


class ChannelKind(StrEnum):
    TEXT = "text"
    ASR = "asr"
    SPEECH = "speech"


class AsrLevel(StrEnum):
    """How loud the cabin is for the text model of recognition errors."""

    CLEAN = "clean"
    CABIN = "cabin"
    HIGHWAY = "highway"


# the word error rate each level is calibrated to (tests/channel/test_calibration.py)
TARGET_WER = {AsrLevel.CLEAN: 0.03, AsrLevel.CABIN: 0.10, AsrLevel.HIGHWAY: 0.20}
SYNTAX = "text | asr:clean|cabin|highway | speech:SNR_DB"
SNR_RANGE = (-10.0, 60.0)


class ChannelSpec(BaseModel):
    """A parsed `--channel` value; `str(spec)` gives it back in the same spelling."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: ChannelKind = ChannelKind.TEXT
    level: AsrLevel | None = Field(default=None, description="asr: the noise level")
    snr_db: float | None = Field(default=None, description="speech: signal-to-noise ratio, dB")

    @model_validator(mode="after")
    def _coherent(self) -> ChannelSpec:
        if (self.kind is ChannelKind.ASR) != (self.level is not None):
            raise ValueError(f"asr takes a level, the others none ({SYNTAX})")
        if (self.kind is ChannelKind.SPEECH) != (self.snr_db is not None):
            raise ValueError(f"speech takes an SNR in dB, the others none ({SYNTAX})")
        if self.snr_db is not None and not SNR_RANGE[0] <= self.snr_db <= SNR_RANGE[1]:
            raise ValueError(f"SNR {self.snr_db} dB is outside {SNR_RANGE[0]}..{SNR_RANGE[1]}")
        return self

    @classmethod
    def parse(cls, text: str) -> ChannelSpec:
        """'text', 'asr:cabin', 'speech:10' -> the spec; ValueError names the syntax."""
        name, _, arg = text.strip().lower().partition(":")
        if name == ChannelKind.TEXT and not arg:
            return cls()
        if name == ChannelKind.ASR:
            try:
                return cls(kind=ChannelKind.ASR, level=AsrLevel(arg))
            except ValueError:
                levels = "|".join(AsrLevel)
                raise ValueError(f"asr level {arg!r} is not one of {levels}") from None
        if name == ChannelKind.SPEECH:
            try:
                snr = float(arg)
            except ValueError:
                raise ValueError(
                    f"speech needs an SNR in dB, e.g. speech:10 (got {text!r})"
                ) from None
            return cls(kind=ChannelKind.SPEECH, snr_db=snr)
        raise ValueError(f"unknown channel {text!r} ({SYNTAX})")

    def __str__(self) -> str:
        if self.kind is ChannelKind.ASR:
            return f"asr:{self.level}"
        if self.kind is ChannelKind.SPEECH:
            assert self.snr_db is not None
            return f"speech:{self.snr_db:g}"
        return "text"

    @property
    def is_text(self) -> bool:
        return self.kind is ChannelKind.TEXT


def channel_name(value: str | ChannelSpec) -> str:
    """The canonical spelling of a channel value (validators of config fields use it)."""
    spec = value if isinstance(value, ChannelSpec) else ChannelSpec.parse(value)
    return str(spec)
