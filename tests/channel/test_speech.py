"""The speech round trip on a few utterances: espeak-ng speaks, cabin noise at the SNR,
pocketsphinx recognises; Korean falls back to the text model and says so."""

from __future__ import annotations

import numpy as np
import pytest

from icatest.bench.voice import voice_figures, voice_targets
from icatest.channel import Hearing, open_channel
from icatest.channel.noise import cabin_noise, mix
from icatest.channel.speech import RATE, synthesize

pytestmark = pytest.mark.voice
SAID = "Take me to the airport and avoid the highways please."


def test_noise_is_seeded_and_mixed_at_the_snr() -> None:
    a = cabin_noise(RATE, RATE, np.random.default_rng(1))
    assert np.array_equal(a, cabin_noise(RATE, RATE, np.random.default_rng(1)))
    assert not np.array_equal(a, cabin_noise(RATE, RATE, np.random.default_rng(2)))
    speech = 0.1 * np.sin(2 * np.pi * 440 * np.arange(RATE) / RATE)
    noise = mix(speech, a, 10.0) - speech
    snr = 10 * np.log10(np.mean(speech**2) / np.mean(noise**2))
    assert abs(snr - 10.0) < 0.01
    # most of the noise power is low-frequency: engine hum and road rumble
    power = np.abs(np.fft.rfft(a)) ** 2
    freqs = np.fft.rfftfreq(len(a), 1 / RATE)
    assert power[freqs < 500].sum() > 0.8 * power.sum()


def test_synthesis_gives_speech_at_the_recognisers_rate() -> None:
    samples = synthesize(SAID)
    assert 1.5 < len(samples) / RATE < 8  # seconds of speech for ten words
    assert float(np.max(np.abs(samples))) > 0.05


async def test_round_trip_hears_more_when_the_cabin_is_quiet() -> None:
    hearing = Hearing(language="en", rng_seed=0, turn=0)
    quiet = await open_channel("speech:30").transmit(SAID, hearing)
    loud = await open_channel("speech:-5").transmit(SAID, hearing)
    assert quiet.wer < loud.wer
    said = set(SAID.lower().rstrip(".").split())
    assert said & set(quiet.text.split()), "a quiet cabin lets some of the words through"
    again = await open_channel("speech:30").transmit(SAID, hearing)
    assert again == quiet  # seeded: the same noise, the same hearing


async def test_korean_falls_back_to_the_text_model_with_one_line() -> None:
    heard = await open_channel("speech:5").transmit(
        "이스마닝까지 안내해 주세요.", Hearing(language="ko", rng_seed=0, turn=0)
    )
    assert heard.note is not None and "asr:highway" in heard.note
    assert "\n" not in heard.note


def test_bench_figures() -> None:
    figures = voice_figures(quick=True)
    assert figures["available"] and figures["speech_utterances"] == 3
    assert 0 < figures["text_model_ms_per_utterance"] < 5
    assert 0 < figures["speech_cpu_s_per_utterance"] < 30
    assert 0 <= figures["speech_wer"] <= 1.5
    targets = voice_targets(figures)
    assert targets["voice_text_model_ms"]["met"] in (True, False)
