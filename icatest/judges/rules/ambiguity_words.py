"""Ambiguity in the driver's words themselves, that no earlier reply lists:

* a bare number that is a party or an hour ("book it for 8");
* a name the reply itself says fits several ("You have three contacts named Kasia — I've gone
  with Kasia Wójcik", "연락처에 민수가 두 분 있습니다. 박민수 님께 걸겠습니다");
* "set it to 18" when the last exchange set two things of the car (the air con and the volume).

Each fires only when the reply goes ahead with one reading and asks nothing (`ambiguity.py`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from icatest.contracts.labels import FailureMode as F
from icatest.judges.rules import acts
from icatest.judges.rules.ambiguity import (
    NOT_A_NAME,
    PICKS,
    acted_on,
    acts_on_one,
)
from icatest.judges.rules.korean import is_korean, without_particles
from icatest.judges.rules.place_kinds import place_kinds
from icatest.judges.rules.text import STOP, minutes_of, sentences, words
from icatest.judges.rules.turn import TurnInput
from icatest.judges.rules.turn_rules import Judging
from icatest.judges.rules.unnamed_it import BARE_OBJECT, DEVICES
from icatest.judges.rules.verdicts import Cause, Outcome, decided

# The reply counts the matches of a name: "three contacts named Kasia", "two Alexes in your
# contacts", "two Ellies saved", "민수가 두 분", "민수 님이 두 명".
COUNTED_EN = re.compile(
    r"\b(two|three|four|several|multiple|\d) (contacts?|people|entries|matches|numbers|"
    r"places|locations|branches|stations|\w+) (named|called|matching|with the name|under)\b"
    # ... saved under the name ("two saved places for Ahmed")
    r"|\b(two|three|four|several|multiple|\d) (saved|stored) \w+ (for|named|called|under)\b"
    r"|\b(two|three|four|several|multiple|\d) (\w+?)(e?s)\b(?= (in|on|among) (your|ur|the) "
    r"(contacts|phone ?book|address book|list)| (saved|stored|booked)\b)",
    re.I)
# ... or names another match beside the one it acted on ("You also have Dr. Linh Nguyen
# saved", "2 nearby: marriott downtown, courtyard aksarben. going to downtown")
ANOTHER_EN = re.compile(
    r"\b(you )?also have\b|\bthere'?s also\b|\b(another|a second) \w+ (named|called)\b"
    # ... said after the name ("there's a Giulia Ferraro in your contacts as well")
    r"|\bthere'?s (a|an) [^.;!?]{1,40}\b(as well|too)\b"
    r"|^\W*(two|three|several|\d) (nearby|close by|around here|near you|found|matches)\b"
    # ... or the other one kept ("Your Lake Bohinj boat ride tomorrow is still booked")
    r"|\byour [^.?!]{0,60}\b(is|are) still (booked|on|set|saved|scheduled|there)\b"
    # ... or the other one said to be saved too ("sigrid from the boat trip is saved too")
    r"|\b(is|are) (also )?(saved|stored|in your contacts) (too|as well)\b",
    re.I)
# ... or counts them with no name, the one acted on picked by its detail ("u had 2 for tmrw.
# deleted the 8:00 one")
COUNTED_BARE = re.compile(r"\b(you|u) (had|have|'ve got|got) (two|three|several|[2-9]) (for|on|set|"
                          r"saved|booked)\b[^.?!,;]*[.!,;]\s+[^.?!]*\bthe [^.?!]{1,30} one\b",
                          re.I)
# ... in Korean ("연락처에 최지영 님도 있던데"): another of the driver's name
# (a full name before a title: "박서연 과장님도 있어요")
# (or saved: "연락처에 큰이모님도 저장되어 있습니다")
# (or quoted as saved: "연락처에 '수진 팀장님'도 저장되어 있습니다")
ANOTHER_KO = re.compile(r"(?P<name>[가-힣]{2,4}(?: [가-힣]{2,3})?) ?(님|씨)['’\"]?도 "
                        r"((저장|등록)(되어|돼) ?)?(있|계)")
# ... or another entry saved, quoted with its tag ("'엄마(집)'도 저장되어 있어요")
SAVED_KO = re.compile(r"['‘\"“](?P<name>[가-힣]+)(\([^)]*\))?['’\"”]도 ?(연락처에 |목록에 )?"
                      r"(저장|등록)(되어|돼) ?(있|있어요|있습니다)")
# a title the driver gave with the family name alone ("박 과장님한테 전화 걸어 줘")
TITLED_KO = re.compile(r"(?P<family>[가-힣]) (?P<title>[가-힣]{2,3})님")
# A message sent or a call placed already: a question after it does not undo the act ("이지영
# 님께 문자를 보냈어요. … 혹시 그분이셨나요?")
DONE_ALREADY = re.compile(r"\b(sent|called|texted|dialled|dialed|moved|rescheduled|cancell?ed|"
                          r"deleted)\b|"
                          r"보냈(어요|습니다)|걸었(어요|습니다)|전화(를)? ?드렸")
COUNTED_KO = re.compile(
    r"(?P<name>[가-힣]+?)(?: ?님)?(?:이|가|은|는) (?:두|세|네|여러|몇) ?(?:분|명|곳|개|군데)")
# ... the count after the places it counts ("오늘 예약이 5시 찻집과 7시 추어탕집 두 곳인데")
COUNTED_KO_LATER = re.compile(
    r"(?P<name>[가-힣]+?)(?:이|가|은|는) [^.?!]{0,40}(?:두|세|네|여러) ?(?:곳|군데|건)"
    r"(?:인데|이라|이어서|이에요|이네요|있는데)")


def _same_titled(name: str, titled: re.Match[str]) -> bool:
    """Another of the family name and title the driver said ("박서연 과장" for "박 과장님")."""
    parts = name.split()
    return (len(parts) == 2 and parts[0].startswith(titled.group("family"))
            and parts[1] == titled.group("title"))


def _counted_word(sentence: str, name: str) -> bool:
    """The driver's name counted ("There are two Woolworths on this side of town")."""
    n = re.escape(name)
    # a digit counts only a plural ("2 rays"): "6 pm" counts nothing
    return bool(re.search(rf"\b(two|three|four|several|multiple) {n}(e?s)?\b|\b[2-9] {n}(e?s)\b",
                          sentence, re.I))


