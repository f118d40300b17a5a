"""A limitation stated openly beside a fallback's words: what the assistant cannot do, named
with the request's own words, and the help it can give (a figure, or content of its own), which
is an honest answer and no generic fallback (`request_rules.fallback`)."""

from __future__ import annotations

import re

from icatest.judges.rules import acts, nothing
from icatest.judges.rules.remark_words import REMARKS
from icatest.judges.rules.text import (
    HANGUL,
    NUMBER,
    any_match,
    content_stems,
    heads,
    new_content,
    sentences,
)

# Content of its own beside a limitation: a figure, or in Korean (whose names the rules do not
# read) this many new content words ("보통 이 시간에는 여유가 있는 편이고, 만차면 화물청사 쪽
# 임시 주차장을 쓰시면 돼요"), in a sentence that is no remark, no filler and no referral to
# another source or to other help ("I'd recommend checking local traffic reports", "I can
# assist you with any other questions").
OWN_WORDS = 4
REFERS = (
    r"\b(look (it |that |this )?up|check(ing)?|recommend\w*|you (may|might) want to|find (a|an|"
    r"another)|visit|social media|website|apps?|try (another|a different)|local (source|traffic|"
    r"news|radio)|feel free|any other|anything else|other (questions|topics)|assist you|help you "
    r"with|call (them|ahead|the)|phone (them|ahead)|contact)\b",
    r"확인해 ?(보|주)|검색|문의|다른 (도움|질문)|전화",
)


def limitation_stated(own: str, description: str, user: str) -> bool:
    """What the assistant cannot do named with the request's own words ("cant book boats from
    the car", "실시간 주차 현황은 제가 확인할 수 없어요"), beside a sentence that gives a figure
    or content of its own: a limitation stated openly, with the help it can give, not a generic
    fallback."""
    said = sentences(own.lower())
    falls = [s for s in said if acts.is_fallback(s)]
    asked = content_stems(description) | content_stems(user)
    # the request's words in another form count ("cant do reservations" to "reserve …")
    if not falls or not all(heads(content_stems(s)) & heads(asked)
                            or re.search(acts.LIMITATION_KO, s) for s in falls):
        return False
    rest = [s for s in said if s not in falls and not any_match(REMARKS, s)
            and not any_match(nothing.FILLER_SENTENCES, s) and not any_match(REFERS, s)]
    return any(NUMBER.search(s) or (HANGUL.search(s) and len(new_content(
        s, user, description)) >= OWN_WORDS) for s in rest)
