"""Korean words as the rules read them: the content morphemes of an eojeol (Kiwi), so that
'주유소를' and '주유소' meet as 'gas station' and 'gas stations' do. Kiwi takes a couple of
seconds to load, so it is loaded on the first Korean word only."""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kiwipiepy import Kiwi

HANGUL = re.compile(r"[가-힣]")
# Nouns, verb and adjective stems, roots, foreign words and numbers carry content; particles,
# endings and suffixes do not. Existence and copula stems ('있', '이') say nothing.
CONTENT_TAGS = ("NNG", "NNP", "VV", "VA", "XR", "SL", "SN", "MAG")
EMPTY = frozenset({"있", "없", "이", "하", "되", "주", "것", "수", "등"})


@cache
def _kiwi() -> Kiwi:
    from kiwipiepy import Kiwi

    # The rules read one word at a time, where multi-word entries never apply: without that
    # dictionary Kiwi holds about 330 MB instead of 515 MB, and tags every word the same.
    return Kiwi(load_multi_dict=False)


def is_korean(text: str) -> bool:
    return bool(HANGUL.search(text))


@lru_cache(maxsize=16384)
def content_morphemes(eojeol: str) -> frozenset[str]:
    """The content morphemes of one Korean word ('주유소를' -> {'주유소'})."""
    out = set()
    for token in _kiwi().tokenize(eojeol):
        tag = token.tag.split("-", 1)[0]
        if tag in CONTENT_TAGS and token.form not in EMPTY:
            out.add(token.form.lower())
    return frozenset(out)


# Morphemes that can begin a name: nouns, roots, foreign words and numbers, and the suffixes
# and prefixes of a noun ('선릉' + '점' is '선릉점').
NAME_TAGS = ("NNG", "NNP", "NNB", "NR", "XR", "SL", "SN", "XSN", "XPN", "SH")


@lru_cache(maxsize=16384)
def without_particles(eojeol: str) -> str:
    """A Korean word without its particles and endings ('스타벅스로' -> '스타벅스',
    '선릉점이에요' -> '선릉점'); the word itself when nothing leads it but endings."""
    end = 0
    for token in _kiwi().tokenize(eojeol):
        if token.tag.split("-", 1)[0] not in NAME_TAGS:
            break
        end = token.start + token.len
    return eojeol[:end] if end else eojeol
