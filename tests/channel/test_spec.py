"""The --channel value: its spellings, its errors, the campaign field and the missing extra."""

from __future__ import annotations

import pytest

from icatest.channel import ChannelSpec, open_channel
from icatest.channel import deps as channel_deps
from icatest.channel.spec import AsrLevel, ChannelKind
from icatest.cli.flags import campaign_config
from icatest.errors import ConfigError


@pytest.mark.parametrize("text", ["text", "asr:clean", "asr:cabin", "asr:highway", "speech:10",
                                  "speech:2.5", "speech:-5"])  # fmt: skip
def test_spellings_round_trip(text: str) -> None:
    assert str(ChannelSpec.parse(text)) == text


def test_parse_fields() -> None:
    assert ChannelSpec.parse("ASR:Cabin") == ChannelSpec(kind=ChannelKind.ASR, level=AsrLevel.CABIN)
    assert ChannelSpec.parse("speech:10.0").snr_db == 10.0
    assert str(ChannelSpec.parse("speech:10.0")) == "speech:10"


@pytest.mark.parametrize(
    ("text", "says"),
    [("asr:loud", "asr level 'loud'"), ("speech:x", "SNR in dB"), ("radio", "unknown channel"),
     ("speech:99", "outside"), ("text:1", "unknown channel")],
)  # fmt: skip
def test_bad_values_say_why(text: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        ChannelSpec.parse(text)


def test_campaign_field_is_canonical_and_errors_name_the_flag() -> None:
    base = {"sut": "reference", "max_conversations": 1}
    assert campaign_config(base).channel == "text"
    assert campaign_config({**base, "channel": "Speech:10.0"}).channel == "speech:10"
    with pytest.raises(ConfigError) as err:
        campaign_config({**base, "channel": "asr:loud"})
    assert err.value.field == "--channel"


def test_missing_extra_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(channel_deps.importlib.util, "find_spec", lambda name: None)
    monkeypatch.setattr(channel_deps.shutil, "which", lambda name: None)
    with pytest.raises(ConfigError) as err:
        open_channel("speech:10")
    assert err.value.exit_code == 2
    assert "pip install 'icatest[voice]'" in err.value.problem
    assert "apt-get install espeak-ng" in err.value.problem
    assert open_channel("text").name == "text"  # text needs nothing
