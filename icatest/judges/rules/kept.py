"""The place the driver took for a part of the day on an earlier turn ("we're staying at the
Hotel Mirador tonight", "for lunch let's go to the Folk Heritage restaurant", "저녁은 '흑산
식당'에서 먹기로 했어"), and the reply that goes against it without a word about it
(context_forgotten): the driver speaks of that part of the day without naming a place ("how long
until lunch?"), and the reply gives another place of its kind, never the one taken, or asks
which place that is (beside `established.py`; a time the day is held to: `kept_times.py`).

Each reads only what the driver said and what the reply plainly states.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from icatest.judges.rules import acts
from icatest.judges.rules.established import GENERIC, GOING, asked_again, forgot
from icatest.judges.rules.korean import is_korean, without_particles
from icatest.judges.rules.place_kinds import place_kinds
from icatest.judges.rules.requests import MEAL
from icatest.judges.rules.text import STOP, names, sentences, words
from icatest.judges.rules.turn import TurnInput
from icatest.judges.rules.turn_rules import Judging

# --- the place taken for a part of the day ------------------------------------------------

# the driver takes a place for the night ...
STAYING = re.compile(r"\b(staying|sleeping|stay|sleep|spending the night|spend the night|"
                     r"checked in|booked (a room|rooms|a night|\w+ nights)|"
                     # "we're booked at the lodge …", "we'll camp at …", "pitching up at …"
                     r"(we'?re|we are|i'?m|i am) booked (at|in|into)|camp|camping|pitching|"
                     # "our room tonight is at the Gasthof Sonnblick", "we're at the horse farm
                     # guesthouse tonight"
                     r"(our|my) rooms? (tonight |for tonight )?(is|are) (at|in)|"
                     # "our b&b tonight is the old rectory", "our cabin is number 14 at …"
                     r"(our|my) (b&b|guest ?house|hotel|inn|lodge|cabin|chalet|campsite|motel|"
                     r"hostel) (tonight |for tonight )?(is|'s)\b|"
                     # "we've booked a powered site at the Eucla caravan park"
                     r"booked (a|an|the) ([\w-]+ ){0,2}(site|pitch|cabin|room|spot|bed)s? (at|in)|"
                     r"(our|my) (rental|holiday) (house|home|cottage|apartment|flat) (is|'s) "
                     r"(at|in|on)|"
                     r"(we'?re|we are|i'?m|i am) (at|in)\b(?=[^.!?]*\b(tonight|nights)\b)|"
                     # a pitch or a site taken ("we've got site 14 at twelvemile beach")
                     r"(we'?ve got|we have|i'?ve got|i have|got) (site|pitch|plot) \w+ "
                     r"(at|in)\b)\b",
                     re.I)
CAMPING_AT = re.compile(r"\b(camping|camp|pitching|pitched up)\s+(at|in|by)\b", re.I)
# ... typed in lowercase, the place after the word of where ("booked at the lodge on thesen
# island tonight"): its words to the next comma
AT_TYPED = re.compile(r"\b(?:at|in|into) (?:the |a )?(?P<at>[a-z][^,.;!?]{3,60})")
# ... or the night's lodging said in Korean ("오늘 숙소는 초당동 솔바람 게스트하우스야")
# (or "오늘 민박은 범바위 근처 '바람소리 민박'이야", its name quoted)
LODGING_KO = re.compile(r"(?:숙소|민박|펜션|호텔|게스트하우스)(?:는|가|은) "
                        r"(?P<at>['‘\"“]?[가-힣]+(?: ['‘\"“]?[가-힣]+['’\"”]?){0,3}?)['’\"”]?"
                        r"(?:이야|야|예요|이에요|입니다|이고|거든)(?![가-힣])")
# ... or for a meal
MEAL_KO = re.compile(r"(?P<meal>저녁|점심|아침)(?:은|을|는)? (?P<at>[^.!?]{1,30}?)(?:에서|으로|로) "
                     r"(?:먹기로|먹을|먹자|할게|하기로|예약)")
# the driver speaks of it again, without naming it
LODGING_NOW = re.compile(r"\b(the|our|my|tonight'?s) (hotel|guest ?house|hostel|lodge|inn|b&b|"
                         r"motel|room|cabin|chalet|apartment|campsite|campground|accommodation|"
                         r"house|cottage|bunkhouse|hut)\b|\bwhere "
                         r"(we'?re|we are|i'?m|i am) (staying|sleeping)\b"
                         # "tonight's place", typed "tonights place"
                         r"|\btonight'?s (place|spot|stop|bed)\b"
                         # the camp itself ("how much longer to camp")
                         r"|\bto (camp|the site|our site|our pitch)\b"
                         r"|숙소|호텔|펜션|게스트하우스|민박|(자는|잘|묵는|묵을) ?(데|곳)", re.I)
MEAL_NOW_KO = re.compile(r"저녁|점심|아침")
# ... or where the driver meets someone ("we're meeting my sister at the Hotel Handeck"), spoken
# of again as "where we're meeting her"
MEETING = re.compile(r"\b(we'?re|we are|i'?m|i am) meeting\b[^.!?]{1,30}\bat\b", re.I)
# the reply puts another place there ("Near Bokonbayevo, where you're spending the night")
STAY_PUT = re.compile(r"\bwhere (you'?re|you are) (staying|sleeping|spending the night)\b", re.I)


def _keys(phrase: str) -> set[str]:
    return {w for w in words(phrase.lower()) if w not in GENERIC and w not in STOP and len(w) > 2}


# a place for the night, by the word for it in its name or beside it ("Gasthof Post", "the
# Duet guesthouse")
LODGING_WORD = re.compile(r"\b(hotel|inn|motel|hostel|lodge|guest ?house|b&b|gasthof|pension|"
                          r"rifugio|refugio|ryokan|resort|campsite|campground|cabins?|chalets?|"
                          r"bunkhouse|hut|cottage|"
                          r"holiday park|caravan park|camping)\b"
                          r"|호텔|펜션|게스트하우스|숙소|민박|모텔|한옥 ?스테이|"
                          r"리조트|콘도|글램핑|캠핑장|여관|호스텔", re.I)
EATING = frozenset({"restaurant", "cafe"})


def _of_role(name: str, text: str, role: str) -> bool:
    """Is the name that of a place for the role, read with the word before and after it
    ("the Folk Heritage restaurant", "Hotel Plaza Mexicana")?"""
    at = text.lower().find(name)
    phrase = name
    if at >= 0:
        before = text[:at].split()[-1:]
        after = text[at + len(name):].split()[:1]
        phrase = " ".join((*before, name, *after))
    if role == "lodging":
        return LODGING_WORD.search(phrase) is not None
    return bool(place_kinds(phrase) & EATING)


class Taken(NamedTuple):
    role: str  # 'lodging' or the meal
    keys: set[str]  # the words of its name
    one_place: bool = True  # a place of its kind named, not only the town it is in


# a name in quotes ("'바람소리 민박'")
QUOTED = re.compile(r"['‘\"“]([^'’\"”]+)['’\"”]")


def _taken(turn: TurnInput) -> Taken | None:
    """The last place the driver took for the night or a meal: ('lodging' or the meal, the
    words of its name; of the names said, those of a place of its kind if any is)."""
    found = None
    for said in turn.history_users:
        for sentence in sentences(said):
            m = MEAL_KO.search(sentence)
            if m:
                quoted = QUOTED.findall(m.group("at"))
                at = quoted[0] if quoted else m.group("at")
                found = Taken(m.group("meal"),
                              {without_particles(w) for w in at.split()} - {"식당"})
                continue
            m = LODGING_KO.search(sentence)
            if m:
                quoted = QUOTED.findall(sentence)
                at = quoted[0] if quoted else m.group("at")
                found = Taken("lodging", {without_particles(w.strip("'‘\"“’”")) for w in at.split()}
                              - {"숙소", "호텔", "펜션", "게스트하우스", "민박"})
                continue
            meal = MEAL.search(sentence)
            role = ("lodging" if STAYING.search(sentence) else meal.group(0).lower() if meal
                    else "meeting" if MEETING.search(sentence) else "")
            named = sorted(n for n in names(" " + sentence) if n not in STOP)  # not "Our"
            # of its kind by its word, or said as where the night or the meal is ("dinner at Al
            # Diyafa for 8", "staying at the Bushmills Inn"; not "somewhere in Ortisei")
            of_role = [n for n in named if _of_role(n, sentence, role)
                       or re.search(rf"\bat (the )?{re.escape(n)}\b", sentence.lower())]
            own = of_role or named
            keys = set().union(*(_keys(n) for n in own)) if own else set()
            typed = AT_TYPED.search(sentence) if sentence == sentence.lower() else None
            if not keys and typed and role:
                keys = _keys(typed.group("at")) - LODGING_NAMES - TIMES_OF_DAY
            if role and keys:
                # a place of its kind named, not only where it is ("somewhere in Ortisei")
                one = bool(of_role) or bool(typed and _of_role(typed.group("at"), sentence, role))
                # camping somewhere makes it the campsite ("camping at half moon lake, site 12")
                one = one or bool(typed and role == "lodging" and CAMPING_AT.search(sentence))
                found = Taken(role, keys, one)
    return found


# a Korean route to a place, its name in quotes or not ("예리항 '바다마당'으로 안내할게요")
GOING_KO = re.compile(r"['‘\"“]?(?P<ko>[가-힣]+(?: [가-힣]+)?)['’\"”]?(?:으로|로) "
                      r"(?:안내|출발|경로|모실|갈게|가요|갑니다)")


# a lodging named in a terse lowercase reply, its word and its name ("guesthouse carina")
# ("guesthouse carina", "the rodanthe house", "tuolumne meadows campground")
_LODGING_TYPED = (r"(guest ?house|hotel|lodge|inn|hostel|hostal|posada|pousada|riad|ryokan|"
                  r"gasthof|motel|campground|house|cottage|"
                  r"camping|campsite|bunkhouse|cabins?)")
TYPED_LODGING = re.compile(rf"\b{_LODGING_TYPED} (?!(in|at|on|by|near|for|is|was|tonight|and|with|"
                           rf"from)\b)(?P<n>[a-z]{{3,}})\b|\b(?!(the|a|an|our|your|this|that|to|at|"
                           rf"in|back)\b)(?P<b>[a-z]{{3,}}) ([a-z]+ )?{_LODGING_TYPED}\b")


# a lodging placed in another town, with no name ("the b&b in roundwood")
LODGING_IN = re.compile(r"\b(b&b|guest ?house|hotel|inn|lodge|hostel|motel|campsite|cabin) (in|at) "
                        r"(?P<t>[a-z][\w'’-]{2,})", re.I)


def _other_place(turn: TurnInput, role: str) -> str | None:
    """A place the reply states for that part of the day that the talk never named."""
    known = " ".join((turn.user, *turn.history_users, *turn.history_replies)).lower()
    stated = " ".join(s for s in sentences(turn.reply) if not s.rstrip().endswith("?"))
    going = GOING_KO.search(stated) if is_korean(stated) else GOING.search(stated)
    if going:
        to = going.groupdict().get("to") or going.groupdict().get("typed") or going.group("ko")
        if to and to.lower() not in known:
            return str(to)
    typed = TYPED_LODGING.search(stated) if role == "lodging" and stated == stated.lower() else None
    if typed and (typed.group("n") or typed.group("b")) not in known:
        return typed.group(0)  # "guesthouse carina in vik, 6 min back"
    town = LODGING_IN.search(stated) if role == "lodging" else None
    if town and town.group("t").lower() not in known:
        return town.group(0)  # "the b&b in roundwood is 12 km from glendalough"
    for quoted in QUOTED.findall(stated) if is_korean(stated) else ():
        # "도청항 앞 '청산 게스트하우스'까지 7분 걸려요": a lodging the talk never named (or any
        # place the way to the night's lodging is timed to: "'한옥 스테이 달빛'까지 20분")
        timed = re.search(re.escape(quoted) + r"['’\"”]?(까지|으로|로)", stated)
        if (role == "lodging" and (LODGING_WORD.search(quoted) or timed)
                and quoted.lower() not in known):
            return str(quoted)
    to_ko = KO_LODGING_TO.search(stated) if role == "lodging" and is_korean(stated) else None
    if to_ko and to_ko.group("p").lower() not in known:
        return to_ko.group("p")  # "횡성 읍내 비즈니스 호텔까지 15분 남았어요", unquoted
    for name in sorted(names(" " + stated)):
        if name in known:
            continue
        if (_of_role(name, stated, role) or role == "meeting"
                or (role == "lodging" and STAY_PUT.search(stated))):
            return name
    return None


# a Korean lodging named unquoted, the way timed to it ("읍내 비즈니스 호텔까지 15분")
KO_LODGING_TO = re.compile(r"(?P<p>[가-힣]+(?: [가-힣]+){0,2} ?"
                           r"(호텔|펜션|게스트하우스|민박|모텔|리조트))(까지|으로|로)(?![가-힣])")
# the words of a lodging's kind and of when, no name of one place
LODGING_NAMES = frozenset("""hotel inn motel hostel lodge guesthouse guest house b&b campsite
    campground cabin chalet camp site park cottage""".split())
TIMES_OF_DAY = frozenset("tonight today tomorrow night nights weekend".split())
# the reply asks which place that is, the place the driver took and speaks of now
ASKS_WHICH_PLACE = re.compile(
    r"\b(what|which) (hotel|guest ?house|hostel|lodge|inn|b&b|motel|cabin|chalet|apartment|cottage|"
    r"campsite|campground|restaurant|place|one)\b[^.!?]*\?|\b(tell me|let me know) (which|what|"
    r"where)\b[^.!?]*\b(hotel|lodge|place|staying|campsite|restaurant)\b"
    r"|어느 (숙소|호텔|펜션|곳|식당)|어디(인지|로 가실지|신지)", re.I)


def _names_one(user: str, role: str) -> bool:
    """The driver names a place for the role now ("the Causeway" as where from names none)."""
    return any(_of_role(n, user, role) for n in names(user))


def _spoken_of(user: str, role: str) -> bool:
    """The driver speaks of the place taken for the role again, without its name."""
    if role == "lodging":
        return LODGING_NOW.search(user) is not None
    if is_korean(role):
        return MEAL_NOW_KO.search(user) is not None
    return role in user.lower()


def place_passed_by(turn: TurnInput) -> str | None:
    taken = _taken(turn)
    if taken is None or _names_one(turn.user, taken.role) or acts.is_refusal(turn.reply):
        return None
    role, keys, _ = taken
    low = turn.reply.lower()
    if not _spoken_of(turn.user, role) or not keys or any(k in low for k in keys):
        return None
    if ASKS_WHICH_PLACE.search(turn.reply):
        return None  # `taken_asked` reads it
    other = _other_place(turn, role)
    if other is None:
        return None
    return f"the driver took {' '.join(sorted(keys))!r} for the {role}, the reply gives {other!r}"


def kept_place(turn: TurnInput, j: Judging) -> Judging:
    return forgot(turn, j, "kept_place", place_passed_by(turn))


def placeasked_again(turn: TurnInput) -> str | None:
    """The place the driver took for the night or a meal, spoken of again unnamed, and the
    reply asks which place that is ("what lodge is that?", "어느 숙소로 가실지 알려 주시면")."""
    taken = _taken(turn)
    if taken is None or _names_one(turn.user, taken.role) or not ASKS_WHICH_PLACE.search(
            turn.reply):
        return None
    role, keys, one_place = taken
    low = turn.reply.lower()
    if not one_place or not _spoken_of(turn.user, role) or not keys or any(k in low for k in keys):
        return None
    return f"the driver took {' '.join(sorted(keys))!r} for the {role}, the reply asks which"


def taken_asked(turn: TurnInput, j: Judging) -> Judging:
    """The question counts for nothing: the driver would have to say the place again."""
    return asked_again(turn, j, "taken_asked", placeasked_again(turn))
