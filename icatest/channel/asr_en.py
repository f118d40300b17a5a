"""A seeded text model of English speech-recognition errors.

Each word is misheard with the level's probability, in the way recognisers mishear: a number
becomes its sound-alike ("fifteen"/"fifty", "two"/"to"), a short word is dropped or swapped for
a homophone, other words become a phonetic neighbour from the CMU dictionary (a name outside it
gets a spelling-level sound change, "Aachen" -> "Aken"), or two words merge, or one splits. An
utterance may also lose its end (the driver was cut off: barge-in). The rates per level were
calibrated on the 200 packaged driver utterances (docs/voice.md).
"""

from __future__ import annotations

import random
import re

from icatest.channel import phonetic
from icatest.channel.spec import AsrLevel

# per word: probability of an error; per utterance: probability that its end is cut off
WORD_RATE = {AsrLevel.CLEAN: 0.029, AsrLevel.CABIN: 0.098, AsrLevel.HIGHWAY: 0.192}
CUT_RATE = {AsrLevel.CLEAN: 0.01, AsrLevel.CABIN: 0.04, AsrLevel.HIGHWAY: 0.09}
NOISY_WORD_RATE = 0.6  # the noisy_moment probe: the critical words fall into a burst of noise
MAX_CUT_WORDS = 3

NUMBER_SOUNDALIKES = {
    "thirteen": "thirty", "fourteen": "forty", "fifteen": "fifty", "sixteen": "sixty",
    "seventeen": "seventy", "eighteen": "eighty", "nineteen": "ninety",
    "thirty": "thirteen", "forty": "fourteen", "fifty": "fifteen", "sixty": "sixteen",
    "seventy": "seventeen", "eighty": "eighteen", "ninety": "nineteen",
    "two": "to", "four": "for", "eight": "ate", "one": "won", "ten": "then", "six": "sex",
    "nine": "night", "five": "fine", "three": "tree",
}  # fmt: skip
DIGIT_SOUNDALIKES = {
    "13": "30", "14": "40", "15": "50", "16": "60", "17": "70", "18": "80", "19": "90",
    "30": "13", "40": "14", "50": "15", "60": "16", "70": "17", "80": "18", "90": "19",
    "2": "to", "4": "for", "8": "ate", "1": "one", "6": "sex", "9": "night",
}  # fmt: skip
HOMOPHONES = {
    "to": "two", "too": "to", "for": "four", "right": "write", "way": "weigh", "by": "buy",
    "there": "their", "near": "nearer", "no": "know", "new": "knew", "see": "sea",
    "here": "hear", "hour": "our", "our": "hour", "road": "rode", "stop": "stuff",
}  # fmt: skip
SHORT = 3  # a word this long or shorter may simply be lost
# spelling-level sound changes for words the dictionary does not know (names)
SOUND_CHANGES = [
    ("chen", "ken"), ("ch", "k"), ("ph", "f"), ("ie", "ee"), ("ei", "ai"), ("tz", "ts"),
    ("z", "s"), ("w", "v"), ("v", "f"), ("ck", "k"), ("th", "t"), ("au", "ow"), ("sch", "sh"),
    ("ae", "a"), ("oe", "o"), ("ue", "u"), ("er", "a"),
]  # fmt: skip
_TOKEN = re.compile(r"\S+")
_EDGE = re.compile(r"^(\W*)(.*?)(\W*)$", re.S)
_NUMBER = re.compile(r"^(\d+)(.*)$")


def _case_like(template: str, word: str) -> str:
    return word.capitalize() if template[:1].isupper() else word


def _misheard_number(core: str) -> str | None:
    low = core.lower()
    if low in NUMBER_SOUNDALIKES:
        return _case_like(core, NUMBER_SOUNDALIKES[low])
    m = _NUMBER.match(core)
    if m and m.group(1) in DIGIT_SOUNDALIKES:
        return DIGIT_SOUNDALIKES[m.group(1)] + m.group(2)
    return None


def _sound_change(core: str, rng: random.Random) -> str | None:
    low = core.lower()
    options = [(a, b) for a, b in SOUND_CHANGES if a in low]
    if not options:
        return None
    a, b = rng.choice(options)
    return _case_like(core, low.replace(a, b, 1))


def _substitute(core: str, rng: random.Random) -> str | None:
    """A sound-alike of one word, or None when the model has none for it."""
    number = _misheard_number(core)
    if number is not None:
        return number
    low = core.lower()
    if low in HOMOPHONES:
        return _case_like(core, HOMOPHONES[low])
    if phonetic.known(low):
        near = phonetic.neighbours(low)
        return _case_like(core, rng.choice(near)) if near else None
    return _sound_change(core, rng)


def _split(core: str, rng: random.Random) -> str | None:
    if len(core) < 6:
        return None
    at = rng.randrange(3, len(core) - 2)
    return f"{core[:at]} {core[at:]}"


def mishear(text: str, level: AsrLevel, rng: random.Random, *, noisy: bool = False) -> str:
    """The utterance as a recogniser at this noise level might return it."""
    rate = WORD_RATE[level]
    tokens = _TOKEN.findall(text)
    out: list[str] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        m = _EDGE.match(token)
        assert m is not None
        lead, core, trail = m.groups()
        # the noisy_moment probe: the critical content (numbers, names) falls into the burst
        critical = noisy and (_misheard_number(core) is not None or core[:1].isupper())
        if not core or rng.random() >= (NOISY_WORD_RATE if critical else rate):
            out.append(token)
            i += 1
            continue
        roll = rng.random()
        if len(core) <= SHORT and roll < 0.5 and not critical:
            i += 1  # a short word lost in the noise
            continue
        if roll > 0.88 and i + 1 < len(tokens) and not trail:  # two words run together
            nxt = _EDGE.match(tokens[i + 1])
            assert nxt is not None
            out.append(lead + core + nxt.group(2).lower() + nxt.group(3))
            i += 2
            continue
        changed = _substitute(core, rng) if roll <= 0.8 or critical else _split(core, rng)
        out.append(lead + (changed or _substitute(core, rng) or core) + trail)
        i += 1
    if len(out) > 2 and rng.random() < CUT_RATE[level]:  # barge-in: the end is cut off
        out = out[: -rng.randint(1, min(MAX_CUT_WORDS, len(out) - 1))]
    return " ".join(out)
