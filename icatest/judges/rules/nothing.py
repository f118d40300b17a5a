"""Replies that say nothing, whatever the request: filler ("Anything else?", "네, 알겠습니다!"),
a promise to act with nothing done, a chatbot's question about the talk, remarks on the request
("parking there can be tricky"), a confident "Sure, done!" with no content of its own, or a
broken generation (words doubled, a loop). What a reply does otherwise (falls back, refuses,
confirms, echoes) is `acts.py`."""

from __future__ import annotations

import re
from collections import Counter

from icatest.judges.rules.acts import (
    ANSWER_FIRST,
    DEFLECTION,
    answers_yes_no,
    calls_as_asked,
    confirms_action,
    is_fallback,
    reports_state,
)
from icatest.judges.rules.chatter import gushes
from icatest.judges.rules.echo import asked_back
from icatest.judges.rules.remark_words import REMARKS
from icatest.judges.rules.text import (
    ADDRESS,
    FIGURE,
    NUMBER,
    any_match,
    new_content,
    new_names,
    questions,
    sentences,
    stem,
)

# "바로 처리했습니다", "요청하신 대로 완료", and "found" with nothing named ("저녁 먹을 식당,
# 찾았.", "찾았어요!")
GENERIC_ANSWERS = frozenset(
    stem(w) for w in "done handled sorted taken care set ready completed finished arranged covered "
    "gotcha bet worries smart clever wise dusted "
    # ... said to the driver by a form of address ("all sorted, boss.")
    "boss mate buddy pal chief sir madam friend".split()
) | frozenset("처리 완료 끝나 끝났 바로 요청 대로 접수 찾 찾았 넵 네 예".split()
             # ... and reassurance with nothing in it ("그럼요, 걱정 마세요!",
             # "알아서 잘 처리했어요")
             + "그럼 그럼요 물론 물론이죠 걱정 마 알아서 잘 맡겨 문제없".split()
             # ... or a promise to do as asked ("그렇게 해 둘게요")
             + "그렇 두".split())


DIGITS = re.compile(r"\d+")
SEARCHING = (r"\bi'?m (now )?(looking|searching) for\b",)
DEFER = (
    # the assistant's own promise: "isn't going to be good" is a forecast, not one
    r"\b(let me|lemme|i'?ll|i will|i'?m going to|i am going to|we'?re going to|"
    # the search said to be under way ("I'm looking for a table at a Mexican restaurant")
    r"i'?m (now )?(looking|searching) for|"
    # help only wished for ("I'd love to help you find a bubble tea shop near your home")
    r"i'?d (love|be happy|be glad) to (help|find|look)|"
    r"i (still )?need (to|a|the)|i have to|i must|i'?d need to)\b",
    # "first" of an order of stops ("breakfast in selva first, then the lift") promises nothing
    r"\bleave it (with|to) me\b|"
    r"\b(first(?![^.?!]*\bthen\b)|before (i|we) can|in a moment|shortly|right away|hold on|"
    r"hang tight|one moment|just a (sec|second|moment))\b",
    # Korean: a look-up promised ("확인해 볼게요", "알아볼게", "찾아보겠습니다"), not an act done
    # or started ("안내해 드릴게요" confirms the route)
    r"(확인|검색|조회|알아|찾아)(해)? ?(볼게|보겠)|잠(시|깐)만 기다려",
    # the same promised as a favour ("주차장을 찾아드릴게요!", "바로 알아봐 드릴게요")
    r"(찾아|알아봐|확인해|검색해|조회해) ?(드릴게|드리겠|줄게)",
    # the answer promised for later ("알아보고 다시 말씀드릴게요", "확인해 보고 알려 줄게")
    r"(알아|찾아|확인해) ?보고 [^.?!]{0,12}(말씀 ?드릴|알려 ?드릴|말해 ?줄|알려 ?줄)(게|께)",
    # "right away" promised with no act named ("금방 해 드릴게요", "바로 할게요"), not "바로
    # 안내해 드릴게요", which names the route
    r"(바로|금방|곧|얼른) ?(해 ?(드릴게|드리겠|줄게)|할게|하겠습니다)",
)
# The question said back and its answer promised ("1100고지 기온 몇 도인지 알려 드릴게요!"): the
# driver's own figures in it set nothing.
PROMISED_ANSWER = (r"(인지|는지|은지|을지) ?(알려|말씀) ?(드릴게|드리겠|줄게)",)
INTERJECTION = (r"^\W*(oops|hmm+|okay|ok|alright|sure|got it|no problem|on it|hello|hi|"
                r"안녕하세요)\W*$",)
