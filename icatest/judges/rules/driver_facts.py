"""Facts about the driver or the car that an answer can plainly contradict (an electric car,
no meat, a nut allergy, no seafood, a wheelchair, a bad ankle, a road ruled out): what the driver
says of themselves, the words of an offer against it and the words of a reply that heeds it.
Said earlier, the fact is forgotten context (`turn_rules.established_fact`); said in the request,
a constraint missed (`facts_now.fact_said_now`)."""

from __future__ import annotations

import re

from icatest.judges.rules import acts

# Facts about the driver or the car that an answer can plainly contradict: what the driver
# said of themselves, and the words of an offer that goes against it.
# (what the driver says, words of an offer against it, the fact, words of a reply that heeds
# it: "a veggie burger", "the charger at the Aral station", "nut-free")
FACTS: tuple[tuple[re.Pattern[str], re.Pattern[str], str, re.Pattern[str]], ...] = (
    (re.compile(r"\b(my|the|our|this) (car|vehicle)( is|'s|’s) (an? )?((fully|all|purely|100 ?%) )?"
                r"(electric|ev)\b"
                r"|\bi (drive|have) an? (electric|ev|tesla)\b"
                # the car of the day ("I've got the electric Kona today")
                r"|\b(i'?ve got|i have|we'?ve got|we have|i'?m taking|we'?re taking|i took|"
                r"we took) (the|an?) (electric|ev)\b"
                r"|\b(it'?s|we'?re in|(i'?m|im|i am|we are) (in|driving)) an? (electric|ev)\b"
                r"|전기차(를|로|예요|야|입니다|라서|거든)|전기차 ?(타고|몰고)", re.I),
     re.compile(r"\b((gas|petrol|fuel|filling) stations?|diesel|refuel\w*|"
                r"shell|aral|esso|texaco|exxon|chevron|agip|unleaded|gasoline)\b"
                # a fuel price ("regular is 1.65 a litre", "3.89 per gallon", "$2.89/gal")
                r"|\b(a|per) (litre|liter|gallon)\b|\d ?/ ?(gal|gallon|litre|liter)\b"
                # a grade of fuel and its price, typed ("regular 3.89", "premium $4.29")
                r"|\b(regular|premium|super|e10|e5)( is)? [$€£]?\d+[.,]\d\d\b"
                r"|주유소|기름을? 넣|휘발유|리터당", re.I),
     "the car is electric",
     re.compile(r"\bcharg\w*|\bev\b|충전", re.I)),
    (re.compile(r"\b(my|the|our) (car|vehicle) (is|runs on) (a )?(diesel|petrol|gasoline)\b"
                r"|\bi drive a (diesel|petrol)\b"
                r"|\b(it'?s|its|we'?re in|(i'?m|im|i am|we are) (in|driving)) an? (diesel|petrol)\b"
                r"|\b(i'?ve got|i have|we'?ve got|we have|i'?m taking|we'?re taking) (the|an?) "
                r"(diesel|petrol)\b"
                r"|(경유차|디젤차)(를|로|예요|야|입니다|라서|거든)", re.I),
     re.compile(r"\b(charging stations?|chargers?|superchargers?|charge points?)\b|충전소|충전기",
                re.I),
     "the car runs on fuel",
     re.compile(r"\b(fuel|diesel|petrol|gas station)\b|주유|경유|디젤", re.I)),
    (re.compile(r"\bi'?m (a )?(vegetarian|vegan)\b|\bi (don'?t|do not) eat meat\b"
                # said of someone in the car ("my wife's vegetarian", "she is vegan")
                r"|\b(my|our) [\w-]+('s|’s| is) (a )?(vegetarian|vegan)\b"
                r"|\b(he|she)('s|’s| is) (a )?(vegetarian|vegan)\b"
                r"|\bwe'?re (all |both )?(vegetarian|vegan)s?\b|\bwe (all |both )?(don'?t|do not) "
                r"eat meat\b|\b(he|she|they|\w+) (doesn'?t|does not|don'?t) eat meat\b"
                r"|채식(주의자|해|만 해|합니다)|비건이|고기(를|는)? 안 먹", re.I),
     re.compile(r"\b(steak\w*|bbq|barbecue|burger|butcher\w*|schnitzel|wurst\w*|"
                r"bratwurst\w*|chicken|pork|schweinshax\w*|ribs|pulled pork|kebab|doner|"
                r"brisket|veal|lamb|ham|jam[oó]n|beef|chorizo|salami|prosciutto|sausages?|"
                r"meatballs?|asador|carnitas|"
                # cuts and dishes that are meat whatever the menu ("dry-aged côte à l'os")
                r"dry-?aged|ribeye|rib-eye|sirloin|t-bone|wagyu|entrec[oô]te|c[oô]te [aà] l'os|"
                r"tonkatsu|yakitori|shawarma|gyros|souvlaki|bacon|pepperoni|venison|duck|boar)\b"
                r"|삼겹살|갈비|불고기|치킨|돼지|소고기|고깃집|곱창|족발|스테이크|한우|육회|막창|순대|"
                r"삼계탕|양꼬치",
                re.I),
     "the driver does not eat meat",
     re.compile(r"\b(vegetarian|vegan|veggie|plant-based|meat-?free)\b|채식|비건", re.I)),
    (re.compile(r"\bi (don'?t|do not|can'?t|cannot) eat pork\b|\bno pork\b|\b(i|we) eat "
                r"halal\b|\bhalal (only|food)\b|돼지고기(를|는)? 못 먹|돼지고기(를|는)? 안 먹",
                re.I),
     re.compile(r"\b(pork|bacon|ham|schweinshax\w*|pulled pork|spare ?ribs)\b|삼겹살|돼지|족발",
                re.I),
     "the driver does not eat pork",
     re.compile(r"\b(halal|pork-free|no pork)\b", re.I)),
    # free parking only ("only free parking today, no paid lots") and a lot with a rate
    (re.compile(r"\b(only|just) free (parking|lots?|car parks?)\b|\bfree (parking|lots?) only\b"
                r"|\bno (paid|pay) (parking|lots?|car parks?)\b"
                r"|무료 주차(장)?만|유료 주차장(은)? 말고",
                re.I),
     re.compile(r"\d[\d.,]*\s?(€|e|eur|euros?|\$|dollars?|zł|zl|yen|kr|원)?\s?"
                r"(/ ?h\b|/ ?hr\b|an hour|per hour|a day|per day)|시간당", re.I),
     "the driver parks only for free",
     re.compile(r"\bfree\b|무료", re.I)),
    # whoever in the car it is ("my daughter is allergic to nuts", "땅콩 알레르기가 있어요")
    (re.compile(r"\ballergic to (pea|tree ?)?nuts\b|\b(pea)?nut allerg\w*"
                r"|(땅콩|견과류?) ?알레르기", re.I),
     re.compile(r"\b(peanut\w*|satay|walnut\w*|hazelnut\w*|pecan\w*|cashew\w*)\b"
                r"|땅콩|호두|견과", re.I),
     "the driver is allergic to nuts",
     re.compile(r"\b(nut-free|no nuts|allergen\w*)\b|견과류? 없는|땅콩 없는"
                r"|(땅콩|견과류?)(을|를|은|는)? ?(아예 |전혀 |일절 )?(안 ?(쓰|넣)|쓰지 않|넣지 않|"
                r"들어가지 않)"
                # the dishes with nuts said to be none ("땅콩 들어간 메뉴는 없어요")
                r"|(땅콩|견과류?)(이|가)? ?들어간 [가-힣]{1,4}(은|는|이|가)? ?"
                r"(없어|없습니다|없고)", re.I)),
    # no milk ("she's lactose intolerant", "dairy free stuff for my son", "우유 못 마셔")
    (re.compile(r"\blactose[- ]intoleran\w*|\bdairy[- ]free\b|\bno dairy\b|\b(can'?t|cannot|"
                r"don'?t|do not) (have|eat|do|take) (dairy|milk|lactose)\b|\b(dairy|milk) allerg\w*"
                r"|\ballergic to (dairy|milk)\b|유당 ?불내증|우유 ?(알레르기|못 (먹|마셔|마시))"
                r"|유제품(을|은)? ?(못|안) 먹", re.I),
     re.compile(r"\b(cheese\w*|milk|milkshakes?|yog(h)?urts?|butter|(?<!ice )cream|cream tea|"
                r"gelato|fondue|raclette|latte)\b|치즈|우유|요거트|버터|생크림|라떼", re.I),
     "the driver cannot have dairy",
     re.compile(r"\b(dairy[- ]free|lactose[- ]free|vegan|non-dairy|plant-based|oat|soy|almond milk|"
                r"sorbets?)\b|락토프리|유당 ?없|비건|두유|귀리", re.I)),
    # the dog along ("we've got the dog with us", "강아지 데리고 왔어"), and a place that says no
    (re.compile(r"\b(we'?ve got|we have|i'?ve got|i have|bringing|travell?ing with|with) (the|our|"
                r"my|a) (dogs?|puppy|pup)\b"
                r"|(반려견|강아지|애견)(이랑|과|하고|를)? ?(같이|데리고|함께)",
                re.I),
     re.compile(r"\bno (dogs|pets|animals)\b|\b(dogs?|pets?|animals?) (are |is )?not (allowed|"
                r"permitted|welcome)\b"
                r"|(반려동물|반려견|강아지)(은|는)? ?(출입|동반|입장)(이)? ?(안 ?돼|불가|금지)",
                re.I),
     "the dog is along",
     re.compile(r"\b(dogs? (welcome|allowed|ok)|dog-friendly|pet-friendly)\b|동반 가능", re.I)),
    # nothing raw for someone in the car ("우리 애가 날것을 못 먹어"): raw fish offered
    (re.compile(r"날것(을|은)? ?(못|안) 먹|날 ?음식(을|은)? ?(못|안) 먹|익힌 (것|음식)만"
                r"|\b(can'?t|cannot|doesn'?t|don'?t) eat (anything )?raw\b|\bnothing raw\b", re.I),
     re.compile(r"횟집|생선회|활어회|모둠회|물회|육회|회센터|[가-힣]어회|\b(sashimi|sushi|tartare|"
                r"carpaccio|ceviche|poke)\b", re.I),
     "someone in the car eats nothing raw",
     re.compile(r"\b(cooked|grilled)\b|익힌|구이|탕|찜", re.I)),
    # no alcohol today ("so no alcohol for either of us today", "오늘은 술 안 마셔")
    (re.compile(r"\bno (alcohol|booze|drinking|wine|beer)\b|\b(not|n'?t) (drinking|having "
                r"(any )?(alcohol|a drink))\b|술(은|을)? ?(안|못) 마시|금주", re.I),
     re.compile(r"\b(wines?|beers?|cocktails?|ales?|lager|cider|whisk(e)?y|gin|prosecco|champagne|"
                r"brewery|winery|cellar door|tasting flight|flight of (five |four |three )?wines|"
                r"wine bar|pub)\b|술집|와인|맥주|막걸리|소주|양조장", re.I),
     "no alcohol for the driver's party",
     re.compile(r"\b(non-alcoholic|alcohol-free|mocktails?|soft drinks|juices?|alcohol free|0\.0)\b"
                r"|무알코올|논알콜", re.I)),
    # a fear of heights ("I've got bad vertigo — nothing high up", "고소공포증 있어")
    (re.compile(r"\b(vertigo|afraid of heights|fear of heights|scared of heights|no heights)\b"
                r"|고소공포|높은 (데|곳)(는|은)? ?(무서|못)", re.I),
     re.compile(r"\b(hanging bridges?|suspension bridges?|suspended walkways?|zip ?lines?|canopy "
                r"walk\w*|sky ?walks?|glass[- ](floor|bridge|walkway)|via ferrata)\b|출렁다리|"
                r"짚라인|스카이워크|구름다리", re.I),
     "the driver is afraid of heights",
     re.compile(r"\b(ground[- ]level|no heights|stays? low|flat walk)\b", re.I)),
    # no seafood ("오늘은 해산물 말고", "I can't eat shellfish")
    (re.compile(r"\bno (sea ?food|shellfish|fish)\b|\b(don'?t|do not|can'?t|cannot) (eat|have) "
                r"(sea ?food|shellfish|fish)\b|\ballergic to (shellfish|sea ?food|fish)\b"
                r"|\b(shellfish|sea ?food) allerg\w*|해산물 ?(말고|빼고|은 안|는 안|못 먹|안 먹)"
                r"|(해산물|갑각류|조개|게|새우|꽃게)(랑|와|과|나|,)? ?((게|새우|꽃게|조개) ?)?"
                r"알레르기"
                # raw fish, the word alone ("오늘은 회 말고 고기"; not 회의, 회사)
                r"|(?<![가-힣])회 ?(말고|빼고|는 안|는 말고|못 먹|안 먹)"
                # the same said as a favour asked ("회는 빼 주세요")
                r"|(?<![가-힣])회(는|를)? ?빼 ?(줘|주세요|주십시오)"
                r"|(해산물|갑각류|해물|조개류?)(는|은|를|을)? ?빼 ?(줘|주세요|주십시오)", re.I),
     re.compile(r"\b(sea ?food|oysters?|shellfish|shrimps?|prawns?|lobsters?|crabs?|mussels?|"
                r"clams?|sushi|sashimi|fish market)\b"
                r"|게장|해물|해산물|횟집|생선회|활어회|회센터|모둠회|물회|조개|새우|꽃게|삼합",
                re.I),
     "the driver does not eat seafood",
     re.compile(r"\b(no seafood|seafood-free|without seafood)\b|해산물(이)? (아닌|없는)", re.I)),
    # a wheelchair in the car ("I'm in a wheelchair, so everything has to be step-free")
    (re.compile(r"\b(i'?m|i am|(my|our) \w+ is|(he|she)'?s) in a wheelchair\b|\bwheelchair user\b"
                r"|\b(has|have|needs?) to be step[- ]free\b|휠체어(를|가)? (타|써|사용)", re.I),
     re.compile(r"\b(stairs?|staircase|steps (up|down)|upstairs|no (lift|elevator))\b|계단",
                re.I),
     "the driver needs step-free access",
     re.compile(r"\b(step[- ]free|ramps?|lifts?|elevators?|accessible|ground floor)\b"
                r"|경사로|엘리베이터", re.I)),
    # a driver who cannot walk far ("I sprained my ankle yesterday", "많이 못 걸어") and a hike
    (re.compile(r"\b(i|we) (can'?t|cannot|can not) walk (far|much|long|a lot)\b|\b(sprained|"
                r"twisted|broke|broken|hurt|injured) (my|his|her|an?) (ankle|knee|foot|leg)\b"
                r"|\bon crutches\b|\bbad (knee|knees|hip|back)\b"
                r"|\b(knee|knees|hip|ankle|foot)(['’]s| is| are) (bad|sore|playing up|hurting|"
                r"swollen|not great)\b"
                r"|(발목|무릎|다리|허리)(을|를|이|가)? ?(삐|다쳐|다쳤|아파|안 좋)"
                r"|(많이|오래|멀리) 못 걸",
                re.I),
     re.compile(r"\b(hike|hiking|trek\w*|\d+(?:[.,]\d+)? ?(km|mi|miles?) (walk|hike|trail|loop|"
                r"round trip|on foot|climb)|(walk|climb|hike) (up|down) to|\d+[- ](hour|hr) (walk|"
                r"hike|trail|loop|climb)|steep (climb|path|trail|steps)"
                # a named walk and its length, or its climb ("The Ridge Loop: 9 km with 600 m of
                # climbing")
                r"|(loop|trail|walk|hike|circuit)\W{1,3}\d+(?:[.,]\d+)? ?(km|mi|miles)"
                r"|\d+ ?m (of )?(climbing|ascent|elevation gain))\b"
                r"|걸어 ?(올라|내려)|등산|트레킹"
                r"|\d+(?:\.\d+)?km[^.]{0,12}(옛길|산책로|둘레길|탐방로|걸어|걷)"
                r"|왕복 \d+시간", re.I),
     "the driver cannot walk far",
     re.compile(r"\b(short walk|few steps|no walking|without walking|little walking|from the car|"
                r"drive (up|to the top)|step-free|accessible|flat|level path|wheelchair|shuttle|"
                r"cable car)\b|짧은|조금만|차에서|차로 (올라|가)|평지|셔틀|케이블카", re.I)),
    # the road the driver ruled out for the trip ("stay off the expressway", "고속도로 말고")
    (re.compile(r"\b(stay off|avoid\w*|no|not|without|skip|keep off)( the| any)? (expressways?|"
                r"motorways?|highways?|freeways?|autobahn)\b|고속도로 ?(말고|피해|빼고|없이|안 타)",
                re.I),
     re.compile(r"\b(via|on|take|taking|using) (the )?[\w' -]{0,30}\b(expressway|motorway|highway|"
                r"freeway|autobahn)\b|고속도로(로|를 타고|를 이용| 경유)", re.I),
     "the driver ruled out the expressway",
     re.compile(r"\b(avoid\w*|local roads|back roads|surface streets|no (expressway|motorway|"
                r"highway)|without (the )?(expressway|motorway|highway))\b|국도|피해서|없이",
                re.I)),
)


