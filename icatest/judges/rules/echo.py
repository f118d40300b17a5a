"""A reply that only says the driver's words back (a parrot), in either language: what is
left once the reply's own confirmations, reported states and answers are set aside."""

from __future__ import annotations

import re
from functools import lru_cache

from icatest.judges.rules.acts import (
    CONFIRMS,
    answers_yes_no,
    calls_as_asked,
    confirms_action,
    reports_state,
)
from icatest.judges.rules.text import (
    HANGUL,
    any_match,
    content_stems,
    new_content,
    new_names,
    pattern,
    sentences,
)

# A sentence about the driver's words as text, not about the request ("This is a grammatical
# error in the original sentence.", "The corrected version should read …", "The original
# sentence is a common idiomatic expression in Korean"): a parrot followed by it is a parrot.
ABOUT_THE_WORDS = (
    r"\b(the|this|that|your) (original |corrected |above |given )?(sentence|phrase|wording)\b",
    r"\bgrammatical(ly)?\b|\bthe corrected version\b",
    r"\b(idiomatic|colloquial) (expression|phrase)\b",
)


def without_talk_of_the_words(reply: str) -> str:
    """The reply without its sentences about the driver's words as text."""
    kept = [s for s in sentences(reply) if not any_match(ABOUT_THE_WORDS, s.lower())]
    return " ".join(kept) if len(kept) < len(sentences(reply)) else reply


