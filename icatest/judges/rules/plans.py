"""Plans. Structured stops (a target's `stops` slot): every stop named in the reply, in the
order asked, when the utterance asks for the plan. Plans in free text: "Coffee at the campus,
then the stadium, then the airport": when a driver's utterance lists stops in order and no
request carries them as structured stops (a log or a `judge turns` line), a reply that leaves a
stop out is a poor plan."""

from __future__ import annotations

import re

from icatest.judges.rules.constraints import AFTER, without_hours
from icatest.judges.rules.context import mentions
from icatest.judges.rules.errands import (
    HANGUL_WORD,
    KO_ERRANDS,
    errand_words,
    is_place,
    starts_word,
)
from icatest.judges.rules.place_kinds import PLACE_KINDS, place_kind
from icatest.judges.rules.plan_steps import lays_out, reply_steps
from icatest.judges.rules.plan_times import deadline_in, infeasible_times, late_arrival, states_late
from icatest.judges.rules.requests import RequestKind, goes, request_kind
from icatest.judges.rules.text import (
    any_match,
    content_stems,
    minutes_of,
    names,
    stem,
)
from icatest.judges.rules.turn import Request
from icatest.judges.rules.verdicts import Cause

THEN = re.compile(r"\b(?:and )?then\b|\bafter that\b|\bfollowed by\b|\bbefore (?:heading|going)\b"
                  # Korean: '은행 들렀다가 약국 가고, 그다음 집으로': stop after stop
                  r"|들렀다가|들렀다 ?가|들른 ?다음에?|갔다가|거쳐서|가고\b|그 ?다음에?|"
                  r"그리고 나서|그러고 나서|다음으로|"
                  # an errand done and on to the next ('애 학교 데려다주고 9시까지 시청')
                  r"(?<=데려다)주고[\s,]|(?<=데려다 )주고[\s,]|"
                  r"(?<=내려)주고[\s,]|(?<=내려 )주고[\s,]|"
                  r"(?<=태우)고[\s,]|(?<=픽업하)고[\s,]|(?<=맡기)고[\s,]|(?<=넣)고[\s,]|"
                  r"(?<=주유하)고[\s,]|(?<=충전하)고[\s,]|"
                  # a place dropped in on and on to the next ('쌍계사 먼저 들르고, 최참판댁')
                  r"(?<=들르)고[\s,]|"
                  # a meal and on to the next ('대게 먹고 7시까지 동해역'), a ride taken and then
                  # a comma ('케이블카 타고, 점심은 …'; not '버스 타고 가자', the way to go)
                  r"(?<=먹)고[\s,]|(?<=타)고,\s|"
                # a sight seen and on to the next ('공산성 들렀다가 무령왕릉 보고 12시 반까지 시장')
                r"(?<=[가-힣] )보고[\s,]|(?<=구경하)고[\s,]|"
                  # a walk taken and on to the next ('솔향기길 좀 걷고, 5시까지 숙소')
                  r"(?<=걷)고[\s,]|(?<=산책하)고[\s,]|"
                  # a bridge crossed, a photo taken ('출렁다리 건너고, 마지막에 고택')
                  r"(?<=건너)고[\s,]|(?<=찍)고[\s,]|"
                  # '초코파이 산 다음에 전주역': after doing one, the next (a comma after it
                  # too: '운림산방 구경한 다음에, 5시 전에 …')
                  r"(?<=[가-힣]) 다음에[\s,]", re.I)
# A Korean verb of stopping somewhere between the parts: what comes before it is a place
# visited, named or not ('이성당 들렀다가 은파호수공원 가고 그다음 숙소').
KO_VISIT = re.compile(r"들렀다가|들렀다 ?가|들른 ?다음에?|들르고\b|갔다가|거쳐서|가고\b|먹고\b|"
                      r"타고,|"
                      r"태우고\b|내려 ?주고\b|데려다 ?주고\b")
GOING = re.compile(r"\b(drop me|drop us|drop (my|the|off)|stop at|swing by|pop by|pick up|take us|"
                   r"get me)\b", re.I)
# (words of time like 'before' name no stop: "fits before 21:00" is not the Hilton before 9)
# Several errands in one breath, in no stated order: "the post office, fuel and the Arena".
LISTED = re.compile(r",\s*(?:and\s+)?|\s+and\s+|\s*그리고\s*", re.I)
FILLER = frozenset(
    stem(w)
    for w in """first finally stop stops hit grab visit pick map plan route trip quick quickly
    just go head drive way straight nav navigation schnell fast asap possible feasible still
    make sure before after until need""".split()
)


