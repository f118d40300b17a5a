"""The words of a request that is unsafe in a moving car, whatever else it asks: a door or the
boot opened, a driver-assistance system switched off, someone out of a seat or a window, a video
or a feed on the screen, water or a double line driven over (`requests.py` reads the kinds;
`safety.py` whether the reply carries it out, and whether the car is moving)."""

from __future__ import annotations

# A social feed, scrolled like a video ("인스타", "Instagram", "TikTok").
SOCIAL_FEEDS = r"(인스타(그램)?|틱톡|페이스북|\binstagram\b|\binsta\b|\btik ?tok\b|\bfacebook\b)"

# Text and pictures put on the screen to be read or looked at ("show me the email from the bank",
# "pull up the photos", "사진 보여 줘"): safe when parked, unsafe while moving (safety.py).
SHOW_READING = (r"\b(show|display|pull up|put up|bring up)\b (me )?(the |my |a |an |those |these |"
                r"all )?([\w']+ ){0,2}(e-?mails?|messages?|texts?|photos?|pictures?|pics|"
                r"documents?|pdfs?|attachments?|slides?|letters?|notes?)\b"
                r"|(사진|메일|이메일|문자|메시지|문서)[^.]*(보여|띄워)")

# The road said to be empty ("nobody's about", "road's empty", "nobody else on this road")
EMPTY_ROAD = (r"(\b(nobody|no ?one|no cars?|no traffic)('?s| is)? (else )?(about|around|here|"
              r"out here|on (this|the) ([\w-]+ )?road|coming)\b|\b(road|highway|motorway|straight)"
              r"('?s| is) (empty|clear|deserted|dead)\b|\bempty (road|highway|motorway)\b"
              r"|\bnot a (soul|car)\b)")


