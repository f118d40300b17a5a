"""Families of paraphrase patterns for the constraints a driver states in words ("avoid
highways", "somewhere cheap", "step-free"): how a driver asks for it, what in a reply honours
it, what goes against it. `constraints.py` checks a reply against them; the simulator voices
its targets' constraints with them."""

from __future__ import annotations

from icatest.judges.rules.care_families import CARE_FAMILIES
from icatest.judges.rules.family import Family
from icatest.judges.rules.site_families import SITE_FAMILIES

_AVOID = r"(avoid\w*|steer\w* clear of|stay\w* off|keep\w* off|skip\w*|bypass\w*|without|no|" \
    r"not (use|using|take|taking)|away from|around)"
FAMILIES: dict[str, Family] = {
    "avoid_highways": Family(
        (r"\b(avoid\w*|no|without|off|not on|stay off|skip)\b[^.]*\b(highway|motorway|autobahn|"
         r"freeway|expressway|interstate)s?",
         r"고속도로\S* ?(말고|피해|피하|빼고|없이|안 타|타지 말|타지 ?마|회피|싫|타기 싫)",
         # the same as what the driver will not do, or as a note ("고속도로는 안 탈 거야",
         # "고속도로 제외")
         r"고속도로\S* ?(안 탈|안 갈|제외)",
         r"국도로만"),
        (rf"\b{_AVOID}\b[^.]*\b(highway|motorway|autobahn|freeway|expressway|interstate|a\d+)",
         r"\b(country|back|local|side|rural|secondary|surface|scenic) (roads?|route|streets?)\b",
         r"\b(highway|motorway|autobahn|expressway)[- ]free\b",
         r"고속도로\S* (회피|피해|피하|없)", r"국도|일반 ?도로|지방도"),
        # a Korean route that takes the highway all the same ("경부고속도로로 계속 가는 경로",
        # a route summary's "동해고속도로 이용, 약 25분")
        (r"고속도로(로|를) (계속|타고 |탑니다|타요|이용해|이용합니다|따라)",
         # the particle dropped in a terse summary ("서해안고속도로 타고 25분")
         r"고속도로 (타고|탑니다|타요|타서|타면|탈게)",
         r"고속도로 이용(?! ?(안|않|없))",
         # the summary's way in: "중앙고속도로 서안동IC 경유", "영동고속도로 진입"
         r"고속도로 (\S+ ){0,2}(경유|진입)",
         # in English: "stay on I-10 West the whole way", "via the interstate"
         r"\b(stay|staying|stick|keep) on (the )?(i-\d+|interstate|motorway|highway|autobahn|"
         r"expressway|freeway)\b",
         r"\bvia (the )?(i-\d+|interstate|motorway|autobahn|expressway|freeway)\b"),
    ),
    "avoid_tolls": Family(
        (r"\b(avoid\w*|no|without|skip|stay\w* off|keep\w* (me |us )?off|steer\w* clear of)\b"
         r"[^.]*\btolls?\b",
         r"(유료 ?도로|통행료|톨게이트)\S* ?(말고|피해|피하|빼고|없이|없는|안 내|안 타|회피)"),
        (rf"\b{_AVOID}\b[^.]*\btoll", r"\btoll[- ]free\b", r"\bno tolls?\b",
         r"(유료 ?도로|통행료)\S* (회피|피해|피하|없)"),
        # a Korean route that charges a toll all the same ("통행료 2,300원", a summary's
        # "- 통행료: **2,900원**")
        # ("통행료 1만원": an amount in 만 as well)
        (r"통행료(는|가)? ?[:：]? ?(\*\*)?(약 )?[\d,]+ ?(만 ?)?원",
         # in English, a toll with its amount ("toll about ¥1,350", "a $4.50 toll")
         r"\btolls?\b:? (is |of |about |around |approx\.? )?[¥$€£]\s?\d",
         r"[¥$€£]\s?[\d.,]+ tolls?\b"),
    ),
    "fastest": Family(
        (r"\b(fastest|quickest|least traffic|avoid\w* traffic|no traffic|quick(ly)?|asap|"
         r"in a hurry|shortest time)\b",),
        (r"\b(fastest|quickest|least traffic|avoid\w* (the )?(heavy )?traffic|no traffic|"
         r"shortest|light traffic|traffic[- ]free|fewest delays|saves? \d+ min\w*|"
         r"quickest way|fast(er)? route|best route|traffic)\b",
         # "something quick" to eat: a place that serves fast
         r"\b(in and out|grab[- ]and[- ]go|take-?away|drive[- ]?(thru|through)|fast food|"
         r"quick (bite|meal|stop|lunch|dinner|breakfast)|served in \d+)\b",
         # the wait said to be short ("the line moves fast", "quick service")
         r"\b(line|queue)s? (moves?|goes|is) (fast|quick\w*)\b|\b(fast|quick) service\b"
         # ... or the food said to come at once ("on the table in about 5 minutes", "no waiting
         # for a server", "order at the counter")
         r"|\b(on the table|served|ready) in (about |around |under )?\d+ min\w*"
         r"|\bno wait(ing)?\b|\border at the counter\b|\bcounter service\b"),
    ),
    "cheap": Family(
        # (not a comparison asked about: "from how many days is the pass cheaper than …")
        (r"\b(cheap\w*(?! than)|inexpensive|affordable|budget|not (too )?expensive|low[- ]cost|"
         r"reasonabl[ey] priced|cheaply|not (some |too |a )?fancy|no fancy|skip the fancy)\b",
         r"저렴|(?<!비)싼 |싸게|가성비"),
        (r"\b(cheap\w*|inexpensive|affordable|budget|low[- ]cost|low[- ]price\w*|"
         r"reasonabl[ey] priced|good value|bargain|not expensive|wallet|economical|"
         r"price\w*|\d+ ?(euros?|dollars?|cents?)|"
         # a price in a currency of its country ("mains around 12–16 leva", "40 lei")
         r"\d+ ?(leva|lev|lei|kuna|kn|forint|huf|lira|lire|dinars?|rsd|bgn|ron)|"
         # the rate said to be low ("lowest rate around there", "free parking")
         r"(lowest|low|best) (rate|fare|tariff)s?|least expensive|"
         r"free (parking|of charge|entry))\b"
         # a price with its sign ("€34 a head"): `\b` does not stand before a sign
         r"|[€$£]\s?\d",
         # an amount in cents with the currency left out, as a terse reply types it ("soup and
         # bread for 4.50"), not a distance, a duration or a clock time
         r"(?<![\d.:])\d{1,3}[.,]\d{2}(?![\d:]|\.\d)(?!\s*(km|m|mi|miles?|min\w*|h|hrs?|hours?|%|am|"
         r"pm)\b)",
         # the price put beside a small everyday one ("about what a coffee costs in town")
         r"\bwhat a (coffee|beer|pint|sandwich|bus ticket) costs\b|\bthe price of a (coffee|"
         r"beer|pint|sandwich)\b",
         r"저렴", r"(?<!비)싼 ", r"(?<!비)싸(요|다|네)",
         # a price in won, as a price in euros or dollars above (its thousands also in Hangul
         # numerals: "칠천 원"), and the price said to be easy on the purse ("부담 없는 값")
         r"\d ?원|\d ?만 ?원|(?<![가-힣])[일이삼사오육칠팔구]?천 ?원",
         r"부담 ?(없|적)(는|은) ?(값|가격|요금|편)"),
        # the reply says it is dear ("이 근처에선 비싼 편이지만", "on the pricier side", "priciest
        # around but it's right there")
        (r"\b(pricey|priciest|dearest|most expensive|on the pricier side|(a bit|quite|rather|"
         r"fairly|pretty) expensive)\b",
         r"비싼 편|비싸(요|다|네|지만|긴)"),
    ),
    "outdoor_seating": Family(
        # seats outside asked for, not "I'm parked outside"
        (r"\boutdoor (seat\w*|tables?|dining|area|space)\b|\b(sit|eat|seat\w*|tables?|dine|"
         r"dining|somewhere|place|spot) (outside|outdoors)\b|\b(terrace|patio|beer garden|"
         r"al fresco)\b",),
        (r"\b(outdoor|outside|terrace|patio|beer garden|al fresco|garden|sidewalk tables)\b",
         # the tables placed in the open ("tables right on the water under the plane trees")
         r"\bopen[- ]air\b|\b(tables?|seats?|seating)\b[^.\n]{0,30}\b(under the (\w+ )?trees|"
         r"on the (lawn|deck|water|waterfront|beach|sand|pavement|sidewalk)|by the water|"
         r"in the (sun|courtyard))\b",
         r"야외"),
    ),
    # the fuel a diesel car needs: a station said to sell only petrol goes against it; one
    # named with no word of its fuels is no evidence either way
    "diesel": Family(
        (r"\bdiesel\b", r"경유|디젤"),
        (r"\bdiesel\b", r"경유|디젤"),
        (r"\b(unleaded|petrol|gasoline|gas|regular) only\b|\bonly (unleaded|petrol|gasoline)\b|"
         r"\bno diesel\b|\b(doesn'?t|does not|don'?t) (sell|have|stock|carry) diesel\b",
         r"휘발유만|경유(는|가)? (없|안 ?팔)"),
        unread_if_silent=True,
    ),
    # before "parking": free parking is a price, and a price for parking goes against it
    "free_parking": Family(
        # (a free parking spot is an empty one: `free_spot`)
        (r"\bfree parking\b(?! ?(spots?|spaces?|places?|bays?))|\bparking (is |for )?free\b|"
         r"(무료|공짜)(로)? ?주차|주차 ?(무료|공짜)",),
        (r"\bfree parking\b|\bparking (is |'s )?(free|included|complimentary)\b|"
         r"\bno (parking )?(fee|charge)\b|무료 ?주차|주차(장)?(은|이|는)? ?무료",
         # the answer first, in one word ("free, about 30 spaces on the square", "…은 밤에도
         # 무료예요")
         r"^\W*(yes,? )?(it'?s )?free\b|무료(예요|에요|입니다|야|이에요)",
         # nothing to pay, said in other words ("요금 안 받아요", "돈 안 내도 돼요", "공짜예요")
         r"(요금|돈|주차비|주차 요금)[을은이]? ?(안 ?(받|내)|없|받지 않|내지 않|무료)|공짜",
         # in other words: nothing charged for it ("전용 주차장이 있고 손님한테는 따로 돈을 받지
         # 않아요", "주차비는 안 받아요")
         r"주차[^.\n]{0,30}(돈|요금|비용|주차비)(을|를|은|는|이|가)? ?(따로 |별도로 )?"
         r"(안 ?받|받지 않|없어|없습니다|없고)"),
        (r"(?<!free )\bparking\b[^.\n]{0,40}(?:[¥€$£₩]\s?\d|\d[\d,.]* ?(?:yen|won|euros?|"
         r"dollars?|eur|usd)\b)",
         r"(?:[¥€$£₩]\s?\d[\d,.]*|\d[\d,.]* ?(?:yen|euros?|dollars?)\b)[^.\n]{0,20}"
         r"(?<!free )\bparking\b",
         r"주차[^.\n]{0,15}\d[\d,]* ?원"),
    ),
    # food that is not hot ("안 매운 메뉴", "nothing spicy for the kids"): a dish said to be hot
    # goes against it ("얼큰하고 매운 짬뽕"), one said to be mild honours it; read only when the
    # reply says either way
    "not_spicy": Family(
        (r"\b(not|nothing|non-?) ?(too )?spicy\b|\bmild\b|(안|덜) ?매운|맵지 ?않",
         # the heat ruled out ("매운 거 말고 점심 먹을 데")
         r"매운 ?(거|것|건|음식)? ?(말고|빼고|싫|못 먹)"),
        (r"\b(not|non-?) ?spicy\b|\bmild\b|(안|덜) ?매운|맵지 ?않|순한 ?맛",),
        # (not a heat left out: "매운 건 빼고", "spicy on request")
        (r"(?<!not )(?<!non-)(?<!non)\b(spicy|fiery|chilli-hot)\b"
         r"(?![^.?!]{0,12}\b(on request|on the side|free|removed|left out)\b)",
         r"((?<!안 )(?<!안)(?<!덜 )(?<!덜)매운|얼큰|칼칼|매콤)(?![^.?!]{0,8}(빼|말고|없|아니))"),
        unread_if_silent=True,
    ),
    # round the clock: hours stated that close go against it ("6 am to 11 pm", "밤 11시까지")
    "open_24h": Family(
        # all night in Korean too ("밤새 여는 약국")
        (r"\b24 ?(hours?|h|/7)\b|\b24-hour\b|\bround the clock\b|\ball night\b|24 ?시간|밤새",),
        (r"\b24 ?(hours?|h)\b|\b24/7\b|\b24-hour\b|\bround the clock\b|\balways open\b|"
         r"\ball night\b|\bnever closes\b|24 ?시간|밤새 ?(여|열|영업|운영|문)",),
        (r"\b(open|opens|from) \d{1,2}([:.]\d{2})?\s*(am|pm|a\.m\.|p\.m\.)?\s*(to|until|till|-|–)"
         r"\s*\d{1,2}",
         r"\b(closes?|closing|shuts) at \d",
         r"\d+ ?시[^.\n]{0,10}부터[^.\n]{0,12}\d+ ?시[^.\n]{0,4}까지"),
        unread_if_silent=True,  # a place named with no hours: the rules cannot tell
    ),
    "parking": Family(
        (r"\b(parking|car park|park the car)\b", r"주차 ?(가능|되는|돼|할 수 있)"),
        (r"\b(parking|car park|garage|spaces?|lot|park (right|there|nearby))\b", r"주차",
         # room for the car said in other words ("가게 앞에 차 세울 자리가 넉넉해요", "차 열
         # 대는 댈 수 있어요")
         r"차[^.\n]{0,10}(세울|댈|대실|세우실) ?(수|자리|곳|공간)",
         # ... or off the street in other words ("you drive through a gate into their yard")
         r"\b(drive|pull|park) (in|into|through)\b[^.\n]{0,30}\b(yard|courtyard|gate|driveway|"
         r"garage)\b|\b(gated|locked|private) (yard|courtyard|car park|compound)\b"),
        # the car left to a public car park or the street ("차는 공영주차장에 세우셔야 합니다",
        # "street parking only"; "no parking" after the place is what it lacks: `by_family`)
        (r"\bstreet parking only\b",
         # ... or in English, the car sent to a public garage away from it ("parking is in a
         # public garage 800 m away"), or no parking of its own
         r"\bparking is (in|at) (a|the) (public|municipal|nearby) (garage|car park|lot|"
         r"parking)\b|\bno (on-?site|private|own|guest) parking\b",
         r"(차는|주차는)[^.\n]{0,25}(에|에다) (세우셔야|대셔야|세워야|대야)|"
         r"(전용 |자체 )?주차(장|공간)(이|은|는)? ?(없|불가)"),
    ),
    "open_now": Family(
        (r"\b(open now|still open|currently open|open late|open right now)\b",),
        # a closing hour of two digits ("until 01:00", "till 23:30") as well as one
        (r"\b(open|opens|until \d+|till \d+|hours|24/7|24 ?h|24-hour|round the clock|all night|"
         r"never closes)\b", r"영업",
         # the closing hour said ("shuts at 11 pm")
         r"\b(shuts|closes|closing) (at )?\d"),
    ),
    # somewhere to plug a laptop or a phone in at the table: read only when the reply says
    "power_outlets": Family(
        (r"\b(power )?(outlets?|sockets?|power points?)\b|\bplug (in|my) (\w+ )?(laptop|phone)\b",
         r"콘센트"),
        (r"\b(outlets?|sockets?|power points?|plugs?)\b", r"콘센트"),
        (r"\bno (power )?(outlets?|sockets?|power points?|plugs?)\b", r"콘센트(가|는)? (없|안)"),
        unread_if_silent=True,
    ),
    # a house rule of the place: read only when the reply states it either way
    "pets_allowed": Family(
        (r"\b(allow\w*|welcom\w*|accept\w*|okay with|ok with|takes)\b[^.]{0,15}\b(dogs?|pets?)\b",
         r"\b(pet|dog)[- ]friendly\b", r"\b(dogs?|pets?) (allowed|welcome|ok)\b",
         # "only places that let dogs in", "we've got our dog with us"
         r"\blet (the |our )?(dogs?|pets?) in\b", r"\b(got|have|bringing) (our|the) dog\b",
         # "반려견 동반 가능한 식당", "강아지랑 갈 수 있는 카페"
         r"(반려동물|반려견|강아지|애견)(과|와|이랑|랑)? ?(동반|출입|입장)? ?(가능한|되는|돼|OK)"
         r"|(반려동물|반려견|강아지|애견)(이랑|랑|과|와|하고) (같이 |함께 )?(갈|들어갈) 수 있는"),
        (r"\b(pets?|dogs?|cats?)\b[^.]*\b(are |is )?(welcome|allowed|permitted|accepted|ok)\b",
         r"\b(welcom\w*|allow\w*|accept\w*|takes)\b[^.]{0,15}\b(dogs?|pets?)\b",
         r"\b(pet|dog)[- ]friendly\b",
         r"(반려동물|반려견|강아지|애견)(과|와|이랑|랑)? ?(동반|출입|입장)(이|도)? ?"
         r"(가능|돼|됩|할 수 있|OK)",
         # the dog let in in other words ("강아지도 같이 실내에 앉을 수 있고", "강아지랑 들어갈 수
         # 있어요")
         r"(반려동물|반려견|강아지|애견)(도|과|와|이랑|랑)? ?(같이|함께)? ?(실내에|안에|안으로)? ?"
         r"(앉을|들어갈|들어올|입장할|머물) 수 있"),
        (r"\bno[- ](pets|dogs|animals)\b",
         # Korean: "반려동물은 출입할 수 없어요", "반려견 동반 불가", "강아지는 못 들어가요"
         r"(반려동물|반려견|강아지|애견)(은|는|이|가)? ?(동반|출입|입장)? ?"
         r"(불가|금지|할 수 없|이 안|은 안|못)",
         r"\b(pets?|dogs?|animals?)\b[^.]*\b(are |is )?not (allowed|permitted|accepted|"
         r"welcome)\b",
         r"\b(doesn'?t|does not|don'?t|do not)\b[^.]*\b(allow|accept|take)\b[^.]*\b(pets|"
         r"dogs)\b"),
        unread_if_silent=True,
    ),
    # no steps for a wheelchair or a pram ("계단 없는 데로요", "step-free"): a house rule too,
    # honoured by a lift or a ramp, broken by stairs the reply names, no evidence if silent
    "step_free": Family(
        (r"\b(wheelchair|step[- ]free|barrier[- ]free|no (\w+ (or|and) )?(stairs|steps)|"
         r"without stairs|rollator|zimmer frame|mobility scooter|(her|his|my|a|their) walker)\b"
         r"|\(walker\)",
         r"계단 ?(없는|없이|없어야)|휠체어",
         # many steps kept off ("계단 많은 데는 빼 줘")
         r"계단(이)? ?많은 ?(곳|데|길)?(은|는)? ?(빼|말고|피해|피하|제외)"),
        (r"\b(step[- ]free|barrier[- ]free|ramps?|elevators?|lifts?|ground floor|level access|"
         r"wheelchair[- ](accessible|access|friendly)|accessible (toilet|restroom|entrance)|"
         r"disabled (toilet|access))\b",
         r"엘리베이터|경사로|1층|계단 ?(이 )?없|휠체어 ?(로 )?(이용|접근|출입)? ?(가능|편)|장애인|"
         r"배리어 ?프리"),
        (r"\b(stairs only|staircase|upstairs|no (lift|elevator|ramp)|(up|down) (a flight of |the )?"
         r"(stairs|steps)|flights? of ([\w-]+ ){0,2}(stairs|steps)|\d+ steps (up|down)|"
         r"not (wheelchair|step-free)|(rock|stone|steep|wooden|boardwalk|timber|metal) (steps|"
         r"stairs)|scramble (down|up))\b",
         r"계단(으로|이 (몇|있)|을 (올라|내려))|엘리베이터(가|는)? 없|[2-9]층이라",
         # the steps counted ("돌계단 1,365개", "1,365 stone steps")
         # (not a walk counted in steps: "15 steps from the sand")
         r"계단 ?[\d,]+ ?개|[\d,]+ ?개의 (돌)?계단|\b\d[\d,]* (stone |steep )?(steps|stairs)\b"
         r"(?! (from|to|away))"),
        unread_if_silent=True,
    ),
    # nuts kept out of the food: read when the reply names nuts or says it is nut-free
    "no_nuts": Family(
        (r"\b(no|without|free of) (pea)?nuts\b|\bnut[- ]free\b",
         r"견과류? ?(안|없|빼)|땅콩 ?(안|없|빼)"),
        (r"\bnut[- ]free\b|\b(no|without) (pea)?nuts\b",
         r"견과류? ?(없|안 들어|빼)|땅콩 ?(없|안 들어|빼)",
         # said kept out by the kitchen ("땅콩을 아예 쓰지 않는 가게")
         r"(땅콩|견과류?)(을|를|은|는)? ?(아예 |전혀 |일절 )?(안 ?(쓰|넣)|쓰지 않|넣지 않|"
         r"들어가지 않)"),
        (r"\b(peanut|walnut|hazelnut|almond|pecan|cashew|pistachio|praline)s?\b|"
         r"호두|땅콩|아몬드|피스타치오|캐슈|프랄린",),
        unread_if_silent=True,
    ),
    # seafood kept out of the food ("갑각류 안 들어간 메뉴", "no shellfish"): read when the reply
    # names seafood or says there is none
    "no_seafood": Family(
        (r"\b(no|without|free of) (sea ?food|shellfish|crustaceans?)\b|\bshellfish[- ]free\b",
         r"(해산물|갑각류|해물|조개류?)(이|은|는|가)? ?(안 ?들어간|안 ?들어가는|없는|없이|빼고|"
         r"말고)",
         # raw fish, the word alone ("회 말고 저녁 먹을 곳"; not 회의, 회사)
         r"(?<![가-힣])회(는|를)? ?(말고|빼고|빼 ?(줘|주세요))"),
        (r"\b(sea ?food|shellfish)[- ]free\b|\b(no|without) (sea ?food|shellfish)\b",
         r"(해산물|갑각류|해물|조개류?)(이|은|는|가)? ?(없|안 들어|안 ?써|빼)"),
        (r"\b(oysters?|shellfish|shrimps?|prawns?|lobsters?|crabs?|mussels?|clams?)\b",
         r"게장|꽃게|대게|킹크랩|새우|대하|랍스터|조개|홍합|굴(?![가-힣])|해물"
         r"|횟집|활어회|생선회|모둠회|회센터|물회"),
        unread_if_silent=True,
    ),
    # road surfaces and ways the driver keeps off for the day ("keep us off gravel, the rental
    # says tar only", "no long tunnels today", "비 오니까 산길은 피해 줘"): broken by a route the
    # reply describes over them, read only when it says either way
    "avoid_gravel": Family(
        (r"\b(off|avoid\w*|no|without|stay\w* off|keep\w* (us |me )?off)\b[^.]{0,12}\bgravel\b",
         r"\b(tar|tarmac|sealed|paved)( roads?)? only\b",
         # the unpaved ruled out, or the car kept on the sealed ("no unpaved roads, so keep us
         # on tarmac")
         r"\b(no|avoid\w*|without|stay\w* off|keep\w* (us |me )?off)\b[^.]{0,20}\bunpaved\b",
         r"\bkeep (us|me|it) on (the )?(tar|tarmac|sealed|paved)\b",
         # "비포장길은 빼고 가 줘", "포장도로로만"
         r"비포장(길|도로)?(은|는|을|를)? ?(빼고|말고|피해|피하|없이|제외)|포장(도로|길)(로)?만"),
        (r"\b(sealed|tarred|tar|tarmac|paved|asphalt)\b[^.]{0,20}\b(roads?|all the way|whole "
         r"way)\b", r"\b(no|avoid\w*|without) (the |any )?gravel\b",
         r"포장(도로|길)(로)?만|비포장(길|도로)?(은|는|을|를)? ?(피해|피하|없이|빼)"),
        (r"(?<!\bno )(?<!avoid )(?<!avoiding )(?<!without )\b(gravel|unpaved|unsealed|"
         r"strada bianca|dirt(?! cheap)|rough track|rutted|4x4 track)\b",
         r"흙길|자갈길|비포장(?! ?(은|는|을|를)? ?(빼|말고|피해|피하|없이|제외))"),
        unread_if_silent=True,
    ),
    "avoid_tunnels": Family(
        (r"\b(avoid\w*|no|without|skip\w*|keep\w* (us |me )?(out of|off|away from)|stay\w* out of)"
         r"\b[^.]{0,15}\btunnels?\b",),
        (r"\b(no|avoid\w*|without) (the |any |all |long )?tunnels?\b", r"\bover the (pass|col)\b"),
        (r"\b(through|via|under|into|taking|take) (the )?[\w'’ -]{0,30}tunnel\b",),
        unread_if_silent=True,
    ),
    # narrow roads kept off, with a caravan or a wide car ("no narrow back roads from here
    # on"): broken by a route the reply says is single track
    "avoid_narrow_roads": Family(
        (r"\b(no|avoid\w*|without|stay\w* off|keep\w* (us |me )?off)\b[^.]{0,12}\b(narrow|"
         r"single[- ]track|single[- ]lane|one[- ]lane)\b",),
        (r"\b(no|avoid\w*|without|stay\w* off) (the |any )?(narrow|single[- ]track|"
         r"single[- ]lane)\b",
         r"\b(main|wide|two[- ]lane) roads?( only| all the way)?\b"),
        (r"(?<!\bno )(?<!avoid )(?<!avoiding )(?<!without )\b(single[- ]track|single[- ]lane|"
         r"one[- ]lane|narrow (lanes?|roads?|back roads?|track))\b",),
        unread_if_silent=True,
    ),
    "avoid_mountain_roads": Family(
        (r"(산길|고갯길|고개길|굽은 ?길|굽잇길|구불구불한 ?길)\S* ?"
         r"(말고|피해|피하|빼고|빼 ?줘|없이|제외)",
         r"\b(avoid\w*|no|without|stay\w* off)\b[^.]{0,12}\b(mountain roads?|mountain passes)\b"),
        (r"(산길|고갯길|고개길)\S* ?(피해|피하|없|빼|제외)",
         r"\b(no|avoid\w*|without) (the )?mountain (roads?|pass(es)?)\b"),
        (r"(?<![가-힣])(고갯길|고개길|산길|굽잇길)(?! ?(은|는|을|를)? ?(피|없|빼|제외))"
         r"|고개(를)? ?넘|구불구불",),
        unread_if_silent=True,
    ),
    # a charger's plug the car needs ("a fast charger with a ccs2 plug"): broken by a charger
    # said to have another plug only
    "plug_ccs": Family(
        (r"\bccs ?2?\b|\bcombo ?2?\b|dc ?콤보",),
        (r"\bccs ?2?\b|\bcombo ?2?\b|dc ?콤보|콤보",),
        (r"\bchademo only\b|\bonly chademo\b|\bchademo\b(?![^.]{0,25}\b(ccs|combo))",
         r"차데모(?![^.]{0,15}(콤보|ccs))"),
        unread_if_silent=True,
    ),
    "vegetarian": Family(
        (r"\b(vegetarian|vegan|plant[- ]based|meat[- ]free)\b", r"채식|비건"),
        (r"\b(vegetarian|vegan|plant[- ]based|meat[- ]free|veggie)\b", r"채식|비건",
         # the dishes said to be made without meat ("cooked without meat or fish sauce",
         # "not a scrap of ham or chorizo goes through that kitchen", "cooks only vegetables")
         r"\b(without|no) (any )?meat\b",
         r"\bnot (a|one) (scrap|bit|trace|shred|slice|gram) of ([\w,]+ ){0,4}(meat|ham|chorizo|"
         r"bacon|pork|chicken|beef)\b|\b(only|nothing but) (vegetables|veg|pulses|greens)\b|"
         r"\bvegetable (broth|stock)\b|\b(doesn'?t|does not|never) (do|serve|cook) (any )?meat\b",
         # ... in Korean ("고기나 생선은 아예 안 쓰고", "고기 없이", "사찰 음식")
         r"고기[^.]{0,10}(안 ?(쓰|써|넣|들어)|없이|빼고|전혀 없)|사찰 ?음식"),
        # meat dishes offered with no word of a vegetarian choice ("소고기 해장국", "불고기")
        (r"(?s)^(?!.*(vegetarian|vegan|veggie|plant[- ]based|meat[- ]free|채식|비건))"
         r".*(\b(steak\w*|bbq|barbecue|burgers?|schnitzel|pork|beef|brisket|veal|lamb|ribs)\b|"
         r"삼겹살|갈비|불고기|소고기|돼지고기|고깃집|곱창|족발|스테이크)",),
    ),
    "ev_charging": Family(
        (r"\b(ev charg\w*|charging|charger|plug in)\b",),
        (r"\b(charg\w*|plug\w*|kw|ev|electric)\b",),
    ),
    "fast_charger": Family(
        (r"\b(fast|rapid|quick|super|high[- ]power) ?charg\w*|\bdc\b|\bhpc\b",),
        (r"\b(fast|rapid|quick|super|high[- ]power|ultra) ?charg\w*|\b\d{2,3} ?kw\b|\bhpc\b|"
         r"\bdc\b|\bionity\b|\bsupercharger\b",),
    ),
    "highly_rated": Family(
        (r"\b(well[- ]rated|highly rated|good reviews|top[- ]rated|good rating|best (rated|"
         r"reviewed|restaurant|place|cafe|coffee|food|pizza|burger|hotel))\b",),
        (r"\b(rated|rating|\d(\.\d)? ?(stars?|/5)|reviews?|popular|top[- ]rated|highly|"
         r"best|favourite|favorite|acclaimed)\b",),
    ),
    "kid_friendly": Family(
        (r"\b(kids?|child|children|family|toddler)[- ]?(friendly|suitable)",
         # (not a thing wanted for them: "a beach with lifeguards for the kids")
         r"^(?![^.]*\bwith (\w+ ){1,2}for (the |my |our )?(kids|children|little ones)\b)[^.]*?"
         r"\b(for|with|good for) (the |my |our |two |small |young )?(kids|children|famil(y|ies)|"
         r"toddlers?|little ones)\b(?!'|’)",
         # a menu or a room for them ("a restaurant with a kids' menu")
         r"\b(kids|children)['’]?s?['’]? (menu|portions|room|corner|area)\b"),
        (r"(?<!no )\b(kid|child|family|families|playground|high ?chairs?|toddler)\w*",
         r"\bplay ?(corner|area|room|ground)s?\b",
         # what children play on ("a fenced lawn with swings and a jungle gym")
         # ... or room to run about ("fenced grass out the back")
         r"\bfenced (grass|garden|lawn|field|meadow)\b"
         r"|\b(room|space) (for (the )?(kids|children) )?to (run|play)\b",
         r"\b(swings?|jungle gym|climbing frames?|sand ?pits?|sandbox|trampolines?|"
         r"bouncy castle)\b"),
        # children kept out ("no children under 12", "adults only after 7 pm")
        (r"\bno (children|kids|under-?\s?\d+s?)\b|\badults?[- ]only\b|\bnot (suitable )?for "
         r"(children|kids)\b|\bover-?\s?(12|14|16|18)s? only\b",),
    ),
    "no_detour": Family(
        (r"\b(no|without|don'?t (add|make|take) any|avoid\w*( any)?) detours?\b",
         r"\bnot off (the )?route\b", r"\bdetours? (under|below|of less than|shorter than)\b"),
        (r"\bno detours?\b", r"\bwithout (a |any )?detours?\b",
         r"\b(on|along) (the|your) (way|route)\b", r"\bdirect(ly)?\b",
         r"\bdetour of (only |just )?\d+", r"\badds? (only |just )?\d+ min",
         # on the road driven, further along it ("right on ruta 68, 12 km ahead on the right")
         r"\bright on (the |your )?[\w-]+\b", r"\b\d+([.,]\d+)? ?(km|mi|miles) ahead\b"),
    ),
    "brief": Family(
        (r"\b(skip|no|without|spare me|don'?t (need|want|care about)) (the |any )?(route )?"
         r"(details|talking|chit-?chat|explanations?)\b",),
        (),
        (r"\b(other|alternative) routes?\b", r"\b(wanna|want to|would you like to) (hear|know)\b",
         r"\b(want|need) (the )?details\b"),
    ),
    "free_spot": Family(
        (r"\bfree (charger|charging( station| point)?|spot|parking|space)\b",),
        (r"\b(free|available|unoccupied|vacant|no (fee|charge|cost))\b",),
    ),
    # nothing to pay, for a place itself ("a kayak launch that's free to use"): "no fee" and
    # "free" honour it; a place named with no word of its price says neither
    "free": Family(
        (r"\bfree (of charge|to use|entry|admission)\b|^\W*free\W*$",),
        (r"\b(free|no (fee|charge|cost)|costs nothing|gratis)\b",),
        unread_if_silent=True,
    ),
    "same_route": Family(
        (r"\bsame (route|way)\b",),
        (r"\bsame (route|way)\b", r"\b(as|like) before\b", r"\bprevious route\b",
         r"\b(on|along) (the|your) (current )?(route|way)\b"),
    ),
    "along_route": Family(
        (r"\b(on the way|along (the|my) (route|way)|en route|on my way|without (a )?detour)\b",),
        (r"\b(on the way|on your way|on (your|the) route|along|en route|detour|right off|off the|"
         r"next to the (highway|motorway|road)|via|between|halfway|stop at|ahead)\b",),
    ),
    **SITE_FAMILIES,
    **CARE_FAMILIES,
}


# In a description these are usually the subject ("find parking", "a charger nearby"), not a
# constraint; those a place can have, said as what it has ("a hotel with ev charging"), are
# one.
SUBJECTS = ("ev_charging", "fast_charger", "parking", "along_route", "diesel", "power_outlets")
HAD = ("ev_charging", "fast_charger", "parking", "diesel", "power_outlets")