def stops_in(utterance: str) -> list[str]:
    """The stops of a free-text plan, in order ([] when the utterance is not a plan)."""
    parts = [p.strip(" ,.;:!?-—") for p in THEN.split(utterance)]
    if len(parts) > 1:
        # the last part's "…, need to be in modane by 15:00": the destination a stop of its own
        parts = [*parts[:-1], *(p.strip(" ,.;:!?-—") for p in BE_THERE.split(parts[-1], 1))]
        # ... and "…, then Roussanou, and lunch in Kastraki": two stops
        parts = [*parts[:-1], *(p.strip(" ,.;:!?-—") for p in AND_LAST.split(parts[-1], 1))]
        # ... and "…, then the springs at vevčani. back at the hotel in struga by 5": a sentence
        # after the last stop that says where or when is a stop of its own
        last, *after = SENTENCE_AFTER.split(parts[-1])
        parts = [*parts[:-1], last.strip(" ,.;:!?-—"),
                 *(a.strip(" ,.;:!?-—") for a in after if _placed_or_timed(a))]
    # errands listed before a 'then' are stops in that order; a list with no 'then' has none
    stops = [q for p in parts for q in (_errands_of(p) if len(parts) > 1 else [p]) if _stems(q)]
    if len(stops) < 2:
        return []
    if request_kind(utterance) is RequestKind.PLAN or all(is_place(s) for s in stops):
        return stops  # a plan in words, or a 'then' between places whatever the verbs
    if len(THEN.findall(utterance)) >= 2 and not any(TALK.search(s) for s in stops):
        return stops  # "mirror lakes, then the chasm, then the 13:00 cruise": two 'then's
    if len(stops) >= 3 and (goes(utterance) or GOING.search(utterance)):
        return stops  # "drop me at the pharmacy, then the library, then the concert hall"
    placed = sum(is_place(s) or bool(LOCATIVE.search(s)) for s in stops)
    if len(stops) >= 3 and placed >= 2 and not any(TALK.search(s) for s in stops):
        return stops  # "gas in canmore, then lunch in banff, then the gondola by 1 pm"
    if len(stops) >= 3 and KO_VISIT.search(utterance):
        return stops  # three Korean stops, one of them stopped at on the way
    if len(stops) >= 3 and deadline_in(utterance, None) and not any(TALK.search(s) for s in stops):
        return stops  # "ski hire, then the chocolate shop, then the railway by 11": timed stops
    return []


SENTENCE_AFTER = re.compile(r"(?<=\w)\.\s+(?=\w)")


def _placed_or_timed(sentence: str) -> bool:
    """Said where: a place ("back at the hotel in struga by 5", "whale boat leaves grande-grave
    at 4"), not only when ("handover is 9:30", "check-in closes 9:40")."""
    if LOCATIVE.search(sentence) or LEAVES_FROM.search(sentence):
        return True
    timed = minutes_of(sentence) or deadline_in(sentence, None)
    return not timed and is_place(sentence)  # "check-in closes 9:40": when, not where


LEAVES_FROM = re.compile(r"\b(?:leaves|departs|sails)\s+(?:from\s+)?(?!at\b)[\w'’-]{3,}", re.I)


# The last stop after a comma and "and" ("…, then Roussanou, and lunch in Kastraki by 13:00")
AND_LAST = re.compile(r",\s*and\s+(?=\w)")


# Where the plan must end, said after its last stop: "…, need to be in modane by 15:00",
# "…, and we must be at our ryokan by 16:00".
BE_THERE = re.compile(r"(?:,|\s[—–-])?\s*(?:and\s+)?(?:(?:we|i)\s+)?(?:(?:need|have|got)\s+to|must)"
                      r"\s+be\s+(?:back\s+)?(?=(?:at|in)\b)"
                      # "…, back here by 20:00", "…, with dinner in Whitianga by 19:00": the
                      # way home, the meal's place, a stop of its own
                      r"|(?:,|\s[—–-])\s*(?:and\s+)?(?=back\s+(?:here|to|at|in)\b)"
                      r"|,\s*(?:and\s+)?(?=with\s+(?:dinner|lunch|breakfast|supper)\s+(?:in|at)\b)",
                      re.I)


# Where a stop is, said in lowercase ("lunch in banff"); errands that are talk, not stops.
LOCATIVE = re.compile(r"(?<!-)\b(in|at) (?!the\b|a\b|an\b|my\b)[a-z]{3,}", re.I)
TALK = re.compile(r"\b(call|ring|text|message|email|remind|play|tell|read|send)\b", re.I)


