"""The channel between the simulated driver and the assistant: text, a text model of
recognition errors, or real speech (docs/voice.md)."""

from icatest.channel.build import open_channel
from icatest.channel.protocol import Channel, Heard, Hearing, TextChannel
from icatest.channel.spec import AsrLevel, ChannelKind, ChannelSpec, channel_name

__all__ = [
    "AsrLevel",
    "Channel",
    "ChannelKind",
    "ChannelSpec",
    "Heard",
    "Hearing",
    "TextChannel",
    "channel_name",
    "open_channel",
]
