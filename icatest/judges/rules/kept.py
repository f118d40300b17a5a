"""What the driver fixed on an earlier turn for the rest of the day, and the reply plans
against without a word about it (context_forgotten), beside `established.py`:

* a time the day is held to ("our ferry off the island is at 20:30, keep it in mind", "the
  rental goes back at 16:00 sharp"): the reply plans the driver somewhere past it ("stay till
  17:00"), never naming the time or what it is for;
* the place taken for a part of the day ("we're staying at the Hotel Mirador tonight", "for
  lunch let's go to the Folk Heritage restaurant", "저녁은 '흑산 식당'에서 먹기로 했어"): the
  driver speaks of that part of the day without naming a place ("how long until lunch?"), and
  the reply gives another place of its kind, never the one taken;

Each reads only what the driver said and what the reply plainly states: a reply that names the
time, the ferry or the hotel, or says the plan is tight, has not forgotten it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import NamedTuple

from icatest.contracts.labels import FailureMode as F
from icatest.judges.rules import acts
from icatest.judges.rules.established import GENERIC, GOING, forgot
from icatest.judges.rules.korean import is_korean, without_particles
from icatest.judges.rules.place_kinds import place_kinds
from icatest.judges.rules.requests import MEAL
from icatest.judges.rules.text import STOP, clock, names, sentences, times_at, words
from icatest.judges.rules.turn import TurnInput
from icatest.judges.rules.turn_rules import Judging
from icatest.judges.rules.verdicts import Cause, failed

# --- a time the day is held to ----------------------------------------------------------

# what a fixed time is for: a departure, a hand-back, a meeting, a booking
FIXED_FOR = re.compile(
    r"\b(?P<what>ferry|ferries|boat|train|flight|plane|bus|coach|shuttle|rental|hire car|car "
    r"back|return the car|drop[- ]off|meet(?:ing)?|pick (?:\w+ )?up|check[- ]?in|check[- ]?out|"
    r"booked|reservation|reserved|appointment|tour|show|concert|curfew)\b"
    r"|(?P<ko>배|페리|여객선|기차|열차|KTX|비행기|버스|반납|약속|예약|체크인|픽업|공연|만나기로)",
    re.I)
# ... or said to be kept ("don't let me forget", "plan the evening around that")
KEEP = re.compile(r"\b(keep (it|that|this) in mind|don'?t let (me|us) forget|plan (\w+ ){0,2}"
                  r"around|(have|need|got) to be (back )?(at|in|there)|sharp)\b"
                  r"|잊지 ?마|기억해|맞춰", re.I)
# the reply keeps to it: it says the time is short, or what the time was for
HEEDED = re.compile(r"\b(miss|tight|too late|won'?t (make|fit)|not enough time|cutting it close|"
                    r"in time for|back by|leaves? you)\b|빠듯|늦|놓치", re.I)
# the driver is somewhere at a time of the reply's plan ("stay till 17:00", "done around
# 17:00", "stay on for the sunset around 22:10") ...
STAYS = re.compile(r"\b(stay\w*|start\w*|done|finish\w*|arriv\w*|back|be there|leav\w*|reach\w*|"
                   r"get (there|back|in)|spend\w*|till|until|wrap\w* up|set off|head off)\b",
                   re.I)
STAYS_KO = re.compile(r"^\s*(까지|쯤 끝|에 끝|에 도착|도착|출발|끝나|머무|있다가|돌아오)")
# ... which an opening hour is not ("open until 21:00")
HOURS = re.compile(r"\b(open\w*|clos\w*|hours)\b[^.!?\d]{0,12}$", re.I)


def _said_earlier(turn: TurnInput) -> Iterator[tuple[str, list[tuple[int, int]]]]:
    """The driver's earlier sentences, each with the clock times in it."""
    now = clock(turn.situation.time) if turn.situation.time else None
    for said in turn.history_users:
        for sentence in sentences(said):
            yield sentence, times_at(sentence, now)


def _fixed_time(turn: TurnInput) -> tuple[int, str] | None:
    """The last time the driver held the day to on an earlier turn, and what it is for."""
    now = clock(turn.situation.time) if turn.situation.time else None
    found = None
    for sentence, times in _said_earlier(turn):
        what = FIXED_FOR.search(sentence)
        if times and (what or KEEP.search(sentence)):
            found = (min(_ahead(t, now) for _, t in times), (what.group(0) if what else "").lower())
    if found is None or (now is not None and now >= found[0]):
        return None
    return found


def _ahead(minute: int, now: int | None) -> int:
    """A clock time said with no am or pm, already past in the morning's reading, is the
    afternoon's ("we leave by 1:15" said at 11:00 is 13:15)."""
    if now is not None and minute < now < minute + 12 * 60 and minute < 12 * 60:
        return minute + 12 * 60
    return minute


def _late(reply: str, limit: int, now: int | None) -> int | None:
    """A time of the reply's plan past the limit: when the driver would still be elsewhere."""
    for start, minute in times_at(reply, now):
        before = reply[max(0, start - 40):start]
        if minute <= limit or HOURS.search(before):
            continue
        if STAYS.search(before) or (is_korean(reply) and STAYS_KO.search(reply[start:][:20])):
            return minute
    return None


