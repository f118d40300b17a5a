"""The wordings of a generic fallback, in English and Korean: "Sorry, I cannot answer that",
"could you rephrase", "no idea on that one", "그건 알려 드리기 어려워요", a passing failure of the
assistant itself, information said to be unknown. Read by `acts.is_fallback`; a limitation
stated openly beside them is `limitation.py`."""

FALLBACK = (
    r"\b(sorry|apologi[sz]e)\b[^.?!]*\b(can'?t|cannot|couldn'?t|unable|not able|don'?t know how)"
    r"\b[^.?!]*\b(help|do that|understand|handle|process|support)",
    r"\bi (didn'?t|did not|don'?t|do not|couldn'?t|could not) (quite )?"
    r"(understand|get|catch|follow)\b",
    # the same said tersely, without the subject ("Sorry, didn't catch that. Say it again?")
    r"^\W*((sorry|oops|hmm)\W+)?(didn'?t|did not|couldn'?t|could not) (quite )?(understand|get|"
    r"catch|follow) (that|you|it|what you said)\b",
    r"^\W*((sorry|oops|hmm)\W+)?(say|repeat) (it|that) again\b",
    # what the assistant does not know, said with nothing given ("no idea, sorry")
    r"^\W*((sorry|hmm)\W+)?(i have |i'?ve got )?no idea( (on|about) (that|this)( one)?)?\W*(sorry)?"
    r"\W*$",
    r"\bi'?m not sure (what|how|i) (you mean|to help|understand|follow)",
    # the same typed with no subject ("hmm, not sure what u mean. try again?")
    r"^\W*((sorry|hmm|oops|um)\W+)*not (quite |really )?sure what you (mean|meant)\b",
    # a failure of the assistant itself, named as nothing in particular ("sorry, something went
    # wrong.")
    r"\bsomething went wrong\b",
    # what is asked put out of reach with nothing given ("cant tell you that one, sorry")
    r"^\W*((sorry|hmm|nope)\W+)?(i )?(can'?t|cannot) tell you (that|this)( one)?\W*(sorry\W*)?$",
    # the same in the past ("I'm not sure I understood that"): it says so of the utterance
    r"\bi'?m not (quite |really |entirely )?sure i (understood|followed|caught) (that|you|"
    r"what you)\b",
    # also typed short ("sry cant help w that")
    r"\b(can'?t|cannot|unable to|not able to) (help|assist) (with|w/?) (that|this|it|(this|that|"
    r"your|the) (one|request|question))\b",
    # ... or doubted ("I don't think I'm able to help with that one!")
    r"\bi (don'?t|do not) think i('?m| am) able to (help|assist)\b",
    # ... or with nothing after it but where ("hmm, no idea, cant help there.")
    r"\b(can'?t|cannot|unable to|not able to) (help|assist)( you)?( out)?( there| here| on (that|"
    r"this)( one)?)?(\W+sorry)?\W*$",
    # ... or no way to ("I don't have a way to help you with this one"), or out of reach
    # ("That one's outside my reach, sorry.")
    r"\b(don'?t|do not) have (a|any) way to (help|assist|answer|check|find out|look)\b",
    r"\b(outside|beyond) my (reach|remit|scope|abilities|knowledge)\b",
    r"\bi (can'?t|cannot|am unable to|'?m unable to|am not able to) (help|assist) you (with|find|"
    r"to|get|locate)\b",
    r"\b(i'?m|i am) sorry\b[^.?!]*\b(can'?t|cannot|couldn'?t|unable|not able)\b",
    r"\b(can'?t|cannot|unable to|not able to) (answer|respond to) (that|this)\b",
    r"\bplease (try again|rephrase|say that again|repeat)\b",
    r"\b(could|can) you (please )?(rephrase|repeat|say (that|it) again)\b",
    r"\b(could|can) you (please )?try (rephrasing|rewording|saying it differently|saying "
    r"(it|that) (another|a different) way|putting (it|that) (another|a different) way)\b",
    # the utterance asked for again in other words ("Could you put it differently?", "say it
    # another way?"), or said to have gone past the assistant ("that went over my head")
    r"\b(could|can|would) you (please )?(put|say|word|phrase) (it|that) (differently|another way|"
    r"in other words|some other way)\b",
    r"\b(went|goes|flew) (right )?over my head\b",
    # an apology for a confusion nobody had, and a question back about nothing in particular
    # ("I'm sorry for the confusion, but I'd be happy to help. Can you tell me what's wrong?")
    r"\b(sorry|apologi[sz]e) for (the|any) confusion\b[^?]*\b(can|could|would) you (please )?"
    r"(tell me|clarify|explain|refer|let me know) (what|which|how|more|to)\b",
    r"\bplease refer to the \w+ again\b",
    # a reply that opens with an apology, then offers help with anything but this ("I'm sorry
    # for your loss. I'll be happy to assist you with any other questions or requests.")
    r"^\W*(i'?m |i am |we'?re )?(so |very |really )?(sorry|apologi[sz]e)\b[^?]*\b(help|assist) "
    r"(you )?with any other (questions?|requests?|topics?)\b",
    r"\bthat'?s (not something|beyond what) i can\b",
    # ... or not something it is able to do, or stuck on ("sorry, not something im able to do",
    # "sorry, I'm stuck on that one for now!")
    r"\b(not|isn'?t|is not) something i('?m| am) able to (do|help with|answer)\b"
    r"|\b(i'?m|im) stuck on (that|this)\b"
    # ... or of no use there ("afraid I'm no use on that one", "I'm no good with that")
    r"|\b(i'?m|im|i am) (no|not much|of no) (use|good|help) (on|with|for) (that|this)\b",
    # the request said to be someone else's business, nothing given ("that ones not for me,
    # sorry.", "not one for me, i'm afraid")
    r"^\W*((sorry|hmm|nope)\W+)?(that|this)( one'?s|ones| one is|'?s) not (for me|my (thing|area|"
    r"department))\W*((sorry|i'?m afraid)\W*)?$"
    r"|^\W*((sorry|hmm)\W+)?not (one|something) for me\W*((sorry|i'?m afraid)\W*)?$",
    # the same typed with no subject ("not something i can do atm.")
    r"^\W*((sorry|nope)\W+)?(not something|beyond what) i (can|could) (do|help with|handle|"
    r"manage|answer|tell you)\b",
    # a request said to have failed, with nothing said of it ("request could not be completed.")
    r"^\W*((sorry|error)\W+)?(your |the |this |that )?request (could not|couldn'?t|cannot|"
    r"can'?t) be (completed|processed|fulfilled|handled)\W*$",
    # a look-up said to be out of reach here ("cant get ferry queues here, sorry")
    r"(^|[.!?]\s)\W*((sorry|nope)\W+)?(can'?t|cannot) (get|check|pull up) ([a-z]+ ){1,3}"
    r"(here|atm|rn|right now)\b",
    # not knowing, typed ("dunno, no road reports out here."), with nothing else said
    r"^\W*(i )?dunno\W*($|sorry\W*$|no [a-z]+ (reports|info|information|data|updates)\b)",
    # the same spoken with its subject ("that one is not something i can help with"), or with
    # what is asked said to be nothing the assistant has ("boat times aren't something i have")
    r"\b(that|this|it)( one)? is (not something|beyond what) i can\b",
    r"\b(isn'?t|aren'?t) (something|anything) i have\b",
    # no answer said to be had, and another question asked for ("I don't have an answer for
    # that. Could you try asking something else?")
    r"\bi (don'?t|do not) have an answer (for|to) (that|this)\b",
    r"\b(try|trying) asking (something|anything) else\b",
    # nothing had, or the request not taken ("no answer for that one here.", "thats not a
    # request i support.", "Afraid I'm not set up for that one.")
    r"^\W*no answer (for|to) (that|this)( one)?\b",
    r"\bnot a (request|question|thing) i (support|handle|cover|can help with)\b",
    r"\b(i'?m|i am) not (set up|built|equipped) (for|to (do|handle|answer)) (that|this)\b",
    r"(알아봐|찾아봐|확인해) ?(드릴|줄) 수(가|는)? 없",
    # the utterance not understood ("sorry, couldn't make sense of that.", "무슨 말씀이신지 잘
    # 모르겠어요"), or nothing had on it ("sorry, i don't have anything on that.", "out of my
    # range")
    r"\b(couldn'?t|can'?t|could not|cannot) make (any )?sense of (that|this|it)\b",
    r"무슨 (말씀|말)(이신지|인지) (잘 )?모르겠",
    r"\bi (don'?t|do not) have anything (on|about|for) (that|this|it)\b",
    r"\bout of my (range|depth|league|area)\b",
    # ... or no way to, had ("I've no way to help with that one"), or lost ("hm, lost me there")
    r"\b(i'?ve|i have) no way to (help|assist|answer|check|tell|find)\b",
    r"^\W*((hm+|sorry|oops)\W+)?(you )?lost me( there)?\b",
    r"\bnot one i can (answer|help with|do)\b|\bnothing i can do (with|about) (that|this|it)\b",
    # ... or a whole field refused with nothing else ("i'm not able to help with beaches.", "I'm
    # not sure that's something I can help with")
    r"^\W*((sorry|hmm)\W+)?(i'?m|i am) (not able|unable) to (help|assist)( you)? with "
    r"[\w -]{1,25}\W*$",
    r"\bnot sure (that'?s|this is|it'?s) something i can (help|assist|do)\b",
    r"\b(that'?s|that is|this is|it'?s|it is) not (something|anything) i have\b",
    # the same with the request put outside the assistant's reach ("that one is outside what I
    # can do for you at the moment")
    r"\b(outside|beyond) (of )?what i (can|am able to|'?m able to) (do|help with|handle)\b",
    # or outside what the assistant does at all ("no idea, thats outside what i do")
    r"\b(outside|beyond) (of )?what i (do|cover|handle)\b",
    # or outside what the assistant knows ("that one is outside what I know so far")
    r"\b(outside|beyond) (of )?what i (know|have learned|have learnt)\b",
    # or beyond the assistant itself ("That's a little beyond me at the moment, I'm afraid")
    r"\b(that'?s|that is|this is|it'?s|it is|that one'?s|that one is) (a (little|bit) |rather |"
    r"just )?(beyond|outside) me\b",
    # ... or a whole field of it ("harvest stuff is beyond me, sorry")
    r"\b(stuff|things) (is|are) (a (little|bit) |rather |just )?(beyond|outside) me\b",
    # ... or no way to know it ("sorry, no way for me to tell you that"), or beyond what it can
    # do ("opening days are beyond what I can manage")
    r"\bno way (for me )?to (tell|know|check|say|find out)\b",
    r"\bbeyond what i can (manage|do|tell|check|help with|look into|find out|answer|see)\b",
    # ... or the request called one it cannot do ("Hmm, that's one I can't manage, sorry")
    r"\b(that'?s|that is) one (i|we) (can'?t|cannot|couldn'?t) (manage|do|help with|answer)\b",
    # the request not heard, and asked again ("hm? missed that, say again?")
    r"^\W*((hm+|huh|eh|sorry|oops)\W+)?(i )?missed (that|you)\b[^.?!]*[.?!,]?\s*(say|repeat|"
    r"come again)",
    r"\bi (can'?t|cannot) do that (yet|right now)?\b",
    r"\bnot supported\b",
    r"\bi don'?t have (that|this) (information|feature|capability)\b",
    r"\b(is|are) (currently |still |not )?(unknown|unavailable|not available)\b",
    # the same typed short, with no verb ("traffic info not available rn", "data unavailable")
    r"\b(info|information|data|details)( \w+)? (currently |still )?(unavailable|not available|"
    r"not avail)\b",  # "camera info not avail atm"
    # what it cannot do, typed with no subject ("cant do schedules, sorry", "can't set that",
    # "cant book fittings sorry")
    r"(^|[.!?]\s)\W*((sorry|nope)\W+)?(can'?t|cannot) (do|set|handle|manage|book|schedule|"
    r"reserve|order) ([a-z]+ )?(that|this|it|those|these|[a-z]+s)\b",
    # ... or a whole field of it, and nothing else ("sorry, cant do the aurora stuff for you.")
    r"^\W*((sorry|nope)\W+)?(i )?(can'?t|cannot) do (the |that |this |any )?([a-z]+ ){0,2}"
    r"(stuff|things)( for you)?\W*(sorry)?\W*$",
    # a passing failure of the assistant itself ("couldn't fetch that right now, try again?",
    # "cant pull air quality data, sorry")
    r"\b(couldn'?t|could not|can'?t|cannot|unable to|failed to|(wasn'?t|was not) able to) "
    r"(fetch|access|reach|load|retrieve|connect|pull|look up)\b",
    r"\b(couldn'?t|could not|can'?t|cannot)\b[^.?!]*\b(just now|right now|at the moment)\b",
    r"\b(let me|i'?ll|want me to|wanna|shall i|should i) try (that |it )?again\b",
    r"\bi can only\b[^.?!]*\b(right now|at the moment|for now|at a time)\b",
    r"\bas an ai( language model| assistant)?\b",
    r"\bas an? [\w-]+ ai( language model| assistant)?\b",
    r"\bi (don'?t|do not) have the (ability|capability|means) to\b",
    # a reply that opens with what it lacks, under a heading or not ("## Walhalla\n\nUnfortunately
    # I don't have any details about that"); "It will be windy; I have no data on clouds" answers
    r"^([^\n.?!]{0,40}\n)?\W*((unfortunately|sorry|i'?m afraid)\W+)?i (don'?t|do not) have "
    r"(access to |any )?(real[- ]time|information|data|details)\b",
    # what the assistant cannot give, said with nothing given ("I can't provide pricing
    # information", "sorry, I don't have access to business listings", "no info on that")
    r"\b(can'?t|cannot|unable to|not able to) (provide|give|share|offer) (you )?(that |this |any |"
    r"such |the )?(\w+ )?(information|info|details|data|prices|pricing)\b",
    r"\b(sorry|afraid|unfortunately)\b[^.?!]*\bi (don'?t|do not) have (any )?(access|information|"
    r"data|info)\b",
    r"^\W*no (info|information|data|details)( on| about| for)? (that|this|it)\b",
    r"(정보|요금|가격)(는|은|를|을|가|이)? ?(알 수 없|모르겠|확인이 안 )",
    r"이해하지 못했",
    # what is asked said not to be found, the information named as nothing in particular
    # ("입장료 관련 정보는 확인되지 않습니다")
    r"(관련 )?정보(는|가)? ?확인되지 않",
    # what the assistant says it does not know yet ("그건 제가 아직 잘 모르는 부분이에요")
    r"(제가|저는|저도) (아직 )?(잘 )?모르는 (부분|내용|거|것)",
    r"도와(드릴|줄) 수(가|는)? 없",
    # the same said softly, and the passing failure ("검색을 도와드리기 어려울 수 있습니다.
    # 나중에 다시 시도해 주세요.")
    r"도와 ?(드리기|드릴 수가|주기|줄 수가) (어렵|어려|힘들)",
    # ... and telling it ("그건 알려 드리기 어려워요")
    r"(알려|말씀|안내해) ?(드리기|드릴 수가|주기|줄 수가) (어렵|어려|힘들)",
    # ... or answering it ("그건 제가 답하기 어려워요")
    r"(답하기|답변하기|답변 드리기|대답하기|답해 드리기) (어렵|어려|힘들)",
    r"(나중에|잠시 후에?) 다시 시도해",
    # (the driver asked to say it again, not the assistant's own promise: "알아보고 다시
    # 말씀드릴게요" promises to act)
    r"다시 (한 ?번 )?말씀(?! ?드릴| ?드리겠| ?드려)",
    # also with the favour said ("요청하신 내용은 처리해 드릴 수 없습니다") and "수가"
    r"(처리|답변|확인|찾을|가져올|불러올)(할|하실|드릴|해 ?드릴|해 ?줄)? 수가? 없",
    # what the assistant cannot give ("통행료 정보는 제공해 드릴 수 없어요",
    # "알려 드릴 수 없습니다", "그건 제가 안내해 드릴 수가 없네요")
    r"(제공|알려|말씀|안내)(해)? ?(드릴|드리기|줄|할) 수가? 없",
    r"지원하지 않",
    r"모르겠습니다",
    # 반말 and 해요체 of the same ("잘 모르겠어. 다시 말해 줄래?")
    # with the subject said ("그건 잘 모르겠어."), still nothing else
    r"^\W*(음\W*|죄송해요\W*|미안\W*)?((그건|그거는|저도|나도|그건 제가|그건 나도) )?(잘 )?"
    r"모르겠(어|네)(요)?\W*$",
    # the plain present of the same ("음, 그건 제가 잘 몰라요."), still nothing else
    r"^\W*(음\W*|죄송해요\W*|미안\W*)?((그건|그거는|저도|저는|제가|그건 제가) )?(잘 )?"
    r"몰라(요)?\W*$",
    # not knowing said with an apology or a call to ask something else, nothing else given
    # ("음... 그건 제가 잘 몰라서요, 죄송해요.", "음, 잘 모르겠어요. 다른 걸 물어봐 주실래요?")
    r"^\W*(음\W*)?((그건|그거는|저도|저는|제가|그건 제가) )?(잘 )?(몰라서|모르겠어|모르겠네)"
    r"(요)?\W*"
    r"((죄송|미안)[가-힣]*|다른 (걸|것|거|질문)(을|를)? ?(물어|여쭤|해)[가-힣 ]*)\W*$",
    r"다시 (한 ?번 )?(말해|얘기해) ?(줄래|줘|주세요|주실래요|주시겠어요)",
    # help denied in the negative of ability ("그건 제가 못 도와드려요", "못 도와줘"), and a
    # look-up said to be hard ("요청하신 정보는 확인해 드리기 어렵습니다")
    r"못 ?도와 ?(드려|드립|드리|줘|줄|주)",
    r"(확인|제공|검색|조회|답변|처리)(을|를)? ?(해)? ?(드리기|해 드리기|하기)(가|는)? "
    r"(어렵|어려|힘들)",
    # an answer or a look-up said not to be possible ("그건 내가 답을 못 해", "그런 건 제가
    # 확인이 안 돼요", "요청하신 정보는 현재 확인이 불가능합니다")
    # (said as its sentence's end: "확인이 안 되지만 공영주차장이 300m 있어요" answers)
    r"답(을|은)? ?못 ?(해|드려|드립니다|줘)(요)?\W*($|[.!?])",
    r"확인(이|은) ?(안 ?돼|안 ?됩니다|불가능해|불가능합니다|불가능)(요)?\W*($|[.!?])",
    # the utterance said not to be understood and asked for again ("질문을 정확히 파악하지
    # 못했어요", "한 번만 더 말씀해 주시겠어요?")
    r"(질문|말씀|요청|말)(을|를)? ?(정확히 |잘 )?파악하지 못했",
    r"한 ?번만 더 (말씀|말해)",
    # the answer itself said not to be given ("그 질문에는 제가 답을 드릴 수가 없어요"), what it
    # asks put outside the assistant's reach ("제가 알려 드릴 수 있는 범위를 벗어납니다") or a
    # function said not to be supported ("현재 해당 기능은 지원되지 않습니다")
    r"답(을|은|는)? ?(드릴|해 ?드릴|할|줄) 수(가|는)? 없",
    r"(수 있는|가능한) 범위(를|에서)? ?(벗어나|벗어납|벗어난|밖)",
    r"기능(은|이)? ?(현재 |지금 )?(지원되지 않|지원이 안 ?돼|지원 안 ?돼)",
    # a bare "no information", typed, with nothing else ("정보 없음.", "주차 정보 없어요.")
    r"^\W*([가-힣]+ )?(정보|자료) ?(없음|없어|없어요|없습니다)\W*$",
)
