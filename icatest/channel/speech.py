"""The `speech:SNR_DB` channel: a real round trip for English.

espeak-ng speaks the utterance (a WAV on stdout), seeded cabin noise is mixed at the SNR,
pocketsphinx (its US-English acoustic and language model, shipped in its wheel) recognises the
mix. The decoder is loaded once per process and used by one thread at a time; decoding runs off
the event loop. Korean has no recogniser here: it falls back to the text model at the level the
SNR corresponds to, and the turn's note says so.
"""

from __future__ import annotations

import asyncio
import io
import threading
from functools import cache
from typing import Any

import numpy as np

from icatest.channel.asr import AsrChannel
from icatest.channel.noise import cabin_noise, mix
from icatest.channel.protocol import Heard, Hearing
from icatest.channel.spec import AsrLevel
from icatest.channel.wer import error_rate

RATE = 16_000  # pocketsphinx's acoustic model
VOICE = "en-us"
WORDS_PER_MINUTE = 160
NOISY_BURST_DB = 10.0  # the noisy_moment probe: this much louder noise for the turn
# a faster search than pocketsphinx's defaults (no second flat pass, narrower beams): about
# four times faster on this machine's cores, with a few more errors (docs/voice.md)
DECODER = {"fwdflat": False, "maxhmmpf": 3000, "beam": 1e-40, "wbeam": 1e-30, "pl_window": 10,
           "cmn": "batch"}  # fmt: skip
_lock = threading.Lock()


def korean_level(snr_db: float) -> AsrLevel:
    """The text-model level a Korean turn falls back to at this SNR."""
    if snr_db >= 20:
        return AsrLevel.CLEAN
    return AsrLevel.CABIN if snr_db >= 10 else AsrLevel.HIGHWAY


@cache
def _decoder() -> tuple[Any, str]:
    """The decoder and its initial cepstral mean: restored before every utterance, so what one
    utterance is heard as never depends on the ones before it (seeded, order-free)."""
    from pocketsphinx import Decoder

    decoder = Decoder(samprate=RATE, loglevel="FATAL", **DECODER)
    cmn = decoder.get_cmn()
    # the first utterance a fresh decoder sees is searched differently from every later one:
    # one second of quiet noise first, so the first driver turn is heard like the others
    warm = (np.random.default_rng(0).standard_normal(RATE) * 300).astype("<i2").tobytes()
    decoder.start_utt()
    decoder.process_raw(warm, full_utt=True)
    decoder.end_utt()
    return decoder, cmn


def synthesize(text: str) -> np.ndarray:
    """espeak-ng's rendering of `text` as float samples at RATE."""
    import subprocess

    import soundfile
    from scipy.signal import resample_poly

    wav = subprocess.run(
        ["espeak-ng", "-v", VOICE, "-s", str(WORDS_PER_MINUTE), "--stdout", text],
        capture_output=True, check=True, timeout=30,
    ).stdout  # fmt: skip
    samples, rate = soundfile.read(io.BytesIO(wav), dtype="float64")
    if samples.ndim > 1:
        samples = samples.mean(axis=1)
    return np.asarray(resample_poly(samples, RATE, rate) if rate != RATE else samples)


def recognise(samples: np.ndarray) -> str:
    pcm = (np.clip(samples, -1.0, 1.0) * 32767).astype("<i2").tobytes()
    with _lock:
        decoder, cmn = _decoder()
        decoder.set_cmn(cmn)
        decoder.start_utt()
        decoder.process_raw(pcm, full_utt=True)
        decoder.end_utt()
        hyp = decoder.hyp()
    return hyp.hypstr if hyp is not None else ""


def round_trip(text: str, snr_db: float, seed: int) -> str:
    """What pocketsphinx hears of `text` spoken in a cabin at `snr_db`."""
    speech = synthesize(text)
    noise = cabin_noise(len(speech), RATE, np.random.default_rng(seed))
    return recognise(mix(speech, noise, snr_db))


class SpeechChannel:
    def __init__(self, snr_db: float) -> None:
        self.snr_db = snr_db
        self.name = f"speech:{snr_db:g}"
        self.fallback = AsrChannel(korean_level(snr_db))

    def hear(self, spoken: str, hearing: Hearing) -> Heard:
        if hearing.language == "ko":
            heard = self.fallback.hear(spoken, hearing)
            note = f"Korean: no recogniser for Korean here, {self.fallback.name} instead"
            return Heard(heard.text, heard.wer, note)
        snr = self.snr_db - (NOISY_BURST_DB if hearing.noisy else 0.0)
        text = round_trip(spoken, snr, hearing.seed_for(spoken, self.name))
        return Heard(text, round(error_rate(spoken, text), 4))

    async def transmit(self, spoken: str, hearing: Hearing) -> Heard:
        return await asyncio.to_thread(self.hear, spoken, hearing)
