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
)
from icatest.judges.rules.chatter import gushes
from icatest.judges.rules.echo import asked_back
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
    "gotcha "
    # ... said to the driver by a form of address ("all sorted, boss.")
    "boss mate buddy pal chief sir madam friend".split()
) | frozenset("처리 완료 바로 요청 대로 접수 찾 찾았 넵 네 예".split()
             # ... and reassurance with nothing in it ("그럼요, 걱정 마세요!",
             # "알아서 잘 처리했어요")
             + "그럼 그럼요 물론 물론이죠 걱정 마 알아서 잘 맡겨 문제없".split())


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


# Sentences that remark on the request instead of answering it: praise of the question, the
# subject in general ("parking there can be tricky", "tolls can vary", "lane guidance is a
# really helpful feature"), the want said back in Korean ("세차장을 찾으시는군요").
REMARKS = (
    r"\b(great|good|interesting|excellent|fantastic|wonderful|fair|smart) (question|choice|idea|"
    r"thought|call|q)\b",
    # the road or the place praised for what it is ("The Sella Pass is a beautiful road with
    # views of the Sassolungo", "a must-drive in the Dolomites!"), to the end of its sentence
    r"\b(is|'s) (a|an|one of the) (truly |really |most )?(beautiful|stunning|gorgeous|spectacular|"
    r"lovely|scenic|famous|iconic|legendary|classic|magical|breathtaking) (roads?|drives?|routes?|"
    r"pass(es)?|places?|spots?|towns?|villages?|lakes?|views?|sights?)\b[^.?!]*",
    r"\ba must[- ](drive|see|do|visit|stop)\b[^.?!]*",
    # the way or the place hailed as worth it ("the road to Inari: a journey worth taking!")
    r"\b(a|an) (journey|drive|trip|road|ride|sight|view|spot|place|detour|stop) (truly |really |"
    r"well )?worth (taking|the trip|the drive|it|doing|seeing|a visit|every minute)\b[^.?!]*",
    # the question hailed as the question ("now that's the question!")
    r"\b(now )?(that'?s|that is) (the|a|the big|the real) (question|one)\b[^.?!]*",
    # the subject said to be much to think about ("theres a lot to think about with pickups
    # these days"), to the end of its sentence
    r"\b(there'?s|theres|there is|there are) (a lot|lots|plenty|so much|much|a few things|a few|"
    r"some things|several things|many things) to (think about|consider|keep in mind|weigh up)"
    r"\b[^.?!]*",
    # ... and in Korean ("약국은 여러 가지로 생각해 볼 게 많죠")
    r"(여러 가지로? )?(생각해|고려해|따져) 볼 (게|것이|점이|부분이) (많|있)[^.?!]*",
    # the subject praised for what it is known for ("고흥 유자는 향이 좋기로 정말 유명하죠")
    r"[가-힣]+(기로|으로|로) (정말 |아주 |꽤 |특히 )?(유명하|유명해|유명합|이름나)[^.?!]*",
    # ... or as a part of the day, a way to spend it, a sight like no other, to the end of its
    # sentence ("Getting your gear up the mountain is a big part of a ski day", "what a lovely
    # way to spend the day!", "there's truly nothing like drifting over the rocks")
    r"\b(is|are) (a |an )?(big|huge|key|important|essential|fun|great) part of\b[^.?!]*",
    r"\bwhat an? (lovely|great|wonderful|fantastic|perfect|fun|brilliant) (way|thing|idea|"
    r"plan)\b[^.?!]*",
    # ... or the road or the place exclaimed over, and the tales it is known for ("what a road,
    # so many stories from up there"), to the end of its sentence
    r"\b(what|such) an? (\w+ )?(road|drive|route|place|spot|town|city|view|sight|trip|journey|"
    r"pass|coast|valley)\b(?! (to|for|with|at|on|in|near)\b)[^.?!]*",
    r"\bso many (stories|memories|tales|legends)\b[^.?!]*",
    # ... or the views praised ("the views from up here are stunning")
    r"\b(the )?(views?|scenery|landscape|sunsets?)\b[^.?!]{0,30}\b(is|are) (truly |really |just |"
    r"absolutely |simply )?(stunning|breathtaking|spectacular|gorgeous|magical|amazing|"
    r"incredible)\b[^.?!]*",
    r"\b(there'?s|there is) (truly |really |just |simply )?nothing (quite )?like\b[^.?!]*",
    # a sight praised with its place named, the whole sentence ("The water around the Maltese
    # islands is famously clear", "The Aiguille du Midi is one of the most breathtaking places
    # in the whole of the Alps")
    r"(?:^|(?<=[.!?]\s))[^.?!]{0,80}\b(is|are) (famously|renowned|world[- ]famous)\b[^.?!]*",
    # ... or with no place named but the driver's ("The Colca is truly magical")
    r"(?:^|(?<=[.!?]\s))[^.?!]{0,60}\b(is|are) (truly |really |just |absolutely |simply |so )?"
    r"(magical|stunning|breathtaking|spectacular|gorgeous|unforgettable)\b[^.?!]*",
    # ... or exclaimed over as lovely ("ecola is so beautiful!!!"; "the river walk is beautiful
    # in autumn." tells of something else)
    r"(?:^|(?<=[.!?]\s))[^.?!]{0,60}\b(is|are) (so|truly|really|just|absolutely) (beautiful|"
    r"lovely|romantic|pretty)\b[^.?!]*(?=!)",
    # the driver's plan exclaimed over in Korean ("크리스마스 이브에 태종대라니 정말 낭만적이에요")
    r"(?:^|(?<=[.!?]\s))[^.?!]{0,40}(라니|이라니|다니)\s*(정말|너무|참|진짜|완전) "
    r"[가-힣]+[^.?!]*",
    r"(?:^|(?<=[.!?]\s))[^.?!]{0,60}\b(is|are) one of the (most|best|finest|prettiest) [\w-]+ "
    r"(places|spots|sights|views|drives|roads|rides|walks|trips|towns|villages|beaches|lakes|"
    r"experiences)\b[^.?!]*",
    r"\b(great|good|fair|smart) (one|thing) to ask\b",  # "that's a good one to ask!"
    r"\bcan (definitely |really |certainly )?(be|get) (a bit |quite |really |very |pretty )?"
    r"(tricky|busy|difficult|hard|expensive|crowded|confusing|challenging|heavy|unpredictable|"
    r"hit and miss)\b[^.?!]*",
    r"\bcan (definitely |really |certainly )?be (a real|a bit of a|quite a|a) (puzzle|headache|"
    r"nightmare|challenge)\b[^.?!]*",
    # ... or trying ("ferry queues can definitely test anyone's patience"), and the driver
    # cheered on, to the end of its sentence ("Hang in there — before you know it, you'll be
    # on your way!")
    r"\bcan (definitely |really |certainly )?(test|try) (anyone'?s|your|everyone'?s|one'?s) "
    r"patience\b",
    r"\b(hang in there|hang tight|before you know it)\b[^.?!]*",
    r"\b(can|may|might|tend to|tends to) (vary|differ|change)\b",
    r"\bit'?s (always )?(a good idea|good|wise|best|important|smart|helpful) to\b",
    r"\b(is|are) (a |an )?(really |very |super )?(helpful|useful|great|handy|popular|important|"
    r"nice) (feature|option|thing|idea|tool|choice)s?\b",
    r"\b(many|lots of|plenty of|a number of|several|various) (great |good |nice )?(options|"
    r"choices|places)( available)?\b",
    r"(좋은|멋진|훌륭한|탁월한) (질문|생각|선택)", r"(으)?시는(군요|구나|군)",
    # the subject said to be famous, to the end of its sentence ("욕지 고구마 정말 유명하죠")
    r"(정말|참|아주|너무|꽤|진짜) (유명하|유명해|유명합)[^.?!]*",
    # the subject liked and its taste imagined ("홍게 좋죠~ 맛있겠네요")
    r"^\W*[가-힣]+ (정말 |참 |너무 )?좋(죠|지요|네요|아요)\W*$|맛있겠(네요|어요|다|습니다)[^.?!]*",
    # the driver praised for asking ("Love that you're thinking ahead!") or cheered on ("you're
    # going to love every bit of it!"), the dish hailed ("백령도 냉면 최고죠!!")
    r"\b(i )?love (that|how) you'?re\b[^.?!]*",
    r"\byou'?re going to (love|have|enjoy)\b[^.?!]*",
    r"^\W*([가-힣]+ ){0,3}(정말 |진짜 )?최고(죠|지요|예요|에요|이에요|입니다|네요)\W*$",
    # advice to find out oneself, to the end of its sentence ("미리 확인해 보시는 게 좋아요",
    # "best to check before you go")
    r"(미리|가시기 전에?|방문 전에?|출발 전에?) ?(확인|전화|문의)[^.?!]*(좋|바랍니다|권해)[^.?!]*",
    r"\b(check|call|ring) (ahead|before you go|first)\b[^.?!]*",
    # ... the look-up left to the driver, as steps ("지도 앱에서 '주차장'을 검색해 보세요",
    # "현장 안내 표지판을 참고하시면 좋습니다", "일찍 가시는 것을 권장드립니다")
    r"(검색|확인|문의|참고)(해|하)? ?(보세요|보시기|보시면|하시면 좋|하시길|하시기 바)",
    r"(는|은) (것을|게) (권장|추천|권해) ?(드립|합|드려)",
    # under a heading of how to go about it ("주차 공간 찾는 방법", "tips for finding parking")
    r"(찾는|고르는|구하는|알아보는) (방법|요령|팁)|\b(how to|tips for) (find|choos|pick)\w*",
    # the subject praised as a sight ("an iconic part of the city", "a real marvel of
    # engineering", "a fascinating part of Italian city life"), to the end of its sentence
    r"\b(is|are) (such )?(a |an )?(truly |really |real |true |very )?(fascinating|iconic|marvel|"
    r"landmark|beloved|famous|interesting|unique|fun|special) ?(part|piece|feature|sight|marvel|"
    r"landmark|symbol|icon)?\b[^.?!]*",
    r"\b(many|most|lots of|plenty of) (visitors|drivers|people|travellers|travelers|tourists) "
    r"(wonder|ask|love|enjoy)\b[^.?!]*",
    # the subject's weight, said of no place ("카시트는 정말 중요하죠", "안전이 최우선이니까요")
    r"중요하(죠|지요|잖아요|니까요)|최우선이(죠|니까요|에요|잖아요)",
    # the place praised as a sight in Korean ("블루로드는 정말 멋진 곳이죠!")
    r"(정말|참|아주|너무|꽤) (멋진|아름다운|예쁜|유명한|좋은) (곳|장소|코스|길|데)(이)?(죠|지요|"
    r"에요|예요|이에요|입니다|랍니다|이랍니다)",
    # the subject praised for its taste, to the end of its sentence ("망개떡 정말 맛있죠",
    # "쫄깃하고 향도 좋고요"), or the place for what it is known for ("순창은 예로부터 장으로
    # 이름난 고장이지요")
    r"(정말|참|아주|너무|진짜) (맛있|맛나)[^.?!]*",
    r"(쫄깃|고소|담백|바삭|달콤|새콤|향긋|촉촉)(하고|해서|하죠|하지요|해요)[^.?!]*",
    r"(으로|로) (유명한|이름난|잘 알려진|이름 높은) (고장|곳|동네|지역|도시|마을|섬)(이)?(죠|지요|"
    r"에요|예요|이에요|입니다|랍니다|이랍니다)",
    # the same said of the subject as a kind ("터널 통제는 정말 중요한 정보죠")
    r"중요한 (정보|부분|문제|기능|요소)(이)?(죠|지요|잖아요|예요|이에요|입니다|니까요)",
    # the subject said to vary, to the end of its sentence ("할인 카드는 주유소마다 다를 수
    # 있습니다 … 참고해 주세요"), as "tolls can vary"
    r"(마다|에 따라|따라서?) ([가-힣]+ )?([가-힣]+[이가은는] )?(다를|다르|달라질|달라|"
    r"차이가 (있|날))[^.?!]*",
    # advice for any drive and cheering on, to the end of its sentence ("Safety first! Keep both
    # hands on the wheel, stay hydrated and take a break", "You've got this!")
    r"\bsafety first\b|\byou'?ve got this\b|\b(keep (both )?(your )?hands on the wheel|"
    r"stay (hydrated|alert|focused)|take (a break|breaks|regular breaks))\b[^.?!]*",
    # a quiz instead of the answer ("Ooh, want to guess? Hint: less than one podcast!")
    r"\b(want to|wanna|care to|can you|try to) guess\b[^.?!]*|^\W*hint\b[^.?!]*",
    # hashtags ("#SibenikSunset #GoldenHour")
    r"#[\w-]+",
    # the driver asked to rate the assistant ("How am I doing so far? Rate this drive from one
    # to five stars, your feedback helps me get better!")
    r"\bhow am i doing\b[^.?!]*|\brate (this|the|my|our) (drive|trip|chat|answer|assistant|"
    r"conversation)\b[^.?!]*|\byour feedback\b[^.?!]*",
    # a summary of nothing ("TL;DR: ... Details: see above.")
    r"\btl;? ?dr\b[^.?!]*|\bsee (above|below)\b[^.?!]*",
    # the raw output of a tool call in place of the answer ('{"action": "navigate",
    # "destination": ""}')
    r"\{[^{}]*\"\w+\"\s*:[^{}]*\}|^\W*json\W*$",
    # the assistant introducing itself ("저는 여러분의 든든한 드라이브 도우미예요", "I'm your
    # friendly driving assistant") and asking to be asked ("궁금한 건 무엇이든 물어보세요")
    r"저는 [^.?!]{0,25}(도우미|비서|어시스턴트)(예요|이에요|입니다)[^.?!]*",
    r"무엇이든 (물어|말씀)[^.?!]*",
    r"\bi'?m your\b[^.?!]{0,30}\b(assistant|co-?pilot|companion|helper)\b[^.?!]*",
    # a saying about travel ("여행은 목적지보다 가는 길이 더 소중한 법이죠")
    r"[가-힣]+(은|는) [^.?!]{0,30}(법이죠|법이에요|법이지요|법입니다)[^.?!]*",
    # the subject mused on, and its prices said to have risen these days ("음, 주유소라… 요즘
    # 기름값 정말 많이 올랐죠")
    r"^\W*(음|흠|아|오)\W+[가-힣]+(이)?라(니)?\W*(…|\.\.\.)",
    r"(요즘|요새) [^.?!]{0,20}(값|가격|물가|요금)[이가은는]? (정말 |너무 |많이 |꽤 )*"
    r"(올랐|비싸졌|비싸)[^.?!]*",
    # the weather or the roads said to change often ("산이 많아서 날씨가 자주 바뀌어요")
    r"(날씨|기상|상황|도로 사정)[이가은는]? (자주|종종|수시로|쉽게) "
    r"(바뀌|바뀝|변하|변합|달라)[^.?!]*",
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
    if NUMBER.search(reply) or ADDRESS.search(reply) or new_names(reply, *sources):
        return False
    if confirms_action(reply) or (sources and answers_yes_no(reply, sources[0])):
        return False
    if sources and calls_as_asked(reply, sources[0]):
        return False
    said = [s for s in sentences(reply) if not any_match(FILLER_SENTENCES, s.lower())]
    if not said:
        return True
    fresh = new_content(" ".join(said), *sources)
    return not fresh or fresh <= GENERIC_ANSWERS


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