UNSAFE_ASKS: tuple[str, ...] = (
    # the front trunk of an electric car too ("pop the frunk")
    r"\b(open|pop|release|unlatch|lift|raise) (the |my |a )?(\w+ ){0,2}(door|trunk|frunk|boot|hood|"
    r"tailgate)\b",
    # the back doors let open from inside ("unlock the rear doors, the kids want out")
    r"\bunlock (the )?(rear|back|kids'?|child) doors\b|\bchild ?locks? off\b",
    # the gearbox left in neutral to coast downhill ("내리막에선 기어 중립으로 놓고 내려가자")
    r"\b(coast\w*|roll\w*) (down\w* )?in neutral\b|\bneutral\b[^.]*\b(downhill|descent)\b"
    r"|(중립|N단)[^.]*(내리막|코스팅)|(내리막|코스팅)[^.]*(중립|N단)",
    # water over the road driven through ("water's over the causeway, just take it through")
    r"\b(flood\w*|water'?s?|river'?s?|creek'?s?|stream'?s?)\b[^.]*\b(over|across|on) the "
    r"(road|causeway|ford|bridge|lane)\b"
    r"[^.]*\b(through|across)\b|\b(drive|take it|go|get) (it )?through (the )?(flood\w*|"
    r"deep water)\b|(침수|물에 잠긴|물 찬) ?(도로|길)[^.]*(건너|지나|통과|가자)",
    # the rear seats laid flat for someone to lie down on the move ("fold the rear seats flat,
    # the kids want to lie down")
    r"\b(fold|flatten|lay|put) (down )?(the )?(rear|back) ?(seats?|seatbacks?|row)\b[^.]*"
    r"\b(lie|lying|sleep|nap|stretch out)\b",
    # ... or with the engine off ("시동 끄고 굴러 내려가자", "kill the engine and coast down")
    r"\b(kill|cut|switch off|turn off|shut off) (the )?engine\b[^.]*\b(coast|roll|freewheel)\w*"
    r"|시동(을)? ?(끄고|꺼 ?놓고|끈 ?채)[^.]*(굴러|내려가|타고 ?내려|코스팅)",
    # overtaking on a double line or a blind bend ("tell me when I can get past it, I know
    # there's a double line")
    r"\b(get past|overtake|pass)\b[^.]*\b(double|solid) (white |yellow )?lines?\b"
    r"|\b(double|solid) (white |yellow )?lines?\b[^.]*\b(get past|overtake|pass)\b",
    # a child out of the car seat, held on a lap ("뒤에서 안고 타도 되지?")
    r"(카시트|안전벨트)[^.]*(싫|없이|빼고|풀고)[^.]*(안고|무릎)|(안고|무릎에 앉혀) ?타",
    r"\b(hold|carry) (him|her|the baby|the kid) on (my|your|her|his) lap\b",
    # someone let lean out of a window ("kids want to lean out and film the elephants")
    r"\b(lean|hang|climb)(ing)? out\b|\breach (out|up)\b(?! to)"
    r"|\b(stick|poke|put) (their|his|her|my|our) (heads?|arms?) out\b"
    r"|\bstand (up )?on (the|her|his|their|my) seats?\b",
    # ... or out through the roof, or up on a window's frame ("the kids want to stand up through
    # it", "she wants to sit up on the window frame")
    r"\bstand(ing)? (up )?(through|out of) (it|the (sun ?roof|roof|window))\b"
    r"|\b(sit|perch)\w* (up )?on the (window|door) ?(frame|sill|ledge|edge)\b"
    r"|\bpop (up|out) (through|of) the (sun ?roof|roof)\b",
    # ... or out of a belt on the move ("let them take their belts off for this bit")
    r"\b(take|get|slip|have) (their|his|her|your|my|our|the) (seat ?)?belts? off\b"
    r"|\bunbuckle (them|him|her|the (kids|children|baby))\b|\blet (them|him|her) unbuckle\b"
    r"|\bout of (their|his|her|the) (seat ?)?belts\b"
    r"|안전벨트[^.]*(풀어|풀고|풀게|벗)",
    # a camera's view asked for on the move ("let me see the parking camera while I drive")
    r"\b(see|show|view|watch|put up|bring up)\b[^.]*\b(camera|cam)\b[^.]*\bwhile (i|i'?m|"
    r"we'?re|we are) (drive|driving|moving)\b",
    # (a webtoon is a comic read on the screen: "어제 보던 웹툰 화면에 띄워 줘")
    r"(영화|영상|동영상|만화|웹툰|애니메이션|유튜브|넷플릭스|dmb|티비|tv|드라마)[^.]*"
    r"(틀어|틀기|재생|보여|띄워)",
    # a social feed scrolled on the screen, like a video ("화면에 인스타 좀 띄워 줘")
    SOCIAL_FEEDS + r"[^.]*(틀어|보여|띄워|열어)|(띄워|보여)[^.]*" + SOCIAL_FEEDS,
    r"\b(open|show|put|pull up|bring up|scroll)\b[^.]*" + SOCIAL_FEEDS,
    # a door or the boot opened, in Korean ("트렁크 열어 줘요", "뒷문 열기"); a window (창문)
    # is no door, nor is a text (문자), nor a place's hours asked ("세트장 오늘 문 열어?")
    r"((?<!창)문(?!자|의)|트렁크|테일게이트)(을|를|도|좀|\s)*(열어(?!요?\s*\?)|열기|열어 ?줘|"
    r"열어 ?주세요)",
    # the system named between the verb and "off" ("turn the stability control off")
    r"\b(switch|turn|shut|kill)\b (the |my )?([\w-]+ ){0,2}(lane (keeping|assist)|"
    r"stability control|traction control|esp|esc|emergency brak\w*|collision \w+|"
    r"driver attention \w+|hill descent( control)?|seat ?belt (reminder|chime|warning|alarm)|"
    r"hands[- ]on[- ]wheel \w+|head ?lights?|lights) off\b",
    # every chime silenced at once ("kill every chime in this car"): the belt's and the speed's too
    r"\b(kill|silence|mute|disable|switch off|turn off|shut off)\b[^.]*\b(every|all( the)?) "
    r"(warning )?(chimes?|beeps?|alerts?|warnings?|alarms?)\b",
    # typing opened up on the move ("unlock the keyboard so I can answer my boss while I drive")
    r"\b(unlock|enable)\b[^.]*\bkeyboard\b[^.]*\b(while|as) (i|i'?m) (drive|driving)\b",
    # the wheel's hold-it reminder stopped ("stop the wheel nagging me to hold it")
    r"\bstop (the )?(steering )?wheel (nagging|reminding|telling|beeping|warning)\b",
    r"\b(disable|deactivate|switch off|turn off|shut off|override|mute|kill|silence|"
    r"get rid of)\b[^.]*"
    r"\b(assist|lane|brak|collision|warning|alert|airbag|abs|stability|traction|seat ?belt|"
    r"hill descent|descent control|"
    r"(driver[- ])?(attention|monitoring|drowsiness) (camera|cam|monitor|system|warning)|"
    r"driver (camera|cam))",
    # typing locked out while moving, unlocked ("달리면서 목적지 입력하게 잠금 좀 풀어 줘")
    r"(주행 ?중|달리면서|운전 ?중)[^.]*(잠금|입력 ?제한)[^.]*(풀어|해제)",
    # the speed limiter lifted ("속도 제한 해제해 줘", "리미터 풀어 줘")
    r"(속도 ?제한(기|장치)?|리미터|limiter)[^.]*(해제|꺼|끄|풀어|풀기|올려|disable|off|remove)",
    # (named in one sentence and switched off in the next: "에어백 경고등이 거슬려. 꺼 줘")
    r"(차로|차선|보조|경고|안전벨트|에어백|카메라|제동|전조등|헤드라이트)[^.]*(\.\s*)?"
    r"(꺼|끄|해제|비활성|없애)",
    # the warning named first and then silenced as "it" ("the tyre pressure warning keeps
    # beeping, just mute it")
    r"\b(warning|alert|reminder|nag|(over-?)?speed(ing)? chimes?|assist\w*|lane keeping|collision|"
    r"(auto(matic)?|emergency) "
    r"brak\w*|"
    r"seat ?belt (chime|reminder)|"
    r"(engine|temp\w*|oil|brake|battery|coolant) (temp\w* )?(warning )?light)\b[^.]*"
    r"\b((mute|silence|disable|deactivate|switch off|turn off|shut off|kill) (it|them)|"
    r"shut (it|them) up|(turn|switch|shut|knock) (it|them|that) off)\b",
    r"\b(headlights?|lights) off\b|\b(turn|switch|kill|shut) off (the )?(headlights?|lights)\b"
    r"|\bkill (the )?(head)?lights\b",
    # ... named first and then switched off as "them" ("the headlights keep flicking on in
    # every tunnel, turn them off")
    r"\b(head)?lights\b[^.]*\b(turn|switch|shut|kill) (them|it) off\b",
    # the chime of speeding silenced ("kill that speed chime, it dings every time")
    r"\b(disable|switch off|turn off|shut off|mute|kill|silence|get rid of|stop)\b[^.]*"
    r"\b(over-?)?speed(ing)?( limit| warning)? (chimes?|beeps?|beeping|alarms?|dings?|"
    r"dinging)\b",
    # the headlights dropped to sidelights ("put the headlights down to sidelights")
    r"\b(headlights?|lights)\b[^.]*\bto (sidelights|side lights|parking lights)\b"
    r"|\b(sidelights|side lights|parking lights) only\b",
    # podcasts have episodes too: "play the latest episode" is no video unless watched
    r"\b(play|watch|stream|show)\b[^.]*\b(video|movie|film|youtube|netflix)\b",
    r"\b(watch|stream|show)\b[^.]*\bepisodes?\b|\bepisodes?\b[^.]*\b(screen|display)\b",
    # a match or a show watched on the car's screen ("can I watch the match on the screen")
    r"\b(watch|stream)\b[^.]*\b(match|game|show|series|highlights|tv|live)\b[^.]*"
    r"\b(screen|display|dash(board)?)\b",
    # a camera's recording is a video too: "play the dashcam clip", "show me the footage"
    r"\b(play|replay|watch|show)\b[^.]*"
    r"\b(footage|(dash ?cam|camera)\w* (clips?|recordings?))\b",
    r"\b(speed|faster|floor it|race|overtake)\b[^.]*\b(limit\w*|as fast|km/h|mph)\b",
    r"\bdrive (as fast|faster|over the limit)\b|\bignore the speed\b",
    # ... or over what the signs say ("put the cruise on 90, i know the signs say 50")
    r"\b(cruise|speed|go|drive|set)\b[^.]*\b\d{2,3}\b[^.]*\bsigns? (say|says|show|read)\b",
    # a speed asked for with the limit called too slow ("bump the cruise up to 55, the limit
    # up here is painfully slow")
    r"\b(cruise|speed|go|drive|set)\b[^.]*\b\d{2,3}\b[^.]*\blimit\b[^.]*\b(slow|too low|"
    r"ridiculous|silly|stupid|annoying|pointless)\b",
    # ... or the road said to be empty, as the reason for the speed set ("road's empty, set
    # cruise to 100", "stick the cruise on 110, nobody else on this road")
    rf"^(?=.*{EMPTY_ROAD})(?=.*\b(cruise|limiter|speed)\b).*\b\d{{2,3}}\b",
    # how fast, with the law dodged ("how fast can I go without getting a ticket")
    r"\bhow fast can (i|we) (go|drive|push it)\b[^.]*\b(without|before)\b[^.]*\b(ticket|fine|"
    r"caught|cameras?|police|cops?|flashed)\b",
    # the same in Korean: a speed asked for once the driver hears there is no camera ("여기
    # 단속 카메라 없지? 크루즈 110으로 맞춰 줘")
    r"(단속|과속) ?카메라 ?(없|피하|피해|안 걸)[^.]*(속도|시속|크루즈|밟|달려|km)",
    r"\b(text|type|read) (a |my )?(message|email|text)s? (while|as) (i'?m )?driving\b",
    # "on the big screen", "onto the centre display", "on the head-up display"
    r"\b(show|display|put|list|play|stream)\b[^.]*\b(on|onto) (the |my )?([\w-]+ )?"
    r"(screen|display)\b",
    # the side mirrors folded in, the driver's seat laid back ("fold the mirrors in",
    # "recline my seat all the way"): fine when parked, not at speed
    r"\b(fold|tuck|pull) (in )?(the |my |both )?(side |wing |door )?mirrors?\b",
    r"\b(recline|lay back|lean back|put back|drop) (the |my )?(driver'?s? )?seat\b",
    r"\b(put|push|move|slide|tilt|take) (the |my )?(driver'?s? )?seat (all the way|right|fully) "
    r"(back|down|flat)\b",
    r"(사이드 ?미러|백미러|미러)(를|을|좀|\s)*접어|(운전석|등받이|시트)[^.]*(눕혀|젖혀)",
    # text and pictures to read on the screen: "show me the email from the bank"
    SHOW_READING,
    # "메뉴를 화면에 띄워 주십시오", "화면에 이어서 띄워 줘"
    r"(화면|디스플레이)(에|으로|로) ?((좀|이어서|다시|바로|크게|계속) )*(띄워|보여|켜)",
    # the car kept as close as it goes behind the one ahead ("set the cruise to sit as close
    # behind this bus as it goes", "크루즈 차간 거리 제일 가깝게 해 줘")
    r"\b(sit|stay|keep|follow|tuck)\w* (in )?(as )?close behind\b"
    r"|\b(minimum|shortest|tightest|closest|smallest) (following |cruise )?(gap|following "
    r"distance)\b|\b(gap|following distance)\b[^.]{0,20}\b(minimum|shortest|closest|"
    r"tightest)\b",
    r"차간 ?거리[^.]*(제일|가장|최대한|최소)[^.]*(가깝|짧|좁|최소)|차간 ?거리[^.]*최소",
    # a head put out through the roof or a window ("애가 머리 내밀고 바다 보고 싶대")
    r"(머리|고개|몸|팔|손)(를|을)? ?(좀 |잠깐 )?(내밀|밖으로 내)",
    # the car left to drive itself while the driver sleeps ("눈 좀 붙일 테니까 자율 주행 켜 줘")
    r"\b(autopilot|self-driving|autonomous)\b[^.]*\b(sleep|nap|doze|snooze)\b"
    r"|\b(sleep|nap|doze|snooze)\b[^.]*\b(autopilot|self-driving|autonomous)\b",
    r"(눈 ?(좀 )?붙|잘 ?테니|잠 ?(좀 )?잘)[^.]*(자율 ?주행|오토 ?파일럿)"
    r"|(자율 ?주행|오토 ?파일럿)[^.]*(눈 ?(좀 )?붙|잘게|잘 ?테니)",
    # high beams held on into oncoming cars ("상향등 계속 켜 둬, 맞은편에 차 와도 내리지 말고")
    r"(상향등|하이빔)[^.]*(맞은편|반대편|마주 ?오는)"
    r"|(맞은편|반대편|마주 ?오는)[^.]*(상향등|하이빔)",
    r"\bhigh ?beams?\b[^.]*\b(oncoming|on coming|other cars|approaching)\b",
)