@lru_cache(maxsize=4096)
def is_echo(reply: str, user: str) -> bool:
    """The reply only restates what the driver just said (possibly reordered), in the
    driver's voice: a confirmation in the assistant's voice ('Temperature set to 21') is not."""
    if not user.strip() or not reply.strip():
        return False
    mine = in_drivers_script(reply, user)
    if mine != reply:
        return bool(mine) and is_echo(mine, user)
    if in_drivers_voice(reply, user):
        return True
    framed = _said_back_in_a_frame(reply, user)
    if framed is not None:
        return framed
    bare = KO_CHECKED.sub(" ", KO_ASKED_BACK.sub(" ", KO_RESTATED.sub(" ", reply)))
    bare = EN_RESTATED.sub(" ", bare)
    if bare != reply:
        return is_echo(bare, user)
    low = reply.lower()
    if any(pattern(p).search(low) and not pattern(p).search(user.lower()) for p in CONFIRMS):
        return False
    if calls_as_asked(reply, user):
        return False
    if confirms_action(reply) or reports_state(reply) or answers_yes_no(reply, user):
        return False
    if set(NUMBER_TOKEN.findall(reply)) - set(NUMBER_TOKEN.findall(user)):
        return False  # a number the driver did not say ("물금역까지 8분 걸려요") is news
    said = content_stems(user)
    told = content_stems(reply)
    if not told or not said:
        return False
    told, said = told - SAME_PLACE_WORD, said - SAME_PLACE_WORD
    # the crude stems of a verb said back in the third person differ by an 'e' ("leaves" ~
    # "leav", "leave"); "scheduling" confirms, it is no parrot
    third = {w for w in told if f"{w}e" in said and re.search(rf"\b{w}es\b", reply.lower())}
    fresh = new_content(reply, user) - SAME_PLACE_WORD - third
    told = told - third
    if fresh and all(asked_back(s, user) for s in sentences(reply)):
        return True
    return not fresh and bool(told) and len(told & said) >= max(1, len(told) // 2)


# A question word or a choice in the reply's question: it asks for something, or offers
# readings ("which pharmacy?", "petrol or diesel?").
ASKS_FOR = re.compile(r"\b(which|what|where|when|how|who|whose|or)\b|"
                      r"어느|어디|언제|뭐|무슨|어떤|몇|아니면", re.I)
DRIVERS_QUESTION = re.compile(r"\?\s*$|^\W*(is|are|does|do|can|where|when|what|which|how|who|"
                              r"any)\b", re.I)


def asked_back(sentence: str, user: str) -> bool:
    """The driver's question asked back, a word changed at most ("Fuel before Bourke's Luck?"
    to "Is there a petrol station before Bourke's Luck?", "밤에 문 여는 약국이요?"): no name, no
    figure, nothing asked for. A command asked back ("Call Mom?") is a confirmation."""
    if not sentence.rstrip().endswith("?") or not DRIVERS_QUESTION.search(user.strip()):
        return False
    if ASKS_FOR.search(sentence) or new_names(sentence, user):
        return False
    if set(NUMBER_TOKEN.findall(sentence)) - set(NUMBER_TOKEN.findall(user)):
        return False
    shared = content_stems(sentence) & content_stems(user)
    return len(shared) >= 2 and len(new_content(sentence, user)) <= 1


# The Korean nouns of "a place" that say the same ("주차할 데 있어요?" told back as "주차할 곳!"),
# and the English "ones" that stands for the driver's noun ("the cellars here, which ones").
SAME_PLACE_WORD = frozenset({"곳", "데", "one", "ones"})


NUMBER_TOKEN = re.compile(r"\d+")


# The Korean frame of a request said back ("팟캐스트 틀어 달라는 말씀이시죠?", "가자는 거죠?"): what
# is left is the driver's words, as "You'd like a florist …?" is in English.
KO_RESTATED = re.compile(r"(달라|하라|가자|하자|라|다|냐|자)는 (말씀|거|것)"
                         r"(이시죠|이신가요|이시군요|이세요|이죠|맞으시죠|맞죠|죠)"
                         # ... or after the words themselves ("엿 파는 곳 말씀이시죠?")
                         r"|\s말씀이(시죠|신가요|시군요|세요)"
                         # ... or the question said to be what is meant ("걸리는지 말씀하시는
                         # 거군요")
                         r"|(는지|은지|인지) 말씀하시는 거(군요|죠|네요)"
                         # ... or the words said to be what is meant, with a doubled "yes"
                         # ("네네, 얼음골 결빙지 얼음 말씀하시는 거죠")
                         r"|\s말씀하시는 거(군요|죠|네요)|(네네|예예|응응),?\s"
                         # ... or the wish asked back ("하늘다리 건너시려고요?")
                         r"|(으)?시려고요(?=\s*[?.!]|$)")


# The English frame of a question said back ("youre asking how cold it gets tonight.", "The
# time the ferry leaves — that's what you'd like to know!"): what is left is the driver's words.
EN_RESTATED = re.compile(r"^\W*(so,? )?((you'?re|youre|you are) (asking|wanting to know|"
                         r"looking for)|"
                         r"you'?d like to know|you want to know)( about| whether| if)?\b"
                         r"|\W*\b(that'?s|this is) (what you'?d like to know|what you want to know|"
                         r"what you'?re asking|your question)\b"
                         # ... or closing it ("The weather at the summit, you're asking.")
                         r"|,? (you'?re asking|you ask|you want to know|you'?d like to know)\W*$"
                         # ... or after it ("gannets still nesting this late in summer. yep,
                         # you asked.")
                         r"|[.!]\s*((yep|yes|yeah|right|sure)\W+)?(that'?s what )?you (asked|"
                         r"said)( me)?\W*$",
                         re.I)


def _said_back_in_a_frame(reply: str, user: str) -> bool | None:
    """The request said back and praised ("**How far the rest stop is** — great thing to
    check!"), named as what was meant ("케이블카 운행 시간 말씀이시죠!") or turned into
    "whether" ("대항항 주차장 유료 여부요"): whether the words said back are an echo; None when
    the reply has no such frame."""
    praised = PRAISE_AFTER.match(reply)
    rest = praised.group("rest") if praised else ""
    if praised and is_echo(praised.group("words"), user) and not NUMBER_TOKEN.search(rest) \
            and not new_names(rest, user):
        return True
    meant = KO_MEANT.match(reply)
    if meant and content_stems(meant.group("words")) & content_stems(user):
        return True
    whether = KO_WHETHER.match(reply)
    if whether and whether.group("words").strip():
        return is_echo(whether.group("words"), user)
    return None


# The thing asked about named as what the driver meant, and nothing else ("케이블카 운행 시간
# 말씀이시죠!"); asked ("…말씀이시죠?") it may be a question that clarifies
KO_MEANT = re.compile(r"^\W*(?P<words>[가-힣 ]{2,40}?)\s말씀이(시죠|시군요)\s*[!.~]*[^\w?]*$")


# The request said back, then a word of praise for it after a dash or a colon
PRAISE_AFTER = re.compile(r"^\W*(?P<words>[^—–:!?]{6,120}?)\W*\s[—–:-]\s(?P<rest>[^.?]*!\W*)$")


# The driver's question turned into "whether" ("네, 대항항 주차장 유료 여부요."): the words before
# it, an acknowledgement set aside, are what is said back.
KO_WHETHER = re.compile(r"^\W*((네|예|넵)\W+)?(?P<words>.+?)\s*여부(요|입니다|예요|말씀이시죠|"
                        r"말씀이시군요)?\s*[.!?~]*\s*$")


# The driver's question turned into a note to check it ("보리암 셔틀버스 몇 분마다 있는지
# 확인."): the noun closing the sentence checks nothing.
KO_CHECKED = re.compile(r"(?<=는지|은지|인지) ?확인\s*[.!]?\s*$")


# The driver's question asked back ("곡성 오늘 오후 비 오냐고요?"): the quoting verb says nothing.
KO_ASKED_BACK = re.compile(r"\S+(느|으|이)?냐고(요)?(?=[\s.?!~]|$)"
                           # ... or as its own ending ("휴게소까지 몇 km 남았는지요?")
                           r"|\S+(는지|은지|인지|을지)요(?=\s*\?)"
                           # ... or said to have been asked ("입장료가 있는지 물어보셨네요")
                           r"|(는지|은지|인지|을지|한지) ?(물어보셨|물으셨|궁금해하셨|여쭤보셨)"
                           r"(네요|군요|어요|습니다)")


# A Korean request's closing words: a verb and 줘, 줄래 or 달라 ("찾아 줘", "꺼 줄래?", "틀어줘")
KO_REQUEST_END = re.compile(r"(\S+\s*(줘|줄래|달라|주라))\W*$")


def in_drivers_voice(reply: str, user: str) -> bool:
    """Every sentence of the reply closes with the driver's own request ("약국 찾아 줘. 대한 근처
    약국 찾아 줘." to "해운대 근처 약국 찾아 줘.", "그램 좀 꺼 줄래?"): the request said back in
    the driver's voice, whatever else is garbled, with nothing asked of the driver."""
    asked = KO_REQUEST_END.search(user.strip())
    if asked is None:
        return False
    closing = re.sub(r"\s", "", asked.group(1))
    said = sentences(reply)
    return bool(said) and all(
        (m := KO_REQUEST_END.search(s)) is not None and re.sub(r"\s", "", m.group(1)) == closing
        and not ASKS_FOR.search(s) for s in said)


def in_drivers_script(reply: str, user: str) -> str:
    """To a Korean utterance, the reply's sentences in Hangul: a Korean parrot followed by
    English remarks ("I'm sorry for any misunderstanding") says nothing more to the driver
    than the parrot. (An English reply's sentences without letters are times and figures,
    which do say something: the whole reply.)"""
    if not HANGUL.search(user):
        return reply
    return " ".join(s for s in sentences(reply) if HANGUL.search(s))


# the words a Korean reply reads the car's situation back under ("현재 위치: …")
SITUATION_LABELS = {"place": "현재 지금 위치", "time": "현재 지금 시각 시간",
                    "speed": "현재 지금 주행 속도 차속"}


def situation_labels(clock: str, speed: str, ko: bool) -> tuple[str, ...]:
    """To a Korean utterance, the labels of the place, the clock (when it is news) and the
    speed (the same), and the clock as a Korean reply says it ('15:30': '오후 3시 30분')."""
    if not ko:
        return ()
    shown = ("place", *(("time",) if clock else ()), *(("speed",) if speed else ()))
    labels = tuple(SITUATION_LABELS[k] for k in shown)
    m = re.fullmatch(r"(\d{1,2}):(\d{2})", clock.strip())
    if not m:
        return labels
    hour, minute = int(m[1]), int(m[2])
    said = f"{'오전' if hour < 12 else '오후'} {hour % 12 or 12}시"
    return (*labels, f"{said} {minute}분" if minute else said)
