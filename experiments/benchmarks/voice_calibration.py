"""Calibration figures of the voice channel (docs/voice.md): the asr text model's WER per level
on the 200 packaged driver utterances, and the speech channel's WER at 20, 10 and 5 dB on the
first N of them, with what pocketsphinx gets wrong most.

    python experiments/benchmarks/voice_calibration.py --speech 40 > voice_calibration.json
"""

from __future__ import annotations

import argparse
import json
import random
import re
import time
from collections import Counter

import jiwer

from icatest.bench.voice import driver_utterances
from icatest.channel import asr_en, asr_ko
from icatest.channel.spec import TARGET_WER, AsrLevel
from icatest.channel.speech import round_trip
from icatest.channel.wer import tokens

NUMBER = re.compile(r"^\d|^(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                    r"\w+teen|\w+ty)$")  # fmt: skip


def corpus_wer(said: list[str], heard: list[str], language: str = "en") -> float:
    ref = [" ".join(tokens(s, language)) for s in said]
    hyp = [" ".join(tokens(h, language)) or "<empty>" for h in heard]
    return round(float(jiwer.wer(ref, hyp)), 4)


def word_kinds(said: list[str]) -> dict[str, str]:
    """Each spoken word's kind: name (capitalised inside a sentence), number, short, other."""
    kinds: dict[str, str] = {}
    for s in said:
        for i, raw in enumerate(s.split()):
            w = tokens(raw, "en")
            if not w:
                continue
            word = w[0]
            if NUMBER.match(word):
                kinds.setdefault(word, "number")
            elif i > 0 and raw[:1].isupper():
                kinds.setdefault(word, "name")
            elif len(word) <= 3:
                kinds.setdefault(word, "short")
            else:
                kinds.setdefault(word, "other")
    return kinds


def lost_by_kind(said: list[str], heard: list[str]) -> dict[str, float]:
    """Share of spoken words of each kind that the recognised text lacks."""
    kinds = word_kinds(said)
    total: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    for s, h in zip(said, heard, strict=True):
        got = set(tokens(h, "en"))
        for w in tokens(s, "en"):
            kind = kinds.get(w, "other")
            total[kind] += 1
            lost[kind] += w not in got
    return {k: round(lost[k] / total[k], 3) for k in sorted(total)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--speech", type=int, default=40, help="utterances per SNR")
    args = parser.parse_args()
    said = driver_utterances()
    out: dict[str, object] = {"text_model": {}, "text_model_ko": {}, "speech": {}}
    for level in AsrLevel:
        heard = [asr_en.mishear(s, level, random.Random(i)) for i, s in enumerate(said)]
        out["text_model"][level.value] = {  # type: ignore[index]
            "target": TARGET_WER[level], "wer": corpus_wer(said, heard), "utterances": len(said),
        }  # fmt: skip
        ko = driver_utterances("ko")
        heard_ko = [asr_ko.mishear(s, level, random.Random(i)) for i, s in enumerate(ko)]
        out["text_model_ko"][level.value] = {  # type: ignore[index]
            "target": TARGET_WER[level],
            "ser": corpus_wer(ko, heard_ko, "ko"),
            "utterances": len(ko),
        }
    sample = said[: args.speech]
    for snr in (20.0, 10.0, 5.0):
        start = time.process_time()
        heard = [round_trip(s, snr, i) for i, s in enumerate(sample)]
        out["speech"][f"{snr:g}"] = {  # type: ignore[index]
            "wer": corpus_wer(sample, heard),
            "utterances": len(sample),
            "cpu_s_per_utterance": round((time.process_time() - start) / len(sample), 2),
            "lost_share_by_word_kind": lost_by_kind(sample, heard),
            "examples": [[s, h] for s, h in zip(sample[:3], heard[:3], strict=True)],
        }
    print(json.dumps(out, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