def fact_against(reply: str, said_in: str, not_in: str = "") -> tuple[str, str] | None:
    """A fact of `FACTS` the driver states in `said_in` (and not in `not_in`) that the reply's
    offer goes against, with no refusal and no word that heeds it: (the fact, what is offered)."""
    if acts.is_refusal(reply):
        return None
    for said, against, fact, heeds in FACTS:
        # the short text first: most replies offer nothing; a thing said to be kept out is not
        # offered ("not a scrap of ham goes through that kitchen")
        hit = next((m for m in against.finditer(reply)
                    if not KEPT_OUT.search(reply[max(0, m.start() - 30):m.start()])), None)
        if (hit and said.search(said_in) and not (not_in and said.search(not_in))
                and not heeds.search(reply) and not SET_AGAINST.match(reply[hit.end():])):
            return fact, hit.group(0)
    return None


KEPT_OUT = re.compile(r"\b(no|not|without|free of|never|nothing with|zero)\b[^.?!]{0,25}$", re.I)


# What the offer is set against, not what it is ("항구 앞은 거의 다 횟집인데 여기는 국밥만 해요",
# "the harbour is all seafood, but this one does burgers")
SET_AGAINST = re.compile(r"[^.?!]{0,12}?(인데|이지만|지만|이라서 피했|말고)"
                         r"|[^.?!]{0,30}?,? (but|whereas) (this|that|here|the one|it)\b", re.I)
