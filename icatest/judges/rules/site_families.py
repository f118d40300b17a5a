"""Paraphrase families of what a site has to offer the car or the trip (`family.py`): cards or
cash at the till, no height barrier over a car park's entrance, a pitch with power. Each is a house
rule of the place: broken by the reply's own words for the opposite, read only when it says
either way."""

from __future__ import annotations

from icatest.judges.rules.family import Family

SITE_FAMILIES: dict[str, Family] = {
    # paying by card ("a cafe that takes cards"): cash only goes against it
    "card_payment": Family(
        (r"\b(take\w*|accept\w*|pay\w*) (by |with )?(credit |debit )?cards?\b",
         r"\bcard payment\b", r"\bno cash\b", r"카드 ?(되는|돼|결제|가능|받는)"),
        (r"\b(take\w*|accept\w*) (all )?(credit |debit )?cards?\b",
         r"\bcards? (accepted|ok)\b", r"\bcontactless\b",
         r"카드 ?(결제)?(도|는)? ?(가능|돼요|됩니다|받아요|받습니다)"),
        (r"\bcash only\b", r"\bno cards?\b",
         r"\b(doesn'?t|does not|don'?t|do not|won'?t) (take|accept) (credit |debit )?cards?\b",
         r"현금만|카드 ?(결제)?(는|가)? ?(안 ?돼|안 ?되|불가|안 받)"),
        unread_if_silent=True,
    ),
    # paying in cash ("fuel that takes cash, my card keeps getting declined"): a place said to
    # take cards or an app only goes against it
    "cash_payment": Family(
        (r"\b(takes?|taking|accept\w*|pay\w*|paying) (in |with |by )?cash\b|\bcash only\b",
         r"현금 ?(결제|되는|받는|가능|으로)"),
        (r"\b(takes?|accepts?) cash\b|\bcash (ok|accepted|welcome|or card|and cards?)\b|"
         r"\b(card|cards) (and|or) cash\b|\bcash only\b",
         r"현금 ?(결제)?(도|은|는)? ?(가능|돼요|됩니다|받아요|받습니다)"),
        (r"\b(cards?|app|contactless)( (or|and) (cards?|app|contactless))?( payment)? only\b",
         r"\bno cash\b|\bcashless\b|\b(doesn'?t|does not|don'?t|do not|won'?t) (take|accept) "
         r"cash\b|\bunmanned\b",
         r"카드(로)?만|현금(은|는)? ?(안 ?(돼|되|받)|불가|결제 불가)|무인 ?주유소"),
        unread_if_silent=True,
    ),
    # a car park the roof box or a van fits into ("no car parks with a height barrier"): a
    # barrier or a clearance in metres at its entrance goes against it
    "no_height_barrier": Family(
        (r"\bheight (barriers?|restrictions?|limits?)\b", r"높이 ?제한"),
        (r"\bno (height )?(barrier|restriction|limit)s?\b|\bopen[- ]air\b|\bsurface (car park|"
         r"lot)\b", r"높이 ?제한(이|은|는)? ?없"),
        (r"(?<!no )\b\d([.,]\d+)? ?m (height )?(barrier|limit|clearance|max)\b",
         r"\b(height barrier|clearance|height limit|headroom)\b[^.\n]{0,15}\b\d([.,]\d+)? ?m\b",
         r"\b(multi-?storey|underground)\b",
         r"높이 ?제한(이|은|는)? ?\d|지하 ?주차장"),
        unread_if_silent=True,
    ),
    # a room with its own bathroom ("somewhere to stay with its own bathroom"): shared dorms or
    # washrooms down the corridor go against it
    # (a private bath of a ryokan's room: "a private open-air bath in the room", "in-room onsen")
    "private_bathroom": Family(
        (r"\b(own|private|en-?suite) ((open-air|outdoor|indoor|rooftop) )?(bath|bathroom|shower|"
         r"toilet|washroom|onsen|hot spring)s?\b|\ben-?suite\b|\bin-room (bath|onsen)\b",
         r"(개별|전용|객실 ?내) ?(화장실|욕실|노천탕)"),
        (r"\b(own|private|en-?suite) ((open-air|outdoor|indoor|rooftop) )?(bath|bathroom|shower|"
         r"toilet|washroom|onsen|hot spring)s?\b|\ben-?suite\b|\bin-room (bath|onsen)\b",
         r"(개별|전용|객실 ?내) ?(화장실|욕실|노천탕)"),
        # ("Shared indoor and outdoor baths")
        (r"\bshared ([\w-]+ (and [\w-]+ )?)?(bath|baths|bathroom|showers?|toilets?|washrooms?|"
         r"facilities|dorms?|onsen)\b|"
         r"\b(bath|bathroom|showers?|toilets?|washrooms?) (are )?(down the (hall|corridor)|shared|"
         r"in the corridor)\b|\bdorms?\b", r"공용 ?(화장실|욕실|샤워)"),
        unread_if_silent=True,
    ),
    # a pitch with a power hook-up ("powered sites, we need to run the fridge"): unpowered
    # sites, or no power, go against it
    "powered_sites": Family(
        (r"\bpowered (sites?|pitch\w*|spots?)\b|\b(electric|power|mains) hook-?ups?\b",
         r"전기 ?(사이트|되는 ?(사이트|자리))"),
        (r"(?<!un)powered (sites?|pitch\w*)\b|\bhook-?ups?\b|\b(power|electricity) (at|on) "
         r"(every|each|the) (site|pitch)\b", r"전기 ?(사용 ?)?가능"),
        (r"\bunpowered\b|\bnon-?powered\b|\bno (power|hook-?ups?|electricity)\b",
         r"전기(는|가)? ?(없|안 ?돼|불가)"),
        unread_if_silent=True,
    ),
    # a pool at the place to stay ("a hotel with a pool"): "no pool" goes against it
    "swimming_pool": Family(
        (r"\b(with|has|have|got) (a |an )?(swimming |indoor |outdoor |heated |rooftop )?pool\b",
         r"수영장(이)? ?(있는|딸린)"),
        (r"\b(swimming |indoor |outdoor |heated |rooftop |plunge )?pools?\b", r"수영장"),
        (r"\bno (swimming |indoor |outdoor |heated )?pool\b|\bpool (is )?(closed|shut)\b",
         r"수영장(은|이|는)? ?(없|닫)"),
        unread_if_silent=True,
    ),
    # a table with chairs for knees that cannot take the floor ("a proper table, no floor
    # seating"): tatami, floor cushions or low tables go against it
    "table_seating": Family(
        (r"\b(proper|real|normal|western[- ]style) tables?\b|\btables? and chairs\b|"
         r"\btable seating\b|\bno floor seating\b|\b(can'?t|cannot) (cope with|do|manage) "
         r"(the )?floor\b", r"좌식(은|는)? ?(말고|빼고|안|못)|입식|의자 (있는|자리)"),
        (r"\btables? and chairs\b|\bchairs\b|\bwestern[- ]style (seating|tables?)\b|"
         r"\btable seating\b", r"입식|의자|테이블석"),
        (r"\btatami\b|\bfloor (seating|cushions?)\b|\blow tables?\b|\bsit on the floor\b|"
         r"\bzashiki\b", r"좌식|방석"),
        unread_if_silent=True,
    ),
    # parking watched overnight ("parking that's guarded overnight"): a car park said to have no
    # attendant, or unstaffed, goes against it
    "guarded_parking": Family(
        (r"\b(guarded|attended|secure|supervised|staffed|manned)( overnight)? (parking|car park|"
         r"lot|garage)\b|\b(guarded|attended|supervised)\b",
         r"(경비|관리인)(이|가)? ?(있는|상주)|지키는 주차장"),
        (r"\b(guarded|attended|staffed|manned|security (guard|staff)|attendant on duty|"
         r"24[- ]?h(ours?)? (security|attendant))\b", r"경비|관리인 상주"),
        (r"\b(no|without an?) (attendant|guard|security|staff)\b|\bun(attended|guarded|staffed|"
         r"manned)\b", r"무인 ?주차|관리인(이|은)? ?없|경비(가|는)? ?없"),
        unread_if_silent=True,
    ),
    # a locked place for bikes overnight ("a lockable garage for our bikes"): bikes left in a
    # courtyard, under a tarp or outside go against it
    "locked_storage": Family(
        (r"\block(able|ed) (garage|shed|room|storage|store|bike room)\b|\bsecure (bike |bicycle )?"
         r"(storage|garage|shed|room)\b", r"(잠기는|잠글 수 있는) ?(창고|차고|보관)|자전거 보관"),
        (r"\block(able|ed)\b|\bsecure (storage|garage|shed|room)\b|\bbike (room|garage|store)\b",
         r"잠기는|보관소|창고"),
        (r"\bunder (a|the) (tarp|cover|awning)\b|\b(go|stay|left|kept|sit)s? (out )?in the "
         r"(courtyard|yard|garden|street)\b|\b(bike|bikes) (stay|go) outside\b|\bopen[- ]air\b",
         r"(마당|야외|밖)에 (두|세워|보관)"),
        unread_if_silent=True,
    ),
    # a table indoors, out of the heat ("where we can sit inside with air con"): a terrace only,
    # or no air conditioning, goes against it
    "indoor_seating": Family(
        (r"\b(sit|eat|seat\w*|tables?) (inside|indoors)\b|\bindoor (seating|tables?|dining)\b|"
         r"\bair[- ]?con\w*\b|\bair[- ]conditioned\b",
         r"실내(에서| ?좌석| ?자리|석)|에어컨 (나오는|되는|있는)"),
        (r"\b(indoor|inside) (seating|tables?|dining|room)\b|\bair[- ]?con\w*\b|"
         r"\bair[- ]conditioned\b|\bdining room\b", r"실내|에어컨"),
        (r"\b(terrace|outdoor|outside|patio|garden|courtyard)( tables?| seating| seats)? only\b|"
         r"\bonly (terrace|outdoor|outside|patio|garden|courtyard)\b|"
         r"\bno (indoor|inside) (seating|tables?)\b|\bno air[- ]?con\w*",
         r"야외(석|좌석|자리)만|실내(석|좌석|자리)(은|이|는)? ?없|에어컨(은|이|는)? ?없"),
        unread_if_silent=True,
    ),
}