# beside a question, waiting for the driver's answer promises nothing ("the boot or the back
# windows? we're at a light, so i'll wait till you tell me")
WAITS_FOR_ANSWER = (r"\bwait (till|until|for) (you|your)\b",)


def is_deferral(reply: str, *sources: str) -> bool:
    """Only promises to act or asks leave to ('Let me find that for you!', 'I need to set the
    route first. Shall I?'), with nothing found, named or set."""
    said = sentences(reply)
    # a search said to be under way finds nothing, whatever numbers of the driver's it repeats
    # ("I'm looking for a table …, 8 pm" to "… for 8 pm"); "I will set a reminder … at 9 am"
    # names what it sets
    news = set(DIGITS.findall(reply)) - set(DIGITS.findall(" ".join(sources)))
    searching = all(any_match(SEARCHING + PROMISED_ANSWER, s.lower())
                    for s in said if not s.rstrip().endswith("?"))
    if not said or (NUMBER.search(reply) and (news or not searching)):
        return False
    if ADDRESS.search(reply) or new_names(reply, *sources):
        return False
    asks = len(questions(reply)) > 0
    statements = [
        s for s in said if not s.rstrip().endswith("?") and not any_match(INTERJECTION, s.lower())
        and not (asks and any_match(WAITS_FOR_ANSWER, s.lower()))
        and not any_match(ANSWER_FIRST, s.lower())
        and not any_match(FILLER_SENTENCES, s.lower())  # "네~ 알겠습니다! 금방 해 드릴게요"
    ]
    if any(any_match(NOT_WHILE_MOVING, s.lower()) for s in statements):
        return False  # "cant read msgs while ur moving, ill read it when u stop": a refusal
    return bool(statements) and all(
        any_match(DEFER + PROMISED_ANSWER, s.lower()) and not confirms_action(s)
        for s in statements
    )


# A no said for while the car moves: the act put off till it stops is a refusal, not a promise.
NOT_WHILE_MOVING = (r"\b(can'?t|cannot|won'?t|not|keep\b[^.?!]*\boff)\b[^.?!]*\b(while|when|once) "
                    r"(you'?re |you are |we'?re |we are |the car is )?(driving|moving|in motion|"
                    r"rolling)\b",)


def is_deflection(reply: str) -> bool:
    return any_match(DEFLECTION, reply.lower())


# a wish for the drive or the day, in Korean
_KO_WISH = (r"((항상|오늘도|오늘|늘) )?(안전 ?운전|"
            r"(즐거운|좋은|멋진|행복한|편안한|최고의) [가-힣]+)"
            r"(\W*(하세요|되세요|보내세요|하십시오|(하|되|보내)시(길|기를?) 바랍니다|"
            r"되실 거예요|보내실 거예요))")


