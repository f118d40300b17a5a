"""The rules over a whole turn, after each request has its verdict: which request a reply with
several requests left out, what the driver had to say again, plans spelled out in free text,
a fallback to an utterance no request records. Each reads the verdicts' causes and labels."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from icatest.contracts.labels import FailureMode as F
from icatest.judges.rules import acts, attribution, plans, talk
from icatest.judges.rules.constraints import constraints_in, is_deadline
from icatest.judges.rules.detail_rules import constraints_checked, missed_finding
from icatest.judges.rules.requests import RequestKind, is_continuation, request_kind
from icatest.judges.rules.text import clock, content_stems, names
from icatest.judges.rules.turn import Request, TurnInput
from icatest.judges.rules.verdicts import Cause, Finding, Outcome, RequestVerdict, failed


@dataclass(frozen=True)
class Judging:
    """The turn so far: one verdict per request, and findings tied to no request."""

    verdicts: tuple[RequestVerdict, ...]
    loose: tuple[Finding, ...] = ()


# Labels a request keeps whatever the other requests' answers say.
KEPT = frozenset({F.FALLBACK_RESPONSE, F.SAFETY_VIOLATION, F.CONTEXT_FORGOTTEN})
# Verdicts that do not credit the reply's content.
NOT_ON_THE_REPLY = frozenset({Cause.RECALLS, Cause.ASKS, Cause.REFUSED, Cause.CLOSING,
                              Cause.CONTINUES})


def _judged_on_the_reply(req: Request, v: RequestVerdict, turn: TurnInput) -> bool:
    """Verdicts that credited the reply's content (not a refusal, question or fixed act)."""
    if v.outcome is Outcome.OPEN or req.unsafe or acts.is_closing(req.description):
        return False
    # a short follow-up continues the talk so far; with no talk so far ("Turn on the
    # headlights and find a hotel") it is a request of its own
    if is_continuation(req.description) and turn.history_users:
        return False
    if request_kind(req.description) is RequestKind.UNSAFE:
        return False
    if v.cause is Cause.RECALLS:
        return False  # "same destination as before" is answered by the other request's route
    return not v.labels & KEPT


def left_out(turn: TurnInput, j: Judging) -> Judging:
    """With several requests, one the reply does not speak to is omitted, however much the
    reply's evidence would credit it on its own; a question about one request does not handle
    the others."""
    if len(turn.requests) < 2:
        return j
    spoken = attribution.addressed(turn.requests, turn.reply, turn.user)
    if not any(spoken):
        return j
    out = []
    for r, v, about in zip(turn.requests, j.verdicts, spoken, strict=True):
        asks_other = v.outcome is Outcome.OPEN and v.cause is Cause.ASKS
        if not about and (_judged_on_the_reply(r, v, turn) or asks_other):
            why = f"[{r.description}] the reply answers another request of the turn, not this one"
            v = failed(F.REQUEST_OMITTED, Cause.LEFT_OUT, "left_out", why)
        out.append(v)
    return replace(j, verdicts=tuple(out))


def stale_constraints(turn: TurnInput, j: Judging) -> Judging:
    """An earlier answer repeated to a free-text request is held to the request's constraints
    too: the repeated route may also break what the driver asks now."""
    out = []
    for r, v in zip(turn.requests, j.verdicts, strict=True):
        if v.cause is Cause.STALE and not r.simulated:
            missed, _ = constraints_checked(r, turn)
            if missed:
                v = v.adding(missed_finding(missed, f"[{r.description}]", "stale_constraints"))
        out.append(v)
    return replace(j, verdicts=tuple(out))


def _forgotten(v: RequestVerdict, why: str, cause: Cause, rule: str) -> RequestVerdict:
    return v.adding(Finding(F.CONTEXT_FORGOTTEN, cause, rule, why))


def _own_constraints(r: Request, turn: TurnInput) -> set[str]:
    """The constraints the request itself states, or the utterance that raised it, or an
    earlier utterance that asked for the same place ("take me to Marienplatz, and avoid tolls",
    then "replace the destination with Marienplatz")."""
    own = {*r.constraints, *constraints_in(r.description), *constraints_in(turn.user)}
    places = {n.lower() for n in names(f"{r.description} {turn.user}")}
    for said in turn.history_users:
        if places & {n.lower() for n in names(said)}:
            own |= set(constraints_in(said))
    return own


