"""A reply about another named thing: the driver asks how far, how much, when or whether of one
thing, and the reply opens with another one's name and shares no word with the question
("how far is rainbow falls" - "kaumana caves, 6 mi up saddle road, free"; "전등사 입장료
얼마예요?" - "마니산 참성단까지는 왕복 3시간쯤 걸려요"). A reply that answers without naming
anything ("about 6 miles", "어른 4천 원이에요") opens with no name, and one that names the
thing asked about shares its words."""

from __future__ import annotations

import re

from icatest.judges.rules.text import HANGUL, STOP, content_stems, heads, new_content

# The reply's first words up to a comma, a colon or a verb of being ("cape otway lightstation,",
# "The Göreme Open Air Museum is"), in Korean a noun phrase with a topic or end particle
# ("장성호 수변길은", "마니산 참성단까지는", "가까운 주유소:").
_W = r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’-]*"  # a Latin word: Hangul is read by the Korean pattern
_OPENING = re.compile(rf"^\W*(?:the )?(?P<name>{_W}(?: {_W}){{1,4}})"
                      r"(?:,|:| is\b| are\b| has\b| opens\b| closes\b| sits\b| lies\b)", re.I)
_OPENING_KO = re.compile(r"^\W*(?P<name>(?:[가-힣]+ ){0,2}[가-힣]{2,}?)"
                         r"(?:(?:까지는|에서는|은|는)\s|[,:])")
# openings that are no name: a side, a figure in words, a pronoun, an act ("sure thing,",
# "about an hour,", "right now it is", "good news:")
_NOT_A_NAME = STOP | frozenset(
    """about around roughly nearly almost under over sure good bad great news honestly sadly
    unfortunately yes no nope yep okay actually currently today tonight tomorrow right left
    straight the from here there heading traffic route quite pretty fairly very mostly open
    closed shut clear busy free full empty quiet slow fast fastest quickest shortest best nearest
    closest cheapest light heavy moderate dry wet sunny cloudy icy snowy foggy both still""".split()
)
# Korean openings that name no other thing: the asked thing in other words, the request, the
# screen, an apology, a hedge ("운영 시간은", "요청하신 내용은", "죄송하지만 그 요청은")
_NOT_A_NAME_KO = re.compile(r"운영|시간|요금|입장|주차|가격|영업|해당|요청|내용|정보|화면|"
                            r"오늘|지금|현재|죄송|말씀|그 |이 |저 |[그이저]쪽|거기|여기|저기|"
                            # a hedge opens it ("정확히 재기는 어렵지만 …"), not a name
                            r"정확히|자세히|대략|아마|솔직히|확실히")
_NAME_LINKS = frozenset("of the de la le del da di and".split())
OWN_WORDS = 3  # content words of the reply's own: it says something definite


def opening_name(reply: str) -> str | None:
    """The name the reply opens with, or None."""
    m = _OPENING.match(reply) or _OPENING_KO.match(reply)
    if m is None:
        return None
    name = m.group("name")
    said = name.lower().split()
    # a name's inner words are its own ("Göreme Open Air Museum", "cape of good hope"), not a
    # clause's ("Mist over the lake")
    if said[0] in _NOT_A_NAME or any(w in STOP and w not in _NAME_LINKS for w in said[1:]):
        return None
    # written with capitals, a name has them ("The Radisson Blu Limfjord is"; "Fastest route,"
    # names nothing); typed all in lowercase, any phrase may be one ("tromso airport,")
    if not HANGUL.search(name) and not reply.islower() and not all(
            w[0].isupper() for w in name.split() if w.lower() not in _NAME_LINKS):
        return None
    # ... nor a clause run to its comma ("잠깐만요,", "짧게 알려 줄까,", "배가 고프다니,")
    if _NOT_A_NAME_KO.search(name + " ") or re.search(r"[요까니고서면다죠게]$", name):
        return None
    return name


def another_subject(reply: str, user: str, *known: str) -> str | None:
    """The other thing the reply is about, when it opens with its name and shares no content
    word with the driver's question (nor the name with what the context says)."""
    name = opening_name(reply)
    asked = content_stems(user)
    # the same word in another form counts ("the shoulder's clear" to "on the shoulder")
    if name is None or heads(content_stems(reply)) & heads(asked):
        return None
    # a Korean word of the question inside a compound of the reply ("대나무 박물관" in
    # "한국대나무박물관")
    if any(len(w) >= 2 and HANGUL.search(w) and w in reply for w in asked):
        return None
    if not new_content(name, user, *known) or len(new_content(reply, user)) < OWN_WORDS:
        return None
    return name