# An errand said as what to do there: "Stop at the SAQ for wine, pick up Marie at the station".
ERRAND_VERB = re.compile(r"^(?:and\s+)?(?:stop|drop|pick|grab|buy|collect|fill|fetch|swing|pop|"
                         r"charge|get|refuel|top up)\b", re.I)
# Where an errand is done, said in lowercase ("from the plunket rooms", "at the z on rocks rd")
AT_PLACE = re.compile(r"\b(at|from|in) (the )?[a-z]{2,}", re.I)


# A plan asked for by name before its stops ("Plan our day: the chapel, the Devil's Punchbowl
# walk, Cave Stream, then Castle Hill")
PLAN_HEADING = re.compile(r"^\W*(?:please |can you |could you )?(?:plan|map out|work out|sort out|"
                          r"line up) (?:it|this|(?:our|the|my|a) (?:day|trip|afternoon|morning|"
                          r"evening|route|drive))\s*[:?]\s*", re.I)


def _errands_of(part: str) -> list[str]:
    """The errands a part between two 'then's lists ("Stop at the SAQ for wine, pick up Marie
    at the Gare du Palais, then ..."): each begins with the verb of its errand, or (after a
    plan's heading) each is a place; else the part."""
    headed = PLAN_HEADING.match(part)
    body = part[headed.end():] if headed else part
    pieces = [p.strip(" ,.;:!?-—") for p in re.split(r",\s*", body)]
    if len(pieces) > 1 and all(ERRAND_VERB.match(p) and (is_place(p) or AT_PLACE.search(p))
                               for p in pieces):
        return pieces
    # (a plan asked for by name, "plan it: fish lunch at the wharf, the manoir, then ...":
    # whatever its pieces are called, they are its stops)
    if headed and len(pieces) > 1 and not any(TALK.search(p) for p in pieces):
        return pieces
    # places listed, each said where it is ("truffle shop in livade, the wine cellar at kanal")
    if len(pieces) > 1 and all(AT_PLACE.search(p) and (is_place(p) or LOCATIVE.search(p))
                               and not TALK.search(p) for p in pieces):
        return pieces
    return [part]


def listed_stops(utterance: str) -> list[str]:
    """Three or more errands listed without 'then' ("drop a parcel at the post office, get fuel
    and be at the Arena by 7"): stops to keep, in no stated order."""
    if stops_in(utterance):
        return []
    # the stops named as such before a colon ("Three stops before we check in at 6: a fruit
    # stand, a winery and the trestle"): the list after it, whatever its words
    named = STOPS_COLON.match(utterance)
    if named:
        listed = [p.strip(" ,.;:!?-—") for p in _listed_parts(named.group("list"))]
        if len([p for p in listed if _stems(p)]) >= 2:
            return [p for p in listed if _stems(p)]
    parts = [p.strip(" ,.;:!?-—") for p in _listed_parts(utterance)]
    stops = [p for p in parts if _stems(p)]
    if len(stops) >= 3 and all(is_place(s) for s in stops):
        return stops
    return []


def _ends_at(utterance: str) -> bool:
    named = STOPS_COLON.match(utterance)
    head = utterance[:named.start("list")] if named else ""
    return re.search(r"\b(before|then)\b[^:]*\b(at|to|in) (our|the|my) ", head, re.I) is not None


STOPS_COLON = re.compile(r"^[^:]{0,80}\b(stops|places|errands)\b[^:]{0,60}:\s*(?P<list>[^:]+)$",
                         re.I)


def _listed_parts(utterance: str) -> list[str]:
    """The items of a list: a comma list's items keep the 'and' inside them ("get fish and
    chips in Petone, and be at the terminal by 10:30"); only its last item, when no 'and'
    opens it, may hold the list's own ("A, B and C"). Without commas every 'and' splits."""
    pieces = re.split(r",\s*", utterance)
    if len(pieces) < 2:
        return LISTED.split(utterance)
    last = pieces[-1]
    if re.match(r"\s*and\s", last, re.I):
        return [*pieces[:-1], re.sub(r"^\s*and\s+", "", last, flags=re.I)]
    return [*pieces[:-1], *LISTED.split(last)]


def _stems(part: str) -> set[str]:
    return content_stems(part) - FILLER - KO_FILLER


def _own_words(stop: str) -> set[str]:
    """The words that name the stop: not the numbers of its clock time ("the arena by 17:30"
    is not found in "propane 17:05")."""
    return {w for w in _stems(stop) if not w.isdigit()}