def preference_said_before(turn: TurnInput, j: Judging) -> Judging:
    """A constraint of a free-text request that the reply misses, stated by the driver on an
    earlier turn, is also forgotten context (the rubric's 'a preference, a time' established
    earlier). The simulator's own targets keep the reference assistant's oracle convention: an
    ignored constraint is constraint_missed alone."""
    out = []
    for r, v in zip(turn.requests, j.verdicts, strict=True):
        if v.missed and not r.simulated and F.CONTEXT_FORGOTTEN not in v.labels:
            told = talk.said_before(v.missed, turn)
            if told:
                why = f"[{r.description}] the driver said it earlier: {told}"
                if not set(v.missed) & _own_constraints(r, turn):
                    # said only on an earlier turn ("keep me off toll roads today", then "route
                    # to Takayama"): the context forgotten, not a constraint of this request
                    v = replace(v, findings=tuple(f for f in v.findings
                                                  if f.label is not F.CONSTRAINT_MISSED))
                v = _forgotten(v, why, Cause.SAID_AGAIN, "preference_said_before")
        out.append(v)
    return replace(j, verdicts=tuple(out))


def raised_before(turn: TurnInput) -> bool:
    """The driver's words now all come from an earlier utterance whose reply said none of them
    ("and the chippy?" after "turn the heating up and find a chippy open late" was answered
    with the heating only): the driver raises again what was left out."""
    now = content_stems(turn.user)
    if not now:
        return False
    return any(now <= content_stems(u) and not now & content_stems(a)
               for u, a in zip(turn.history_users, turn.history_replies, strict=False))


def asked_again(turn: TurnInput, j: Judging) -> Judging:
    """A free-text request left out that the driver raised on an earlier turn and asks for
    again, or asked with a preference already stated on an earlier turn: the assistant made the
    driver say it again (context_forgotten). The simulator's own targets keep the oracle's
    convention: request_omitted (or fallback_response) alone."""
    out = []
    for r, v in zip(turn.requests, j.verdicts, strict=True):
        labels = v.labels
        if (not r.simulated and F.CONTEXT_FORGOTTEN not in labels
                and labels & {F.REQUEST_OMITTED, F.FALLBACK_RESPONSE}):
            d = f"[{r.description}]"
            again = talk.said_before(tuple(constraints_in(turn.user)), turn)
            if r.later_turn or raised_before(turn):
                why = f"{d} asked for on an earlier turn and left out again"
                v = _forgotten(v, why, Cause.ASKED_AGAIN, "asked_again")
            elif again:
                why = f"{d} left out though the driver says again: {again}"
                v = _forgotten(v, why, Cause.SAID_AGAIN, "asked_again")
        out.append(v)
    return replace(j, verdicts=tuple(out))


def free_text_plan(turn: TurnInput, j: Judging) -> Judging:
    """A plan the utterance spells out ("X, then Y, then Z") with no structured stops: a stop
    left out, the stops in another order, or times that cannot be."""
    if not _plan_judged(turn, j):
        return j
    now = clock(turn.situation.time) if turn.situation.time else None
    gap = plans.plan_gap(turn.user, turn.reply, now)
    if gap is None:
        return _deadline_ignored(turn, j) if _is_plan(turn) else j
    first = j.verdicts[0]
    if F.FALLBACK_RESPONSE in first.labels or first.cause is Cause.ECHO:
        return j  # "I can only add one stop at a time", or a parrot, plans nothing
    cause, text = gap
    if cause is Cause.NO_PLAN:
        return j  # free_text_plan_missing
    why = f"[{turn.requests[0].description}] {text}"
    # a plan's deadline missed is planning_poor alone, whatever else the plan gets wrong
    first = replace(first, findings=tuple(f for f in first.findings if not _deadline_only(f)))
    v = first.adding(Finding(F.PLANNING_POOR, cause, "free_text_plan", why))
    return replace(j, verdicts=(v, *j.verdicts[1:]))


def free_text_plan_missing(turn: TurnInput, j: Judging) -> Judging:
    """A 'then' plan answered with no plan at all (talk of one stop's kind, a question back):
    no poor plan, and no deadline missed by a plan never made. What else the reply did wrong
    stands; if nothing, the plan asked for was left out."""
    if not _plan_judged(turn, j):
        return j
    first = j.verdicts[0]
    if F.FALLBACK_RESPONSE in first.labels or first.cause is Cause.ECHO:
        return j
    now = clock(turn.situation.time) if turn.situation.time else None
    gap = plans.plan_gap(turn.user, turn.reply, now)
    if gap is None or gap[0] is not Cause.NO_PLAN:
        return j
    first = replace(first, findings=tuple(f for f in first.findings if not _deadline_only(f)))
    if not first.labels:
        why = f"[{turn.requests[0].description}] {gap[1]}"
        first = first.adding(
            Finding(F.REQUEST_OMITTED, Cause.NO_PLAN, "free_text_plan_missing", why))
    return replace(j, verdicts=(first, *j.verdicts[1:]))