def time_passed_by(turn: TurnInput) -> str | None:
    fixed = _fixed_time(turn)
    if fixed is None or "?" in turn.reply or acts.is_refusal(turn.reply):
        return None
    limit, what = fixed
    now = clock(turn.situation.time) if turn.situation.time else None
    low = turn.reply.lower()
    if limit in [t for _, t in times_at(turn.reply, now)] or HEEDED.search(turn.reply):
        return None
    if what and (what.split()[0] in low or what.split()[0] in turn.user.lower()):
        return None
    late = _late(turn.reply, limit, now)
    if late is None:
        return None
    return (f"the driver holds the day to {_hhmm(limit)} ({what or 'said earlier'}), the plan "
            f"runs to {_hhmm(late)}")


def _hhmm(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"


def kept_time(turn: TurnInput, j: Judging) -> Judging:
    return forgot(turn, j, "kept_time", time_passed_by(turn))


# the reply asks for the time the driver already gave ("depends, when do you need to be
# somewhere?", "what time is your ferry?")
ASKS_WHEN = re.compile(r"\b(when|what time) (do|did|must|will) (you|we) (need|have|want) to "
                       r"(be|leave|get)\b|\bwhat time('?s| is) (your|the) \w+"
                       r"|\bwhen('?s| is) (your|the) \w+\?"
                       r"|몇 시까지 (가셔야|도착하셔야|가야)|언제까지 (가셔야|도착)", re.I)


def time_asked_again(turn: TurnInput) -> str | None:
    """A time the driver held the day to on an earlier turn, and the reply asks when the driver
    has to be somewhere, giving nothing: the driver would have to say it again."""
    fixed = _fixed_time(turn)
    if fixed is None or not ASKS_WHEN.search(turn.reply):
        return None
    limit, what = fixed
    now = clock(turn.situation.time) if turn.situation.time else None
    if any(t == limit for _, t in times_at(turn.reply, now)) or (
            what and what.split()[0] in turn.reply.lower()):
        return None  # "the 5 pm ferry, right?" is a check
    held = f"{_hhmm(limit)} ({what or 'said earlier'})"
    return f"the driver holds the day to {held}, the reply asks when"


def time_asked(turn: TurnInput, j: Judging) -> Judging:
    """The question counts for nothing: the driver would have to say the time again."""
    return _asked_again(turn, j, "time_asked", time_asked_again(turn))


def _asked_again(turn: TurnInput, j: Judging, rule: str, why: str | None) -> Judging:
    """A question for what the driver established: the request's verdict is forgotten
    context (`forgets_context` may have read the question already)."""
    if why is None or len(turn.requests) != 1 or turn.requests[0].simulated:
        return j
    if F.CONTEXT_FORGOTTEN in j.verdicts[0].labels:
        return j
    text = f"[{turn.requests[0].description}] {why}"
    return replace(j, verdicts=(failed(F.CONTEXT_FORGOTTEN, Cause.FORGOT, rule, text),))


# --- the time of a thing the driver set, said back as another --------------------------------

# the event and its time in one breath ("Our dinner at the Mamalluca lodge is at 20:30")
EVENT = re.compile(r"\b(?P<what>dinner|lunch|breakfast|brunch|ferry|boat|train|flight|bus|"
                   r"shuttle|tour|show|concert|meeting|appointment|check[- ]?in|table|"
                   r"reservation|booking|"
                   # in Korean ("비양도 가는 12시 배 표 예매했어", "저녁 예약 7시")
                   r"배|기차|열차|비행기|버스|공연|저녁|점심|체크인|투어)\b", re.I)


def _event_time(turn: TurnInput) -> tuple[int, str] | None:
    """The time of an event the driver set on an earlier turn: (minutes, its word)."""
    found = None
    for sentence, times in _said_earlier(turn):
        what = EVENT.search(sentence)
        if what and len(times) == 1:
            found = (times[0][1], what.group("what").lower())
    return found


def time_said_otherwise(turn: TurnInput) -> str | None:
    """The reply names the driver's event with another time than the one they set ("your
    **22:00 dinner**" for the dinner at 20:30), and never the right one."""
    event = _event_time(turn)
    if event is None:
        return None
    minute, what = event
    now = clock(turn.situation.time) if turn.situation.time else None
    said = times_at(turn.reply, now)
    if not said or minute in [t for _, t in said] or EVENT_TIME_ASKED.search(turn.user):
        return None
    low = turn.reply.lower()
    for start, other in said:
        # the time and the event in one phrase: "22:00 dinner", "dinner at 22:00"
        near = low[max(0, start - 14):start + 14]
        # ... or the event the clause is about ("your meeting with the guide is at 17:00")
        clause = re.search(rf"\b{re.escape(what)}\b[^.,;:!?—–]{{0,40}}\b(is|at|for)\W*$",
                           low[max(0, start - 60):start])
        if (re.search(rf"\b{re.escape(what)}\b", near) or clause) and abs(other - minute) >= 15:
            return (f"the driver set the {what} for {_hhmm(minute)}, the reply says "
                    f"{_hhmm(other)}")
    return None


# the driver moves the event or asks its time now: a new time in the reply is no slip
EVENT_TIME_ASKED = re.compile(r"\b(move|moved|change|changed|push|pushed|resched\w*|instead|"
                              r"now at|what time|when is)\b", re.I)


def time_otherwise(turn: TurnInput, j: Judging) -> Judging:
    return forgot(turn, j, "time_otherwise", time_said_otherwise(turn))


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


def place_asked_again(turn: TurnInput) -> str | None:
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
    return _asked_again(turn, j, "taken_asked", place_asked_again(turn))
