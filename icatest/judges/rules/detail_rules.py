"""The rules for a request the reply answers: is every stop planned in order, every constraint
honoured? Each returns its findings; a finding without a label is a reason to abstain."""

from __future__ import annotations

from icatest.contracts.labels import FailureMode as F
from icatest.judges.rules import plans, talk
from icatest.judges.rules.checked import Check
from icatest.judges.rules.constraints import check_constraint
from icatest.judges.rules.families import FAMILIES
from icatest.judges.rules.lacking import features_lacked
from icatest.judges.rules.request_rules import Reading
from icatest.judges.rules.text import any_match, clock
from icatest.judges.rules.turn import Request, TurnInput
from icatest.judges.rules.verdicts import Cause, Finding, RequestVerdict, failed


def _plan(r: Reading) -> tuple[Cause, str] | None:
    if not plans.asks_for_plan(r.req, r.kind, r.turn.user):
        return None
    return plans.plan_problem(r.req, r.turn.reply)


def plan_missing(r: Reading) -> RequestVerdict | None:
    """A decision, not a detail: a plan with none of its stops is no plan at all."""
    problem = _plan(r)
    if problem is None or problem[0] is not Cause.NO_PLAN:
        return None
    why = f"{r.d} no stop of the plan is in the reply"
    return failed(F.REQUEST_OMITTED, Cause.NO_PLAN, "plan_missing", why)


def plan_stops(r: Reading, found: tuple[Finding, ...]) -> list[Finding]:
    problem = _plan(r)
    if problem is not None:
        return [Finding(F.PLANNING_POOR, problem[0], "plan_stops", f"{r.d} {problem[1]}")]
    late = _late_in_plan(r)
    if late is None:
        return []
    return [Finding(F.PLANNING_POOR, Cause.INFEASIBLE, "plan_stops", f"{r.d} {late[0]}", late[1])]


def _late_in_plan(r: Reading) -> tuple[str, tuple[str, ...]] | None:
    """A stop of a plan of several (the turn's requests) whose deadline the plan's arrival
    misses, with nothing said about it: the plan is infeasible, not one constraint missed."""
    if len(r.turn.requests) < 2:
        return None
    now = clock(r.turn.situation.time) if r.turn.situation.time else None
    late = {c: got.reason for c in talk.request_constraints(r.req, r.turn)
            if (got := check_constraint(c, r.turn.reply, now)).late}
    if not late:
        return None
    why = "; ".join(f"{c} ({reason})" for c, reason in late.items())
    return f"the plan arrives after the deadline: {why}", tuple(late)


# Constraints a reply usually honours without a word: their absence is no evidence of a miss.
# The simulator's own targets keep the reference oracle's convention (said, or missed).
SILENT = frozenset({"fastest"})
# ... and a route preference, when the reply describes no route at all ("I'll take you to
# Starnberg"): which roads the route takes is not said, so it is not plain evidence either way.
ROUTE_PREFERENCES = ("avoid_highways", "avoid_tolls")


def _silent(c: str, reply: str) -> bool:
    if c in SILENT:
        return True
    prefers = any(any_match(FAMILIES[n].asks, c.lower()) for n in ROUTE_PREFERENCES)
    return prefers and not any_match(talk.SHOWS_ROUTE, reply.lower())


def constraints_checked(
    req: Request, turn: TurnInput, *, dropped_stop: bool = False
) -> tuple[dict[str, str], list[str]]:
    """The request's constraints the reply misses (with why) and those the judge cannot read."""
    now = clock(turn.situation.time) if turn.situation.time else None
    missed: dict[str, str] = {}
    unknown: list[str] = []
    for c in talk.request_constraints(req, turn):
        got = check_constraint(c, turn.reply, now)
        if got.absent and _silent(c, turn.reply) and not req.simulated:
            # a route set without a word on traffic may well be the fastest: no plain evidence
            unknown.append(f"{c}: the reply does not say which route it picked")
        elif got.check is Check.MISSED and not (dropped_stop and got.absent):
            missed[c] = got.reason  # a dropped stop takes its evidence with it
        elif got.check is Check.UNKNOWN:
            unknown.append(got.reason)
    return missed, unknown


def missed_finding(missed: dict[str, str], d: str, rule: str = "constraints") -> Finding:
    missing = "; ".join(f"{c} ({why})" for c, why in missed.items())
    why = f"{d} constraint(s) not honoured: {missing}"
    return Finding(F.CONSTRAINT_MISSED, Cause.MISSED_CONSTRAINT, rule, why, tuple(missed))


def constraints(r: Reading, found: tuple[Finding, ...]) -> list[Finding]:
    dropped = any(f.cause is Cause.DROPPED_STOP for f in found)
    missed, unknown = constraints_checked(r.req, r.turn, dropped_stop=dropped)
    if not r.req.simulated and not dropped:
        asked = tuple(talk.request_constraints(r.req, r.turn))
        missed |= features_lacked(r.req.description, r.turn.reply.lower(), asked)
    # a deadline the plan misses is the plan's finding (`plan_stops`)
    planned = {c for f in found if f.cause is Cause.INFEASIBLE for c in f.constraints}
    missed = {c: why for c, why in missed.items() if c not in planned}
    out = [missed_finding(missed, r.d)] if missed else []
    if unknown:
        out.append(Finding(None, Cause.UNREADABLE_CONSTRAINT, "constraints",
                           f"{r.d} {'; '.join(unknown)}"))
    return out