# Verbs and adverbs of going in a Korean plan ('집으로 가자'): the stop is '집'.
KO_FILLER = frozenset({"가", "오", "들르", "들리", "먼저", "바로", "그다음", "다음", "그리고",
                       "가자", "타", "순서"})


def _covers(reply: str, stop: str, others: tuple[str, ...] = ()) -> bool:
    """Whether the reply names the stop; a word the other stops share with it ('de' of 'Cité
    de l'Espace' and 'Route de Revel') tells neither apart."""
    low = reply.lower()
    if any(starts_word(low, w) >= 0 for w in errand_words(stop)):
        return True  # 'bank' in 'Pfandbriefbank', '은행' in '신한은행', 'Reinigung' for cleaning
    m = KO_ERRANDS.search(stop)
    if m:
        # a Korean stop is its place word; '집' that ends a longer word ('꼬막정식집',
        # '국밥집') is no home but a shop of that kind, named by the rest ('채동선로 꼬막정식')
        word = re.search(r"[가-힣]*$", stop[:m.start()])
        rest = word.group(0) if word and m.group(1) == "집" else ""
        return len(rest) >= 2 and rest in low
    head = _korean_head(stop)
    if head:
        # '이성당', '첨성대': the place's own name; a name after its town's ('보성녹차밭')
        # also by the rest ('녹차밭 2시 35분')
        return any(h in low or (len(h) >= 5 and h[2:] in low) for h in head)
    shared = set().union(*(_stems(o) for o in others))
    said = (_own_words(stop) - shared) & content_stems(reply)
    named = names(" " + stop)  # (its first word too: "Reed Lookout", not "lookout")
    if named and said <= SIGHT_WORDS and not any(n in low for n in named):
        # 'the Kawazu loop bridge' is not 'walk over the suspension bridge': a named stop is
        # found by its name, not by the kind of sight it shares with another place
        return False
    if said:
        return True
    if any(len(w) >= 3 and HANGUL_WORD.match(w) and w in low for w in _stems(stop)):
        return True  # '해수욕장' in '송정해수욕장': a Korean place inside a longer name
    if any(n in low for n in named):
        return True
    kind = place_kind(stop)
    if kind is None or any(place_kind(o) == kind for o in others):
        return False  # (its kind names another stop too: 'Reed Lookout' beside 'Boroka Lookout')
    return any(w in low for w in (kind, *PLACE_KINDS.get(kind, ())))


# The kinds of sight a day out names after a place's own name ("the Kawazu loop bridge").
SIGHT_WORDS = frozenset(stem(w) for w in """bridge coast lake falls waterfall cave beach bay point
    lookout overlook viewpoint trail park museum castle church harbour harbor island tower gorge
    valley pass village market garden gardens temple shrine loop sea river cove cliff cliffs
    view""".split())


def plan_gap(utterance: str, reply: str, now: int | None = None) -> tuple[Cause, str] | None:
    """What is wrong with the reply's plan for the utterance's stops: a stop left out, the
    stops in another order, clock times that cannot be (earlier than now, or going back), or
    an arrival after the driver's deadline presented as fine."""
    stops, ordered = stops_in(utterance), True
    if not stops:
        stops, ordered = listed_stops(utterance), False
    if not stops:
        return None
    if states_late(reply, deadline_in(utterance, now)):
        return None  # "you'd arrive 17:20, after your 5 pm; skip the coffee?" is honest
    missing = [s for s in stops if not _covers(reply, s, tuple(o for o in stops if o != s))]
    # the place the stops come before ("before we check in at our hotel at 6: …") is a step
    # of the reply's plan, and none of the stops
    steps = reply_steps(reply) - (1 if not ordered and _ends_at(utterance) else 0)
    # A reply that lays out fewer steps than the stops asked has dropped one, whatever it
    # calls them; one that lays out as many has dropped none ('Sparkasse' for the bank).
    # With no layout to count, its words decide (a reply that plans nothing leaves them out).
    if missing and (steps <= 1 or steps < len(stops)):
        if not lays_out(reply, steps):
            # talk of the zoo, a question back, words that plan nothing: no plan to call poor
            return Cause.NO_PLAN, "no plan laid out"
        return Cause.DROPPED_STOP, f"plan leaves out: {'; '.join(missing)}"
    where = [_position(reply, s, tuple(o for o in stops if o != s)) for s in stops]
    known = [w for w in where if w >= 0]
    # every stop found, or all but one (a stop in words the rules do not read): their order
    if ordered and len(known) >= max(2, len(stops) - 1) and known != sorted(known):
        return Cause.REORDERED, "plan visits the stops in another order than asked"
    # the driver's own deadline, quoted back ("well before your 6 pm"), is no step of the plan
    quoted = set(deadline_in(utterance, now) or ())
    times = without_hours(AFTER.sub(" ", reply))  # '오후 9시까지 영업' is no step
    return infeasible_times(times, now, quoted) or late_arrival(utterance, reply, now)


