"""The Korean text model of recognition errors, at syllable level.

A syllable is misheard as a similar-sounding one (plain/aspirated/tense initials ㄱ/ㅋ/ㄲ,
ㅐ/ㅔ and ㅓ/ㅗ vowels, a lost or changed final), a particle at the end of a word is dropped,
spacing slips (words run together or split: no error on a syllable count) and the end may be cut
off. Rates are per syllable and the error rate is a syllable error rate (docs/voice.md).
"""

from __future__ import annotations

import random

from icatest.channel.spec import AsrLevel

SYLLABLE_RATE = {AsrLevel.CLEAN: 0.029, AsrLevel.CABIN: 0.093, AsrLevel.HIGHWAY: 0.19}
CUT_RATE = {AsrLevel.CLEAN: 0.01, AsrLevel.CABIN: 0.04, AsrLevel.HIGHWAY: 0.09}
SPACING_RATE = 0.05  # per space: two words run together
PARTICLES = frozenset("은는이가을를에로도")
HANGUL_FIRST, HANGUL_LAST = 0xAC00, 0xD7A3
N_MEDIAL, N_FINAL = 21, 28
# initial consonant index -> its sound-alikes (ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ order)
INITIALS = {0: (15, 1), 1: (0,), 15: (0,), 3: (16, 4), 4: (3,), 16: (3,), 7: (17, 8),
            8: (7,), 17: (7,), 12: (14, 13), 13: (12,), 14: (12,), 9: (10,), 10: (9,),
            2: (5,), 5: (2,)}  # fmt: skip
MEDIALS = {1: (5,), 5: (1,), 3: (7,), 7: (3,), 4: (8,), 8: (4,), 18: (13,), 13: (18,),
           10: (11, 15), 11: (10,), 15: (11,)}  # fmt: skip
FINALS = {4: (21,), 21: (4,), 1: (17, 0), 17: (1, 0), 8: (0,), 16: (0,), 19: (0,), 7: (0,)}


def _is_hangul(ch: str) -> bool:
    return HANGUL_FIRST <= ord(ch) <= HANGUL_LAST


def _sound_alike(ch: str, rng: random.Random) -> str:
    code = ord(ch) - HANGUL_FIRST
    initial, rest = divmod(code, N_MEDIAL * N_FINAL)
    medial, final = divmod(rest, N_FINAL)
    options = [("i", x) for x in INITIALS.get(initial, ())]
    options += [("m", x) for x in MEDIALS.get(medial, ())]
    options += [("f", x) for x in FINALS.get(final, ())]
    if not options:
        options = [("f", 0)] if final else [("m", 1 if medial != 1 else 5)]
    part, value = rng.choice(options)
    if part == "i":
        initial = value
    elif part == "m":
        medial = value
    else:
        final = value
    return chr(HANGUL_FIRST + (initial * N_MEDIAL + medial) * N_FINAL + final)


def mishear(text: str, level: AsrLevel, rng: random.Random, *, noisy: bool = False) -> str:
    rate = SYLLABLE_RATE[level] * (3 if noisy else 1)
    out: list[str] = []
    for i, ch in enumerate(text):
        if ch == " " and out and rng.random() < SPACING_RATE:
            continue  # words run together
        if not _is_hangul(ch) or rng.random() >= rate:
            out.append(ch)
            continue
        at_word_end = i + 1 == len(text) or not _is_hangul(text[i + 1])
        if at_word_end and ch in PARTICLES and rng.random() < 0.5:
            continue  # a particle lost
        out.append(_sound_alike(ch, rng))
    heard = "".join(out)
    if rng.random() < CUT_RATE[level]:  # barge-in: the end is cut off
        words = heard.split(" ")
        if len(words) > 2:
            heard = " ".join(words[: -rng.randint(1, min(2, len(words) - 1))])
    return heard
