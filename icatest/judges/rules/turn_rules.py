"""The rules over a whole turn, after each request has its verdict: which request a reply with
several requests left out, what the driver had to say again, plans spelled out in free text,
a fallback to an utterance no request records. Each reads the verdicts' causes and labels."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from icatest.contracts.labels import FailureMode as F
from icatest.judges.rules import acts, attribution, plans, talk
from icatest.judges.rules.checked import Check
from icatest.judges.rules.constraints import check_constraint, constraints_in, is_deadline
from icatest.judges.rules.detail_rules import constraints_checked, missed_finding
from icatest.judges.rules.driver_facts import fact_against
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


# A limit the driver set earlier that a reply's figures can break: a price ("keep it under 100 a
# night"), a walk, a distance, an hour to be open past, the vehicle's height or length ("the van
# is 3 m high").
MEASURED_LIMIT = re.compile(r"^(under|below|less than|at most|max|up to|no more than|within|"
                            r"open past|clearance over|fits a [\d.]+ m long vehicle)\b"
                            r"|\d\s?(원|만 ?원)\s?(이하|미만|까지)|넘어서도", re.I)


def limit_said_before(turn: TurnInput, j: Judging) -> Judging:
    """A limit the driver set on an earlier turn ("keep it under 100 a night"), not said again
    now, and the figures of the reply's offer plainly over it ("rooms from €240"):
    context_forgotten."""
    if not turn.requests or not turn.history_users or turn.requests[0].simulated:
        return j
    v = j.verdicts[0]
    if v.outcome is Outcome.OPEN or F.CONTEXT_FORGOTTEN in v.labels or v.missed:
        return j
    now = set(constraints_in(turn.user)) | set(turn.requests[0].constraints)
    said = [c for u in turn.history_users for c in constraints_in(u)
            if MEASURED_LIMIT.search(c) and c not in now]
    if not said:
        return j
    checked = check_constraint(said[-1], turn.reply, clock(turn.situation.time)
                               if turn.situation.time else None)
    if checked.check is not Check.MISSED or checked.absent:
        return j
    why = f"[{turn.requests[0].description}] the driver said earlier: {said[-1]} ({checked.reason})"
    v = v.adding(Finding(F.CONTEXT_FORGOTTEN, Cause.FORGOT, "limit_said_before", why))
    return replace(j, verdicts=(v, *j.verdicts[1:]))