# "9 minutes from the post office": where a leg starts, not where the plan visits the stop
LEG_FROM = re.compile(r"\bfrom (?:the |your )?[^\n.,;:!?]*")


def _korean_head(stop: str) -> frozenset[str]:
    """What a Korean stop named without a place word is called: its nouns but the words of
    time and arriving ('은파호수공원', '구미역에서 동생' -> 구미역, 동생; '숙소에 밤 9시까지
    도착해야 돼' -> 숙소), or nothing for a stop in other letters."""
    return frozenset(w for w in content_stems(stop)
                     if len(w) >= 2 and HANGUL_WORD.match(w) and w not in KO_PLAN_NOISE)


# Words of a Korean plan's times and moves, no stop's name.
KO_PLAN_NOISE = frozenset({"도착", "출발", "저녁", "아침", "점심", "오전", "오후", "새벽", "시간",
                           "일정", "까지", "다음", "순서"})


def _position(reply: str, stop: str, others: tuple[str, ...] = ()) -> int:
    """Where the reply first speaks of the stop (its own words, a name, its kind), or -1; a
    word the other stops share with it places none of them."""
    low = LEG_FROM.sub(lambda m: " " * len(m.group(0)), reply.lower())
    spots = [low.find(n) for n in names(stop)]
    # no verb of going, nor 'next' ('다음 순서로 …'), nor a word another stop shares
    own = _own_words(stop) - KO_PLAN_NOISE - set().union(*(_stems(o) for o in others))
    for w in re.finditer(r"[\w'’-]+", low):
        if stem(w.group(0)) in own:
            spots.append(w.start())
            break
    kind = place_kind(stop)
    if kind:
        spots += [low.find(w) for w in (kind, *PLACE_KINDS.get(kind, ()))]
    spots += [starts_word(low, w) for w in errand_words(stop)]
    spots += [low.find(h) for h in _korean_head(stop)]
    found = [p for p in spots if p >= 0]
    return min(found) if found else -1


PLAN_WORDS = (r"\b(plan|trip|stops?|then|first|itinerary)\b",)


def asks_for_plan(req: Request, kind: RequestKind, user: str) -> bool:
    """The stops are held against the reply when the utterance asks for the plan: it names a
    stop or speaks of a plan, not when it only refines the destination ("About the Arena:
    avoid tolls")."""
    if kind is not RequestKind.PLAN:
        return False
    stops = _stops(req)
    return not stops or any_match(PLAN_WORDS, user.lower()) or any(mentions(user, s) for s in stops)


def plan_problem(req: Request, reply: str) -> tuple[Cause, str] | None:
    """What is wrong with the reply's plan for the request's structured stops: no stop at all,
    stops left out, or the order broken; None when it is right."""
    stops = _stops(req)
    if not stops:
        return None
    missing = [s for s in stops if not _names_stop(reply, s)]
    if len(missing) == len(stops) and not mentions(reply, req.slot("destination")):
        return Cause.NO_PLAN, "no stop planned"
    if missing:
        return Cause.DROPPED_STOP, f"plan leaves out {', '.join(missing)}"
    low = reply.lower()
    positions = [_first_word(low, s) for s in stops]
    if req.slot("destination"):  # the destination comes last: its last mention counts
        found = [m.start() for m in _word(req.slot("destination")).finditer(low)]
        positions.append(found[-1] if found else -1)
    known = [p for p in positions if p >= 0]
    if known != sorted(known):
        return Cause.REORDERED, "plan breaks the order the driver asked for"
    return None


def _stops(req: Request) -> list[str]:
    return [s.strip() for s in req.slot("stops").split(",") if s.strip()]


def _names_stop(reply: str, stop: str) -> bool:
    """A stop is in the plan when the reply names it, or all but one word of a longer name
    ("TUM main campus" for "TUM campus Garching")."""
    if mentions(reply, stop):
        return True
    stems = content_stems(stop)
    return len(stems) >= 3 and len(stems - content_stems(reply)) <= 1


def _word(phrase: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)" + re.escape(phrase.lower()) + r"(?!\w)")


def _first_word(low: str, phrase: str) -> int:
    m = _word(phrase).search(low)
    return m.start() if m else -1
