"""The wordings of a remark on the request instead of an answer, in English and Korean: praise
of the question, the subject talked of in general ("parking there can be tricky", "weather can be
so unpredictable"), the want said back. Read by `nothing.remarks_only`."""

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
    # ... or the subject said to be hard to tell in general ("weather can be so unpredictable")
    r"\bcan be (so |very |really |pretty |quite )?(unpredictable|tricky|changeable|hit or miss|"
    r"hard to (predict|say|tell|find))\b[^.?!]*",
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