def _plan_judged(turn: TurnInput, j: Judging) -> bool:
    """A free-text plan the TURN rules read: no structured stops, the first request decided
    and safe."""
    if not turn.requests or any(r.slot("stops") for r in turn.requests):
        return False
    return j.verdicts[0].outcome is not Outcome.OPEN and not turn.requests[0].unsafe


def _is_plan(turn: TurnInput) -> bool:
    return bool(plans.stops_in(turn.user) or plans.listed_stops(turn.user))


def _deadline_ignored(turn: TurnInput, j: Judging) -> Judging:
    """A plan whose stops are all there but whose deadline the reply says nothing about: the
    plan ignores the deadline (planning_poor), not a constraint of its own."""
    first = j.verdicts[0]
    if F.FALLBACK_RESPONSE in first.labels or first.cause is Cause.ECHO:
        return j
    late = [f for f in first.findings if _deadline_only(f)]
    if not late:
        return j
    kept = tuple(f for f in first.findings if not _deadline_only(f))
    why = f"[{turn.requests[0].description}] plan says nothing of the deadline: " + late[0].why
    v = replace(first, findings=kept).adding(
        Finding(F.PLANNING_POOR, Cause.MISSED_CONSTRAINT, "free_text_plan", why))
    return replace(j, verdicts=(v, *j.verdicts[1:]))


def _deadline_only(f: Finding) -> bool:
    return f.label is F.CONSTRAINT_MISSED and bool(f.constraints) and all(
        is_deadline(c) for c in f.constraints
    )


def unrecorded_fallback(turn: TurnInput, j: Judging) -> Judging:
    """The driver asked for something no request records; "couldn't fetch that" fails it."""
    if turn.requests or not acts.is_fallback(turn.reply) or acts.is_closing(turn.user):
        return j
    why = "generic fallback instead of an answer to the utterance"
    finding = Finding(F.FALLBACK_RESPONSE, Cause.UNRECORDED_FALLBACK, "unrecorded_fallback", why)
    return replace(j, loose=(*j.loose, finding))


# "Take me there", "navigate to that one": a reference that picks nothing out by itself.
BARE_REFERENCE = re.compile(
    # also "take me over there", "get us there"
    r"\b(((take|get|bring) (me|us)|go|navigate|drive|head)( over)? there|that one|this one|"
    r"that place|(to|for) it|"
    # the place named by the driver's own saying of it ("book the place i said")
    r"the (place|one|spot|restaurant|hotel|cafe) (i|we) (said|mentioned|told you( about)?|picked|"
    r"chose))\b", re.I
)
# Words that do pick one out: "the first one", "the closest", "the Italian one".
PICKS_ONE = re.compile(
    r"\b(first|second|third|last|closest|nearest|cheapest|fastest|best|top|other|same|"
    r"previous|earlier|italian|indian|asian|thai)\b", re.I
)

# a street named with its word last ("Leopoldstraße", "Frazier Avenue") or first, as Latin
# languages name them ("Via Palmieri", "Rue de la Paix", "Calle Mayor")
STREET = re.compile(r"(stra(ss|ß)e|street|\bst|road|avenue|platz|weg|allee|ring)$"
                    r"|^(via|viale|corso|rue|avenue|boulevard|calle|avenida|rua|ulica) ", re.I)


