"""Keyword-style fragments for user turns ("근처 주유소 좀 찾아 줄래?" -> "근처 주유소 찾기").

Drivers often speak to an assistant in fragments. The rule, from Kiwi's morphemes:

1. keep the content nouns in their order: common/proper nouns (NNG, NNP), foreign words (SL),
   numbers with their unit (SN + NNB: '3 km', '10분'); skip pronouns (NP), dependent nouns on
   their own (거, 것, 수) and duplicates;
   nouns Kiwi splits inside one written word are glued back ('창문');
2. then the first main verb (VV, not an auxiliary VX such as 주 in 찾아 줘, and not the light
   verbs 있다/없다/하다/되다) nominalised with 기 ('찾기'); a noun + 하다 predicate ('안내해 줘')
   adds nothing, the noun already names the action;
3. nothing else: particles, endings, adverbs (좀, 빨리), adjectives and interjections are dropped.

When no content word is found the input is returned stripped, so a fragment is never empty for
non-empty input.
"""

from __future__ import annotations

from icatest.locar.honorifics.morphs import Morph, analyze_sentence, join

_CONTENT_NOUNS = frozenset({"NNG", "NNP", "SL"})
_LIGHT_VERBS = frozenset({"있", "없", "하", "되"})


def _nouns(morphs: tuple[Morph, ...]) -> list[str]:
    words: list[str] = []
    previous_end = -1  # end of the last kept noun, to glue compounds Kiwi splits (창+문)
    for i, m in enumerate(morphs):
        if m.base in _CONTENT_NOUNS:
            if words and m.start == previous_end and m.base != "SL":
                words[-1] += m.form
            else:
                words.append(m.form)
            previous_end = m.end
        elif m.base == "SN":
            unit = morphs[i + 1] if i + 1 < len(morphs) else None
            attached = unit is not None and unit.base == "NNB" and unit.start == m.end
            words.append(m.form + unit.form if unit is not None and attached else m.form)
    return list(dict.fromkeys(words))


def _verb(morphs: tuple[Morph, ...]) -> str | None:
    for m in morphs:
        if m.base == "VV" and m.form not in _LIGHT_VERBS:
            return join([(m.form, m.tag), ("기", "ETN")])
    return None


def fragment(text: str) -> str:
    """Keyword-style fragment of a user turn: content nouns, then the main verb + 기."""
    morphs = analyze_sentence(text).morphs
    words = _nouns(morphs)
    verb = _verb(morphs)
    if verb is not None:
        words.append(verb)
    return " ".join(words) if words else text.strip()
