"""A reply that speaks of the driver's own subject and gives nothing of its own: no figure, no
name, no place of another kind, no day or month ("The Train Cemetery: rusting steam
locomotives, a photographer's dream!", "백수해안도로, 노을이 정말 예쁘기로 유명한 길이죠"). It
leaves the request undone, but it talks of nothing else: no irrelevant response (an omission,
or no evidence either way)."""

from __future__ import annotations

import re

from icatest.judges.rules.place_kinds import place_kinds
from icatest.judges.rules.text import FIGURE, content_stems, heads, new_names, sentences

# a day or a month is content of its own ("lavender usually peaks mid july")
WHEN = re.compile(r"\b(january|february|march|april|june|july|august|september|october|"
                  r"november|december|(early|mid|late)[- ]may|monday|tuesday|wednesday|thursday|"
                  r"friday|saturday|sunday|weekends?|tomorrow|yesterday)\b|[0-9]+월|내일|주말|"
                  r"[월화수목금토일]요일", re.I)

STREET = re.compile(r"\b(on|in|at|near|along|off|by) [\w' -]{1,30}?\b(street|st|road|rd|avenue|"
                    r"ave|lane|way|boulevard|blvd|square)\b", re.I)


def on_subject_only(reply: str, user: str, *known: str) -> bool:
    """The reply shares a word of substance with the driver's utterance and adds no figure,
    name, place kind, day or month that the talk did not have."""
    said = " ".join((user, *known))
    if set(FIGURE.findall(reply)) - set(FIGURE.findall(said)) or WHEN.search(reply):
        return False
    if new_names(reply, said) or place_kinds(reply) - place_kinds(said):
        return False
    # the street the place is on is no subject ("the library on mill street": "mill st has
    # metered bays" talks of parking)
    subject = STREET.sub(" ", user)
    return bool(heads(content_stems(reply)) & heads(content_stems(subject)))


# A gushing reply: exclamations only, no figure, no side taken, nothing of what the question
# asks ("Oh, Kalkan!! Such a magical little town — you're going to absolutely LOVE it there!"
# to "is there a pharmacy open late in Kalkan?")
SIDE_TAKEN = re.compile(r"^\W*(yes|yeah|yep|no|nope|absolutely|definitely|sure|of course)\b", re.I)
NAMED = re.compile(r"\b[A-Z][\w'’-]+")
# (typed without its mark or apostrophe too: "whats the forecast up here tomorrow")
QUESTION = re.compile(r"\?|^\W*(is|are|how|what|what'?s|where|where'?s|when|which|can|could|do|"
                      r"does|will|any)\b", re.I)


# The Korean of a gush: each sentence praise of the choice or a feeling promised ("상족암이라니
# 정말 최고의 선택이에요! 공룡 발자국 보시면 분명 감동하실 거예요"), no side taken or way told
KO_GUSH = re.compile(r"최고의 (선택|코스|장소)|감동(하실|받으실|적)|환상적|멋진 (곳|선택|여행)|"
                     r"반하실|좋아하실|설레|행복하실|추억(이|을) (만드|남기)|잊지 못할|"
                     r"(정말|너무|진짜) (멋지|좋으실|예쁘)")
KO_SIDE = re.compile(r"(있어요|없어요|있습니다|없습니다|돼요|됩니다|가능|불가|못 |안 돼|걸려|"
                     r"\d ?(km|분|시))")


def _gushes_ko(reply: str, user: str) -> bool:
    said = [s for s in sentences(reply) if re.search(r"[가-힣]", s)]
    if not said or not QUESTION.search(user) or "?" in reply:
        return False
    if set(re.findall(r"\d+", reply)) - set(re.findall(r"\d+", user)):
        return False
    return all(KO_GUSH.search(s) and not KO_SIDE.search(s) for s in said)


def gushes(reply: str, user: str) -> bool:
    """Two exclamations or more and nothing but exclamations, no figure or side taken, and no
    word of what the question asks beside the names it gives (in Korean: praise and feelings
    promised only)."""
    if re.search(r"[가-힣]", reply) and _gushes_ko(reply, user):
        return True
    said = sentences(reply)
    ended = [s for s in said if s[-1] in ".!?"]
    # (one exclamation is enough beside the words of a gush: "you're going to have the BEST
    # evening! … pure magic")
    loud = reply.count("!") >= 2 or (reply.count("!") == 1 and GUSH_EN.search(reply) is not None)
    if not loud or not ended or any(s[-1] != "!" for s in ended):
        return False
    if not QUESTION.search(user) or any(SIDE_TAKEN.search(s) for s in said):
        return False
    if set(re.findall(r"\d+", reply)) - set(re.findall(r"\d+", user)):
        return False  # a figure of its own ("the n222!" names the driver's road)
    asked = NAMED.sub(" ", user) if user != user.lower() else user
    shared = heads(content_stems(asked)) & heads(content_stems(reply))
    # the subject said back in plain praise ("Gelato on a summer evening — what a dream!"),
    # nothing of what is asked of it (its hours, price, distance, parking)
    return not shared or (GUSH_EN.search(reply) is not None
                          and not shared & heads(content_stems(ASKED_OF_IT)))


GUSH_EN = re.compile(r"\b(what a (dream|treat|gem|joy|delight)|you'?re (going to|gonna) "
                     r"(love|adore)|you have the best|breathtaking|magical|unforgettable|"
                     r"out of this world|you'?re in for a (real )?treat|"
                     r"simply (stunning|wonderful|perfect)|love that you|"
                     r"is calling( you| your name)?(?=!)|"
                     # the driver called lucky to be there ("prettiest village in estonia, you
                     # lucky lot ✨")
                     r"you lucky (lot|things|ones|people|devils|ducks)|lucky you|"
                     # a good time promised ("you're going to have the BEST evening!")
                     r"you'?re (going to|gonna) have (the|a|an) (best|great|wonderful|amazing|"
                     r"lovely|fantastic|magical)|pure magic|"
                     r"you'?re (going to|gonna) remember (this|it) (trip |day |night )?forever|"
                     r"(prettiest|loveliest|dreamiest) \w+ (in|on))", re.I)
# what a question asks of its subject: a gush names the subject, never these
ASKED_OF_IT = ("open opening hours close closing far distance long cost price much toll park "
               "parking free time busy crowded cold warm weather deep safe allowed")