# Sentences that carry nothing whatever the request: an acknowledgement ("네, 알겠습니다!") or
# the offer of more help ("다른 도움이 필요하신가요?", "Anything else I can help you with today?").
FILLER_SENTENCES = (
    # a spoken acknowledgement ("mm hmm, sure thing.", "uh-huh, okay")
    r"^\W*(mm+[ -]?hmm+|mhm+|uh[ -]huh)\W*((sure( thing)?|okay|ok|alright|right|yes|yeah)\W*)?$",
    r"^\W*(네|예|넵|알겠습니다|알겠어요|좋아요|물론이죠|그럼요)(\W+(네|예|알겠습니다|알겠어요))*\W*$",
    # going ahead "as said", with nothing named ("넵, 그렇게 진행할게요!")
    r"^\W*((네|예|넵)\W+)?(그렇게|그대로|말씀하신 ?대로) ?(진행|처리)?(할게요|하겠습니다|할게|"
    r"해 ?드릴게요|하도록 하겠습니다)\W*$",
    # a greeting alone ("안녕하세요!", "Hi there!")
    r"^\W*(안녕하세요|안녕|hi|hello|hey)( there)?\W*$",
    # done, with nothing named ("네, 확인했어요!", "처리됐습니다.", "네, 다 처리해 뒀어요!")
    r"^\W*((네|예|넵)\W+)?(확인|완료|처리)(했|됐|되었)(습니다|어요|어)\W*$",
    # ... said as the check done ("네, 확인 완료했어요!")
    r"^\W*((네|예|넵)\W+)?확인 ?(완료|끝)(했|됐|되었)?(습니다|어요|어|이에요|입니다)?\W*$",

    r"^\W*((네|예|넵|알겠습니다|알겠어요)\W+)?(다 ?|모두 ?|바로 ?|이미 ?)?(확인|처리)?해 ?"
    r"(뒀|두었|놨|놓았|드렸)"
    r"(습니다|어요|어)\W*$",
    # done, said as a noun ("네네, 확인 완료! 👌", "처리 완료!")
    r"^\W*((네|예|넵)+\W+)?(확인|처리|설정|예약)? ?완료\W*$",
    # ... or all done with nothing named ("다 됐어요 😊", "전부 끝났습니다")
    r"^\W*((네|예|넵)\W+)?(다|모두|전부) ?(됐|되었|끝났)(습니다|어요|어)\W*$",
    # praise of the driver's wish ("What a wonderful spot.", "Great choice!")
    r"^\W*([\w' -]{1,30},\s*)?((what|that'?s|such) )?(an? )?(wonderful|great|lovely|excellent|"
    r"fantastic|beautiful|nice|smart|brilliant|good) (choice|spot|place|idea|pick|destination)\W*$",
    # a sound of relish and nothing else ("mmm oscypek 🧀 love it")
    r"^\W*(mm+|ooh+|oh+|ah+|yum+)\b[^.?!]{0,30}\b(love (it|that|them|those)|yum+|delicious|"
    r"tasty)\W*$",
    r"다른 도움이 필요|더 (도와|필요하신|필요한 (거|것|게))|도와(드릴|줄) (게|일|것)",
    r"(더|또|다른) 궁금(한|하신) (점|거|것|게|사항)",
    # the offer opens its sentence: "It might snow on Sunday, anything else?" says something
    r"^\W*(is there |do you need |would you like |can i (help|do|get) |may i help |"
    r"(how )?else can i |and )?[^.?!,]{0,30}\b(anything|something) else\b[^.?!]*\?",
    r"^\W*(how )?(else )?(can|may) i help( you)?( with)?\b[^.?!]*\?",
    r"^\W*(just )?let me know if (there'?s|there is|you need|you'?d like|you want)\b[^.?!]*"
    r"\b(else|more)\b",
    r"^\W*(just )?give me a (shout|shout-out|call|buzz|holler) if you need\b[^.?!]*",
    r"(더 )?궁금한 (게|것이|점이?) (있으면|있으시면)|언제든(지)? (말씀|물어|불러)",
    r"^\W*(무엇이든|뭐든지?|필요하신 (게|것이) 있으면) (말씀|말|얘기)(만|해)? ?"
    r"(하세요|해 주세요|주세요|해)\W*$",
    # a wish for the drive, in English ("Safe travels!", "Drive safe!", "Enjoy your evening!")
    r"^\W*(((have|wishing you) an? )?(safe|happy|great|nice|good|pleasant|lovely) (travels|trip|"
    r"drive|journey|ride|day|evening|night)|(drive|travel) (safe|safely|carefully)|"
    r"enjoy (your|the) (trip|drive|ride|journey|day|evening))\W*$",
    # ... or for what the driver will do there ("Have a wonderful swim!", "Enjoy the slopes out
    # there today!")
    r"^\W*(have an? (wonderful|great|lovely|nice|good|fun|fantastic) [a-z]+|enjoy (the|your|"
    r"every( single)?|each) [a-z]+( out there)?( today| tonight)?)\W*$",
    # a wish for the drive ("항상 안전 운전하세요!", "즐거운 여행 되세요!")
    rf"^\W*{_KO_WISH}\W*$",
    # thanks for asking ("이용해 주셔서 감사합니다", "물어봐 줘서 고마워"), a wish run into it
    r"^\W*(항상 |늘 )?(이용|문의|질문|말씀|물어봐?)(해)? ?(주셔|주어|줘)서 (정말 |진심으로 )?"
    rf"(감사|고맙|고마워)[가-힣]*(\W+{_KO_WISH})?\W*$",
    # the same as advice ("항상 여유를 가지고 안전하게 운전하시기를 권장드립니다")
    r"^\W*[^.?!]{0,20}안전하게 운전하시(기를|길) (권장|바랍|당부|부탁)[^.?!]*$",
)