def _named_twice(sentence: str, name: str) -> bool:
    """The driver's name given twice with two other names after it ("you have dimitra georgieva
    and dimitra nikolova", "Kenji Tanaka and Kenji Mori in your contacts")."""
    n = re.escape(name)
    return bool(re.search(rf"\b{n}\s+(\w+)\b[^.?!]*?\b(and|or)\s+{n}\s+(?!\1\b)\w+",
                          sentence, re.I))


def counted_name(turn: TurnInput) -> str | None:
    """The reply itself says that the driver's name fits several, then acts on one: the
    sentence that says so."""
    # the driver's own words that may be a name: not a kind of place ("two petrol stations
    # nearby, taking you to the closer one" goes with a fair default)
    said = {w for w in words(turn.user)
            if w not in STOP and w not in NOT_A_NAME and len(w) > 1 and not place_kinds(w)}
    said |= {without_particles(w) for w in said}
    said |= {re.sub(r"['’]s$", "", w) for w in said}  # "Ahmed's" is Ahmed's place
    acted = acts_on_one(turn.reply, turn.user) or bool(DONE_ALREADY.search(turn.reply))
    if PICKS.search(turn.user) or not said or not acted:
        return None
    given = {re.sub(r"(이)?(한테|에게|께|랑|하고)$", "", w) for w in said if is_korean(w)}
    bare = COUNTED_BARE.search(turn.reply)
    if bare:
        return bare.group(0).strip()
    for s in sentences(turn.reply):
        other = ANOTHER_KO.search(s)
        if other and any(len(g) >= 2 and g in other.group("name") != g for g in given):
            return s.strip()
        titled = TITLED_KO.search(turn.user)
        if other and titled and _same_titled(other.group("name"), titled):
            return s.strip()
        saved = SAVED_KO.search(s)
        # another entry saved under the driver's word ("'엄마(집)'도 저장되어 있어요")
        if saved and any(len(g) >= 2 and saved.group("name").startswith(g) for g in given):
            return s.strip()
        ko = COUNTED_KO.search(s)
        # a Korean given name takes 이 before its particle ("지훈이한테")
        if ko and any(w.startswith(ko.group("name")) for w in said if is_korean(w)):
            return s.strip()
        if (COUNTED_EN.search(s) or ANOTHER_EN.search(s)) and said & {w for w in words(s)}:
            return s.strip()
        if any(_named_twice(s, w) or _counted_word(s, w) for w in said if not is_korean(w)):
            return s.strip()
    return None


