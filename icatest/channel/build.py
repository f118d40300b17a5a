"""The channel a spec names (the one place a channel is built)."""

from __future__ import annotations

from icatest.channel.deps import require
from icatest.channel.protocol import Channel, TextChannel
from icatest.channel.spec import ChannelKind, ChannelSpec


def open_channel(spec: ChannelSpec | str) -> Channel:
    """A ready channel; ConfigError (exit 2) saying what to install when its extra is missing."""
    spec = spec if isinstance(spec, ChannelSpec) else ChannelSpec.parse(spec)
    if spec.kind is ChannelKind.TEXT:
        return TextChannel()
    require(spec)
    if spec.kind is ChannelKind.ASR:
        from icatest.channel.asr import AsrChannel

        assert spec.level is not None
        return AsrChannel(spec.level)
    from icatest.channel.speech import SpeechChannel

    assert spec.snr_db is not None
    return SpeechChannel(spec.snr_db)