def remarks_only(reply: str, *sources: str) -> bool:
    """Every sentence a remark on the request or filler, with no number, name or address: a
    reply that talks about the request and answers nothing. A remark's own capital ("…
    tonight Great question!", a bold heading run into it) names nothing."""
    if sources and gushes(reply, sources[0]):
        return True
    unremarked = re.sub("|".join(REMARKS), " ", reply, flags=re.I)
    # a number the driver said ("State Highway 1") is no news
    said_numbers = {n for s in sources for n in FIGURE.findall(s)}
    if (set(FIGURE.findall(reply)) - said_numbers or ADDRESS.search(reply)
            or new_names(unremarked, *sources)):
        return False
    said = [s for s in sentences(reply) if not any_match(FILLER_SENTENCES, s.lower())
            and not any_match(INTERJECTION, s.lower())]
    return bool(said) and any(any_match(REMARKS, s.lower()) for s in said) and all(
        any_match(REMARKS, s.lower()) or not (new_content(s, *sources) - REMARK_WORDS)
        or (sources and asked_back(s, sources[0]))  # "아, 밤에 문 여는 약국이요? 좋은 질문이에요!"
        for s in said
    )


# words of a remark, beside its patterns ("Absolutely!", "so it's always good to plan ahead")
REMARK_WORDS = frozenset(
    stem(w) for w in """great good interesting question questions really always plan ahead
    tricky vary varies feature helpful useful options option available lot lots many happy help
    absolutely sure course totally fine ah oh ooh hmm well um""".split()
)


def is_contentless(reply: str, *sources: str) -> bool:
    """A confident reply that adds no content: no new word, name, number or place."""
    if is_fallback(reply):
        return False
    # (a place named in a wish is no news: "enjoy your evening on Rügen!")
    if NUMBER.search(reply) or ADDRESS.search(reply) or new_names(WISH.sub(" ", reply), *sources):
        return False
    # (an act confirmed, or a state reported in a terse operator's words ("seat back one
    # notch."), answers a command, not a question: "네, 확인 완료했어요!" to "몇 시까지 열어?",
    # "All taken care of" to "can you check if the lighthouse is open?")
    if ((confirms_action(reply) or reports_state(reply))
            and not (sources and INFO_ASKED.search(sources[0]))) or (
            sources and answers_yes_no(reply, sources[0])):
        return False
    if sources and calls_as_asked(reply, sources[0]):
        return False
    said = [s for s in sentences(reply) if not any_match(FILLER_SENTENCES, s.lower())]
    if not said:
        return True
    # "charger's all arranged": the driver's word with "is" run into it
    fresh = new_content(IS_RUN_IN.sub(r"\1", WISH.sub(" ", " ".join(said))), *sources)
    return not fresh or fresh <= GENERIC_ANSWERS


IS_RUN_IN = re.compile(r"(\w)['’]s(?= (all |now |been )?(done|sorted|arranged|set|booked|handled|"
                       r"ready|taken care|covered)\b)")


# a good time wished, nothing in it ("— have a wonderful time at the cape!")
WISH = re.compile(r"\b(have|enjoy) (a|an|the|your) ((wonderful|great|lovely|nice|fantastic|amazing|"
                  r"fun) )?(time|day|trip|evening|afternoon|morning|night|drive|visit|stay)\b"
                  r"( (at|in|on|to) (the )?\w+)?"
                  # ... or fun, the rest of the drive, a happy doing of it ("have fun", "enjoy
                  # the rest of the drive", "happy whale spotting!")
                  r"|\bhave fun\b|\benjoy the rest of (the|your) (drive|trip|day|evening|ride|"
                  r"journey)\b|\bhappy ([\w-]+ )?[\w-]+ing\b|\bsafe travels\b", re.I)