def counted_reading(turn: TurnInput, j: Judging) -> Judging:
    found = counted_name(turn)
    why = f"the reply says the driver's name fits several ({found!r}) and picks one"
    return acted_on(turn, j, "counted_name", why if found else None)


# "Book it for 8", "a table for 7": a bare number that is a party or an hour, said with neither
# "people" nor "pm"; the reply that books one reading without asking took it for the driver.
FOR_NUMBER = re.compile(
    r"\b(book|reserve|table|reservation)\b[^.?!]*\bfor (?P<n>\d{1,2}|one|two|three|four|five|six|"
    r"seven|eight|nine|ten|eleven|twelve)\W*$", re.I)
AS_PARTY = re.compile(r"\b(guests?|people|persons?|diners|party of|seats?)\b"
                      # "there are six of us": the party said in the driver's own count
                      r"|\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten) of us\b", re.I)
AS_HOUR = re.compile(r"\b(at|for) \d{1,2}([:.]\d{2})?\s*(am|pm|o'?clock|h\b)|\b\d{1,2}:\d{2}\b|"
                     r"\b(tonight|this evening) at\b", re.I)
NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}
BOOKED = re.compile(r"\b(booked|reserved|confirmed|all set|done|table is yours)\b", re.I)


def party_or_hour(turn: TurnInput) -> str | None:
    """The reading the reply took of "book it for 8" (party of eight, or eight o'clock)."""
    m = FOR_NUMBER.search(turn.user)
    if not m or "?" in turn.reply or not BOOKED.search(turn.reply):
        return None
    earlier = " ".join((*turn.history_users, *turn.history_replies))
    n = NUMBER_WORDS.get(m.group("n").lower()) or int(m.group("n"))
    if AS_PARTY.search(earlier) or re.search(r"\b(table|party) for \w+", earlier, re.I) or {
        n * 60, (n + 12) * 60
    } & set(minutes_of(earlier)):
        return None  # the party or the hour was said before: the number is the other one
    party, hour = AS_PARTY.search(turn.reply), AS_HOUR.search(turn.reply)
    if party and hour:
        return f"{m.group('n')} as the party, at another hour"
    if party or hour:
        return f"{m.group('n')} as {'the party' if party else 'the hour'}"
    return None


def number_reading(turn: TurnInput, j: Judging) -> Judging:
    read = party_or_hour(turn)
    why = f"a bare number that is a party or an hour; the reply books {read}"
    return acted_on(turn, j, "party_or_hour", why if read else None)


# The things of the car "it" may be, one group a thing ("the music" and "the volume" are one).
THINGS = {
    "audio": r"\b(radio|music|song|podcast|volume|playlist|mix)\b|라디오|음악|노래|볼륨|음량",
    "climate": r"\b(a/?c|air ?con\w*|climate|heat\w*|fan|temperature|defrost\w*)\b"
               r"|에어컨|히터|온도|송풍|풍량|바람",
    "windows": r"\b(windows?|sunroof|roof)\b|창문|썬루프|선루프",
    "lights": r"\b(lights?|headlights?)\b|라이트|조명|전조등",
    "seat": r"\b(seats?|seat heating)\b|시트|열선",
}


