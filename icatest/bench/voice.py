"""The voice channel's cost: the asr text model per utterance and the speech round trip
(espeak-ng, cabin noise, pocketsphinx) per utterance, on the packaged driver utterances.

Without the voice extra the figures say what is missing instead (the targets are then unmet:
None). Wall time depends on what else the cores run; CPU time is reported beside it.
"""

from __future__ import annotations

import random
import time
from importlib import resources
from typing import Any

SPEECH_SNR_DB = 10.0
TEXT_MODEL_TARGET_MS = 1.0
SPEECH_TARGET_S = 1.5


def driver_utterances(language: str = "en") -> list[str]:
    data = resources.files("icatest.channel") / "data" / f"driver_utterances_{language}.txt"
    return data.read_text("utf-8").splitlines()


def voice_figures(quick: bool = False) -> dict[str, Any]:
    from icatest.channel.deps import missing_modules
    from icatest.channel.spec import ChannelSpec

    missing = missing_modules(ChannelSpec.parse(f"speech:{SPEECH_SNR_DB:g}"))
    if missing:
        return {"available": False, "missing": missing}
    from icatest.channel import phonetic
    from icatest.channel.asr_en import mishear
    from icatest.channel.spec import AsrLevel
    from icatest.channel.speech import _decoder, round_trip
    from icatest.channel.wer import error_rate

    said = driver_utterances()
    phonetic.warm()
    for i, s in enumerate(said):  # first pass fills the per-word neighbour cache
        mishear(s, AsrLevel.HIGHWAY, random.Random(i))
    start = time.perf_counter()
    for i, s in enumerate(said):
        mishear(s, AsrLevel.HIGHWAY, random.Random(-i))
    text_ms = (time.perf_counter() - start) / len(said) * 1000
    _decoder()  # loaded once per process, not per utterance
    sample = said[: 3 if quick else 12]
    wall, cpu, rates = time.perf_counter(), time.process_time(), []
    for i, s in enumerate(sample):
        rates.append(error_rate(s, round_trip(s, SPEECH_SNR_DB, i)))
    wall_s = (time.perf_counter() - wall) / len(sample)
    cpu_s = (time.process_time() - cpu) / len(sample)
    return {
        "available": True,
        "text_model_ms_per_utterance": round(text_ms, 3),
        "text_model_utterances": len(said),
        "speech_s_per_utterance": round(wall_s, 2),
        "speech_cpu_s_per_utterance": round(cpu_s, 2),
        "speech_utterances": len(sample),
        "speech_snr_db": SPEECH_SNR_DB,
        "speech_wer": round(sum(rates) / len(rates), 3),
    }


def voice_targets(v: dict[str, Any]) -> dict[str, Any]:
    ok = v.get("available", False)
    return {
        "voice_text_model_ms": {
            "target": f"<= {TEXT_MODEL_TARGET_MS:g}",
            "met": (v["text_model_ms_per_utterance"] <= TEXT_MODEL_TARGET_MS) if ok else None,
        },
        "voice_speech_s": {
            "target": f"<= {SPEECH_TARGET_S:g}",
            "met": (v["speech_s_per_utterance"] <= SPEECH_TARGET_S) if ok else None,
        },
    }


def format_voice(v: dict[str, Any]) -> list[str]:
    if not v.get("available"):
        return [f"voice channel: not measured ({', '.join(v.get('missing', []))} missing)"]
    return [
        f"voice channel: asr text model {v['text_model_ms_per_utterance']} ms/utterance "
        f"({v['text_model_utterances']} utterances); speech round trip at "
        f"{v['speech_snr_db']:g} dB {v['speech_s_per_utterance']} s/utterance wall, "
        f"{v['speech_cpu_s_per_utterance']} s CPU "
        f"(WER {v['speech_wer']}, {v['speech_utterances']} utterances)"
    ]
