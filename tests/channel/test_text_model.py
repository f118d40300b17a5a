"""The asr text model: calibrated per level on the 200 packaged driver utterances, seeded, fast,
and mishearing the way recognisers do (numbers, short words, names)."""

from __future__ import annotations

import random
import time
from importlib import resources

import pytest

from icatest.channel import Hearing, asr_en, asr_ko, phonetic
from icatest.channel.asr import KOREAN_NOTE, AsrChannel
from icatest.channel.spec import TARGET_WER, AsrLevel
from icatest.channel.wer import error_rate, tokens

pytestmark = pytest.mark.voice
TOLERANCE = 0.03


def utterances(language: str) -> list[str]:
    data = resources.files("icatest.channel") / "data" / f"driver_utterances_{language}.txt"
    return data.read_text("utf-8").splitlines()


def corpus_rate(said: list[str], heard: list[str], language: str) -> float:
    import jiwer

    ref = [" ".join(tokens(s, language)) for s in said]
    hyp = [" ".join(tokens(h, language)) or "<empty>" for h in heard]
    return float(jiwer.wer(ref, hyp))


@pytest.mark.parametrize("level", list(AsrLevel))
def test_english_levels_hit_their_target(level: AsrLevel) -> None:
    said = utterances("en")
    assert len(said) == 200
    channel = AsrChannel(level)
    heard = [channel.hear(s, Hearing(language="en", rng_seed=3, turn=i)).text
             for i, s in enumerate(said)]  # fmt: skip
    rate = corpus_rate(said, heard, "en")
    assert abs(rate - TARGET_WER[level]) <= TOLERANCE, (level, rate)


@pytest.mark.parametrize("level", list(AsrLevel))
def test_korean_levels_hit_their_target_per_syllable(level: AsrLevel) -> None:
    said = utterances("ko") * 3
    heard = [asr_ko.mishear(s, level, random.Random(i)) for i, s in enumerate(said)]
    assert abs(corpus_rate(said, heard, "ko") - TARGET_WER[level]) <= TOLERANCE


def test_korean_turns_say_they_are_syllable_level() -> None:
    heard = AsrChannel(AsrLevel.HIGHWAY).hear(
        "이스마닝까지 안내해 주세요.", Hearing(language="ko", rng_seed=1, turn=0)
    )
    assert heard.note == KOREAN_NOTE


def test_seeded_and_independent_of_the_run() -> None:
    channel = AsrChannel(AsrLevel.HIGHWAY)
    text = "Take me to Freising by fifteen thirty, avoiding the highways please."
    a = [channel.hear(text, Hearing(language="en", rng_seed=5, turn=t)).text for t in range(20)]
    b = [channel.hear(text, Hearing(language="en", rng_seed=5, turn=t)).text for t in range(20)]
    c = [channel.hear(text, Hearing(language="en", rng_seed=6, turn=t)).text for t in range(20)]
    assert a == b
    assert a != c


def test_how_it_mishears() -> None:
    rng = random.Random(0)
    assert asr_en._substitute("fifteen", rng) == "fifty"
    assert asr_en._substitute("two", rng) == "to"
    assert asr_en._substitute("15", rng) == "50"
    assert asr_en._substitute("Aachen", rng) in {
        n.capitalize() for n in phonetic.neighbours("aachen")
    }
    assert asr_en._sound_change("Marienplatz", rng) != "Marienplatz"
    # a burst of noise on the critical content: numbers go wrong far more often
    said = "Set the temperature to fifteen and arrive by 18:00."
    noisy = [asr_en.mishear(said, AsrLevel.CLEAN, random.Random(i), noisy=True) for i in range(50)]
    plain = [asr_en.mishear(said, AsrLevel.CLEAN, random.Random(i)) for i in range(50)]
    assert sum("fifteen" not in h for h in noisy) > 3 * max(
        1, sum("fifteen" not in h for h in plain)
    )


def test_error_rate_counts_words() -> None:
    assert error_rate("Take me to Freising.", "take me to freising") == 0.0
    assert error_rate("take me to freising", "take me to fraising") == 0.25
    assert error_rate("take me there", "") == 1.0


def test_under_a_millisecond_per_utterance() -> None:
    said = utterances("en")
    channel = AsrChannel(AsrLevel.HIGHWAY)
    phonetic.warm()
    for i, s in enumerate(said):  # neighbour lookups are cached per word: measure the warm model
        channel.hear(s, Hearing(language="en", rng_seed=0, turn=i))
    start = time.perf_counter()
    for i, s in enumerate(said):
        channel.hear(s, Hearing(language="en", rng_seed=1, turn=i))
    per = (time.perf_counter() - start) / len(said)
    assert per < 0.001, per