# a bare value with nothing named ("20으로 맞춰", "make it 20")
BARE_VALUE = re.compile(r"^\s*\d+\s*(도|단계)?\s*(으로|로)\s*(좀\s*)?(맞춰|해|바꿔|올려|내려)"
                        r"|\bmake it \d+\b", re.I)


def it_of_two(turn: TurnInput) -> str | None:
    """"Set it to 18" with nothing named, after an exchange that set two things of the car, and
    the reply sets one of them without asking: the one it chose."""
    bare = BARE_OBJECT.search(turn.user) or BARE_VALUE.search(turn.user)
    if not bare or DEVICES.search(turn.user) or not turn.history_replies:
        return None
    last = f"{turn.history_users[-1] if turn.history_users else ''} {turn.history_replies[-1]}"
    named = {t for t, p in THINGS.items() if re.search(p, last, re.I)}
    if len(named) == 1 and len(turn.history_replies) >= 2:
        # two exchanges in a row that each set one thing ("히터 좀 올려줘", "라디오도 켜"): the
        # bare value may be for either
        before = f"{turn.history_users[-2] if len(turn.history_users) >= 2 else ''} " \
                 f"{turn.history_replies[-2]}"
        named |= {t for t, p in THINGS.items() if re.search(p, before, re.I)}
    # a terse report of the state set ("volume 18.") acts as much as "set the volume to 18"
    goes_ahead = acts_on_one(turn.reply, turn.user) or acts.reports_state(turn.reply)
    if not goes_ahead:
        return None
    # two warnings the last reply named ("타이어 공기압 경고, 워셔액 부족 알림"), one of them
    # switched off now
    warned = {re.sub(r"\s+", " ", m.group(0).strip().lower()) for m in WARNING.finditer(last)}
    if len(warned) >= 2:
        off = [w for w in sorted(warned) if w in re.sub(r"\s+", " ", turn.reply.lower())]
        if len(off) == 1:
            return f"the {off[0]}"
    if len(named) < 2:
        return None
    set_now = [t for t in named if re.search(THINGS[t], turn.reply, re.I)]
    return f"the {set_now[0]}" if len(set_now) == 1 else None


# Two things named, then one "it" to act on ("i saved the ferry ticket and the hotel booking,
# send it to arben", "등대랑 소망우체통 사진 찍었는데, 그거 언니한테 보내 줘")
TWO_THEN_IT = re.compile(
    r"\bthe (?P<a>[\w'’-]+(?: [\w'’-]+)?) and (?:the |my |our )?(?P<b>[\w'’-]+(?: [\w'’-]+)?)\b"
    r"[^.?!]*?\b(?:send|share|forward|text|email|delete|open|show|play|print|upload) "
    r"(?:it|that|this one)\b"
    r"|(?<![가-힣])(?P<ka>[가-힣]{2,})(?:랑|하고|와|과) (?P<kb>[가-힣]{2,})[^.?!]*?"
    r"(?:그거|그것|그걸|이거)",
    re.I)


def one_of_two(turn: TurnInput) -> str | None:
    """The driver named two things and asked for "it", and the reply acts on one of them
    without asking which: the one it chose."""
    m = TWO_THEN_IT.search(turn.user)
    if m is None:
        return None
    if not (acts_on_one(turn.reply, turn.user) or DONE_ALREADY.search(turn.reply)):
        return None
    a, b = (m.group("a") or m.group("ka")), (m.group("b") or m.group("kb"))
    low = turn.reply.lower()
    heads = [without_particles(x.split()[-1].lower()) if is_korean(x) else x.split()[-1].lower()
             for x in (a, b)]
    said = [h for h in heads if h in low]
    if len(said) != 1 or "both" in low or "둘 다" in low:
        return None
    return f"the {[a, b][heads.index(said[0])]}"


def one_of_two_reading(turn: TurnInput, j: Judging) -> Judging:
    chosen = one_of_two(turn)
    why = f"'it' could be either thing the driver named; the reply acts on {chosen}"
    return acted_on(turn, j, "one_of_two", why if chosen else None)