def ambiguous_reference(turn: TurnInput, j: Judging) -> Judging:
    """The rubric's first case of ambiguity in free text: the last reply offered several named
    places, the driver refers to one without saying which ('take me there'), and the reply
    starts a route to one of them without asking."""
    if len(turn.requests) != 1 or turn.requests[0].simulated or not turn.history_replies:
        return j
    v, user = j.verdicts[0], turn.user
    if v.outcome is not Outcome.COMPLETED or not BARE_REFERENCE.search(user):
        return j
    earlier = names(" ".join(turn.history_users))
    offered = sorted(n for n in names(turn.history_replies[-1]) - earlier if not STREET.search(n))
    said = user.lower()
    if len(offered) < 2 or any(n in said for n in offered) or PICKS_ONE.search(said):
        return j
    low = turn.reply.lower()
    chosen = [n for n in offered if n in low]
    if len(chosen) != 1 or "?" in turn.reply or not acts.confirms_action(turn.reply):
        return j
    why = (f"[{turn.requests[0].description}] the last reply offered {len(offered)} places; "
           f"the reply picks {chosen[0]!r} without asking which")
    v = v.adding(Finding(F.AMBIGUITY_UNRESOLVED, Cause.ACTED_ON_AMBIGUITY,
                         "ambiguous_reference", why))
    return replace(j, verdicts=(v, *j.verdicts[1:]))


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
                r"|\bwe'?re (all )?(vegetarian|vegan)s?\b"
                r"|채식(주의자|해|만 해|합니다)|비건이|고기(를|는)? 안 먹", re.I),
     re.compile(r"\b(steak\w*|bbq|barbecue|burger|butcher\w*|schnitzel|wurst\w*|"
                r"bratwurst\w*|chicken|pork|schweinshax\w*|ribs|pulled pork|kebab|doner|"
                r"brisket|veal|lamb|ham|jam[oó]n|beef|chorizo|salami|prosciutto|sausages?|"
                r"meatballs?|asador|carnitas|"
                # cuts and dishes that are meat whatever the menu ("dry-aged côte à l'os")
                r"dry-?aged|ribeye|rib-eye|sirloin|t-bone|wagyu|entrec[oô]te|c[oô]te [aà] l'os|"
                r"tonkatsu|yakitori|shawarma|gyros|souvlaki|bacon|pepperoni|venison|duck)\b"
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
    # no seafood ("오늘은 해산물 말고", "I can't eat shellfish")
    (re.compile(r"\bno (sea ?food|shellfish|fish)\b|\b(don'?t|do not|can'?t|cannot) (eat|have) "
                r"(sea ?food|shellfish|fish)\b|\ballergic to (shellfish|sea ?food|fish)\b"
                r"|\b(shellfish|sea ?food) allerg\w*|해산물 ?(말고|빼고|은 안|는 안|못 먹|안 먹)"
                r"|(해산물|갑각류|조개) ?알레르기"
                # raw fish, the word alone ("오늘은 회 말고 고기"; not 회의, 회사)
                r"|(?<![가-힣])회 ?(말고|빼고|는 안|는 말고|못 먹|안 먹)"
                # the same said as a favour asked ("회는 빼 주세요")
                r"|(?<![가-힣])회(는|를)? ?빼 ?(줘|주세요|주십시오)", re.I),
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
                r"|(발목|무릎|다리|허리)(을|를|이|가)? ?(삐|다쳐|다쳤|아파|안 좋)"
                r"|(많이|오래|멀리) 못 걸",
                re.I),
     re.compile(r"\b(hike|hiking|trek\w*|\d+(?:[.,]\d+)? ?(km|mi|miles?) (walk|hike|trail|loop|"
                r"round trip|on foot|climb)|(walk|climb|hike) (up|down) to|\d+[- ](hour|hr) (walk|"
                r"hike|trail|loop|climb)|steep (climb|path|trail|steps))\b"
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


def established_fact(turn: TurnInput, j: Judging) -> Judging:
    """What the driver explicitly established on an earlier turn (an electric car, no meat)
    and the reply's offer plainly goes against, though the driver does not say it again now:
    context_forgotten."""
    if not turn.requests or not turn.history_users:
        return j
    found = fact_against(turn.reply, " ".join(turn.history_users), not_in=turn.user)
    if found is None or F.CONTEXT_FORGOTTEN in j.verdicts[0].labels:
        return j
    fact, offered = found
    why = f"[{turn.requests[0].description}] {fact} (said earlier), but the reply offers " \
          f"{offered!r}"
    v = j.verdicts[0].adding(Finding(F.CONTEXT_FORGOTTEN, Cause.FORGOT, "established_fact", why))
    return replace(j, verdicts=(v, *j.verdicts[1:]))


def fact_against(reply: str, said_in: str, not_in: str = "") -> tuple[str, str] | None:
    """A fact of `FACTS` the driver states in `said_in` (and not in `not_in`) that the reply's
    offer goes against, with no refusal and no word that heeds it: (the fact, what is offered)."""
    if acts.is_refusal(reply):
        return None
    for said, against, fact, heeds in FACTS:
        hit = against.search(reply)  # the short text first: most replies offer nothing
        if (hit and said.search(said_in) and not (not_in and said.search(not_in))
                and not heeds.search(reply) and not SET_AGAINST.match(reply[hit.end():])):
            return fact, hit.group(0)
    return None


# What the offer is set against, not what it is ("항구 앞은 거의 다 횟집인데 여기는 국밥만 해요",
# "the harbour is all seafood, but this one does burgers")
SET_AGAINST = re.compile(r"[^.?!]{0,12}?(인데|이지만|지만|이라서 피했|말고)"
                         r"|[^.?!]{0,30}?,? (but|whereas) (this|that|here|the one|it)\b", re.I)