# A question that asks to be told something, not for something to be done.
INFO_ASKED = re.compile(r"\b(check|find out|tell me|see|look up|let me know) (if|whether|when|"
                        r"what|how|where)\b|^\W*(what|when|where|how|which)\b"
                        r"[^.!]*\?"
                        r"|(몇 ?시|언제|어디|얼마|몇 ?(분|km|킬로))[^.!]*(\?|야|요|나|까)\W*$"
                        # ... or whether there is one ("24시간 하는 약국 있어?")
                        r"|(있어|있나|있나요|있어요|있습니까|있을까|있을까요)\s*\?\W*$"
                        # ... or a place to be found ("find me a konoba for tonight"): "done"
                        # names none
                        r"|^\W*(please )?(find|search for|look for|look up|get) (me |us )?(a|an|"
                        r"some|somewhere|the nearest|the closest)\b",
                        re.I)


# The assistant's own abilities, listed instead of an answer ("제가 도와드릴 수 있는 일: 길 안내,
# 날씨 확인, 음악 재생", "Here's what I can help with: navigation, weather, music").
CAPABILITIES = (
    r"(제가|저는|제) ?(도와 ?드릴|해 ?드릴|안내해 ?드릴|할) 수 있는 (일|것|기능)",
    r"\b(here'?s |this is )?what i can (do|help (you )?with)\b|\bthings i can (do|help with)\b",
)


def capabilities_only(reply: str) -> bool:
    """The reply lists what the assistant can do, and says nothing else: after the sentence
    that says so, only filler and short items (three words at most, no figure)."""
    said = sentences(reply)
    at = next((i for i, s in enumerate(said) if any_match(CAPABILITIES, s.lower())), None)
    if at is None or FIGURE.search(reply) or ADDRESS.search(reply):
        return False
    rest = [s for s in (*said[:at], *said[at + 1:]) if not any_match(FILLER_SENTENCES, s.lower())
            and not any_match(INTERJECTION, s.lower())]
    return all(len(s.split()) <= 3 for s in rest)


def generic_question_only(reply: str) -> bool:
    """'Anything else?' and nothing more."""
    qs = questions(reply)
    return bool(qs) and len(sentences(reply)) == len(qs) and all(
        any_match(FILLER_SENTENCES, q.lower()) for q in qs
    )


LOOP_TOKENS = 10  # a run this long said again is no coincidence of wording
LOOP_LEAST = 50  # a reply this long at least, half of it in runs said again


def loops(tokens: list[str]) -> bool:
    """Half of a long reply or more in ten-word runs it says again: a generation caught in a
    loop ("Maltese Islands, 7.85 / Cabo Azul, 16.95 / Lionel, 20.95 / …" listed twice and
    more)."""
    if len(tokens) < LOOP_LEAST:
        return False
    runs = [tuple(tokens[i:i + LOOP_TOKENS]) for i in range(len(tokens) - LOOP_TOKENS + 1)]
    seen = Counter(runs)
    said_again = {i + k for i, run in enumerate(runs) if seen[run] > 1 for k in range(LOOP_TOKENS)}
    return 2 * len(said_again) >= len(tokens)


# A template's slots left unfilled ("%forecast%", "{{eta}}", "snow_flag=1"): a reply the
# assistant never wrote out.
TEMPLATE_SLOT = re.compile(r"%[a-z_]{3,}%|\{\{\s*[a-z_]+\s*\}\}|\$\{[a-z_]+\}|"
                           r"\b[a-z]+_[a-z_]+=\w+"
                           # ... or a program listed where an answer should be ("```python",
                           # "def get_map():")
                           r"|```|^\s*(def|class) \w+\(?[^)\n]*\)?:\s*$", re.I | re.M)


def is_garbled(reply: str) -> bool:
    """Words said twice in a row, again and again ("The the rest rest stop of of km km"), or a
    long reply caught in a loop, or one that leaves a template's slots unfilled: what a broken
    generation gives, from which no answer can be read."""
    if TEMPLATE_SLOT.search(reply):
        return True
    tokens = re.findall(r"[^\W_]+", reply.lower())
    twice = sum(1 for a, b in zip(tokens, tokens[1:], strict=False) if a == b)
    # a word run into itself ("맑음맑음") is said twice as well
    twice += sum(1 for t in tokens if len(t) >= 4 and len(t) % 2 == 0
                 and t[: len(t) // 2] == t[len(t) // 2:])
    return (len(tokens) >= 6 and twice >= 3 and twice * 5 >= len(tokens)) or loops(tokens)