# A warning or an alert named in a reply ("the tyre pressure warning", "워셔액 부족 알림")
WARNING = re.compile(r"(?<![가-힣])[가-힣]{2,6}(?: [가-힣]{2,6}){0,2} ?(?:경고|알림)"
                     r"(?=[이가을를은는랑와과도,.:\s*]|$)"
                     r"|\b(?:[a-z]+ ){1,3}(?:warning|alert)\b", re.I)


def it_reading(turn: TurnInput, j: Judging) -> Judging:
    chosen = it_of_two(turn)
    why = f"'it' could be either thing the last exchange set; the reply sets {chosen}"
    return acted_on(turn, j, "it_of_two", why if chosen else None)


# Two wishes of the climate that pull against each other in one request: a heating device
# switched off, or the air con turned up, and the car to be made warm ("시트 열선 끄고 따뜻하게
# 해 줘", "히터는 끄고 데워 줘", "에어컨 세게 틀어서 따뜻하게"), or the heating turned up and
# the car to be cooled ("히터 올리고 시원하게"), or the air con switched off and the car to be
# cooled ("에어컨 끄고 시원하게"); in English the same ("turn the heating off and warm it up").
_HEAT = r"(히터|열선|난방|온풍|heat(ing|er)?|seat heat\w*)"
_COOL = r"(에어컨|냉방|a/?c|air ?con\w*)"
_OFF_KO = r"(은|는|을|를)? ?(끄|꺼|끈|낮춰|낮추|줄여|약하게)"
_ON_KO = r"(은|는|을|를)? ?(세게|켜|틀어|올려|강하게|빵빵하게)"
# warm and cool in other words too ("히터 끄고 훈훈하게 해 줘", "선선하게")
_WARM = r"(따뜻하게|따뜻해|데워|데우|덥게|훈훈하게|훈훈해|포근하게|따스하게)"
_COLD = r"(시원하게|시원해|식혀|춥게|선선하게|서늘하게)"
OPPOSED = (
    re.compile(rf"{_HEAT}{_OFF_KO}[^.?!]*{_WARM}", re.I),
    re.compile(rf"{_COOL}{_ON_KO}[^.?!]*{_WARM}", re.I),
    re.compile(rf"{_HEAT}{_ON_KO}[^.?!]*{_COLD}", re.I),
    # the air con switched off and the car to be cooled ("에어컨 끄고 시원하게 해 줘")
    re.compile(rf"{_COOL}{_OFF_KO}[^.?!]*{_COLD}", re.I),
    re.compile(rf"\b(turn|switch|shut) (off )?(the )?{_HEAT}( off)?\b[^.?!]*\bwarm", re.I),
    re.compile(rf"\b(turn|switch|shut) (off )?(the )?{_COOL}( off)?\b[^.?!]*\bcool", re.I),
)


def opposed_wishes(user: str) -> bool:
    return any(p.search(user) for p in OPPOSED)


def opposed_climate(turn: TurnInput, j: Judging) -> Judging:
    """A request whose two wishes pull against each other (a heater off and the car warmed):
    its readings conflict. A question that asks which is open; an act on one of them, asking
    nothing, leaves the ambiguity unresolved."""
    if len(turn.requests) != 1 or turn.requests[0].simulated or not opposed_wishes(turn.user):
        return j
    v = j.verdicts[0]
    if v.labels - {F.REQUEST_OMITTED}:
        return j
    if "?" in turn.reply and not acts_on_one(turn.reply, turn.user) and not v.labels:
        why = "the request's two wishes conflict; the reply asks which is meant"
        return replace(j, verdicts=(decided(Outcome.OPEN, Cause.ASKS, "opposed_climate", why),
                                    *j.verdicts[1:]))
    if not (acts_on_one(turn.reply, turn.user) or acts.reports_state(turn.reply)):
        return j
    why = "the request's two wishes conflict (a heater off and the car warmed); the reply acts"
    return acted_on(turn, j, "opposed_climate", why)
